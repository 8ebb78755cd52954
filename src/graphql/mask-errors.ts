// Error masking: domain errors and GraphQL request errors reach clients with their code; anything
// else is replaced by a generic message carrying an id, and logged in full under that id.
import { randomUUID } from "node:crypto";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { DomainError } from "../errors/domain-error.js";
import type { Logger } from "../logger.js";

const CLIENT_CODES = new Set([
  "GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT", "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED", "OPERATION_RESOLUTION_FAILURE", "BAD_REQUEST",
  // The write rate limit (src/graphql/rate-limit.ts): the client needs its retry-after.
  "RATE_LIMITED",
]);

/** Apollo's own request errors without a code (e.g. an APQ hash mismatch) carry a 4xx status: not ours to hide. */
function isRequestError(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError) return false;
  const status = (error.extensions.http as { status?: number } | undefined)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

export function createErrorFormatter(logger: Logger, exposeDetails: boolean) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof DomainError) {
      return { ...formatted, message: original.message, extensions: { code: original.code } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === "string" && CLIENT_CODES.has(code)) return formatted;
    if (isRequestError(original)) return { ...formatted, extensions: { ...formatted.extensions, code: "BAD_REQUEST" } };
    const errorId = randomUUID();
    logger.error("unexpected error", {
      errorId,
      path: formatted.path,
      error: original instanceof Error ? { message: original.message, stack: original.stack } : String(original),
    });
    return {
      message: exposeDetails && original instanceof Error ? `Unexpected error ${errorId}: ${original.message}` : `Unexpected error (id ${errorId})`,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: "INTERNAL_SERVER_ERROR", errorId },
    };
  };
}
