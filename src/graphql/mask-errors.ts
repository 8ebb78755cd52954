// Error masking: domain errors and GraphQL request errors reach clients with their code; a database
// outage is SERVICE_UNAVAILABLE; anything else is replaced by a generic message carrying an id, and
// logged in full under that id (details reach the client only with EXPOSE_ERROR_DETAILS=true).
import { randomUUID } from "node:crypto";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";
import { unwrapResolverError } from "@apollo/server/errors";
import { PothosValidationError } from "@pothos/core";
import { DomainError } from "../platform/errors/domain-error.js";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../platform/errors/unavailable.js";
import type { Logger } from "../logger.js";

const CLIENT_CODES: ReadonlySet<string> = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
  "BAD_REQUEST",
  // The write rate limit (src/graphql/rate-limit.ts): the client needs its retry-after.
  "RATE_LIMITED",
  "SUBSCRIPTION_LIMIT",
  "SERVICE_UNAVAILABLE",
  "UNAUTHENTICATED",
]);

export const SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";

/** Apollo's own request errors without a code (e.g. an APQ hash mismatch) carry a 4xx status: not ours to hide. */
function isRequestError(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError) return false;
  const status = (error.extensions.http as { status?: number } | undefined)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * Pothos raises PothosValidationError both for a caller's bad connection arguments or cursors and for
 * schema bugs; only the former are the caller's to see, each under the code a client can act on.
 */
function pothosClientCode(error: unknown): string | null {
  if (!(error instanceof PothosValidationError)) return null;
  if (/cursor|base64/i.test(error.message)) return "INVALID_CURSOR";
  if (/global ID|id received/i.test(error.message)) return "INVALID_ID";
  if (/^Arguments? "/.test(error.message)) return "BAD_USER_INPUT";
  return null;
}

export function unavailableError(): GraphQLFormattedError["extensions"] & object {
  return { code: SERVICE_UNAVAILABLE, retryAfterSeconds: RETRY_AFTER_SECONDS };
}

export function createErrorFormatter(logger: Logger, exposeDetails: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      return { ...formatted, message: original.message, extensions: { code: original.code } };
    }
    const pothosCode = pothosClientCode(original);
    if (pothosCode) return { ...formatted, message: (original as Error).message, extensions: { code: pothosCode } };
    const code = formatted.extensions?.code;
    if (typeof code === "string" && CLIENT_CODES.has(code)) return formatted;
    if (isRequestError(original)) return { ...formatted, extensions: { ...formatted.extensions, code: "BAD_REQUEST" } };
    if (isDatabaseUnavailable(original)) {
      logger.warn("database unavailable", {
        path: formatted.path,
        error: original instanceof Error ? original.message : String(original),
      });
      return {
        message: `The database is unavailable; retry after ${RETRY_AFTER_SECONDS}s`,
        path: formatted.path,
        locations: formatted.locations,
        extensions: unavailableError(),
      };
    }
    const errorId = randomUUID();
    logger.error("unexpected error", {
      errorId,
      path: formatted.path,
      error: original instanceof Error ? { message: original.message, stack: original.stack } : String(original),
    });
    return {
      message:
        exposeDetails && original instanceof Error
          ? `Unexpected error ${errorId}: ${original.message}`
          : `Unexpected error (id ${errorId})`,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: "INTERNAL_SERVER_ERROR", errorId },
    };
  };
}

/**
 * Over HTTP an outage is a 503 with Retry-After (after formatting, so it sees the masked codes): a
 * client or proxy that knows nothing of GraphQL still retries instead of caching a 200.
 */
export const unavailableStatusPlugin: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== "single") return;
        const errors = response.body.singleResult.errors ?? [];
        if (!errors.some((error) => error.extensions?.code === SERVICE_UNAVAILABLE)) return;
        response.http.status = 503;
        response.http.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
      },
    };
  },
};
