// Cross-origin access for browser apps (Apollo Sandbox, a web client on another origin). Only the
// configured origins get CORS headers; CSRF prevention stays on for everything else, so a simple
// (non-preflighted) cross-site POST is still refused by Apollo.
import type { IncomingMessage, ServerResponse } from "node:http";
import { graphqlError, sendJson, varyOn } from "./json-answer.js";

export interface CorsPolicy {
  /** Exact origins allowed (scheme://host[:port]); empty turns CORS off. */
  origins: readonly string[];
  /** Development convenience: any http://localhost:* or http://127.0.0.1:* origin. */
  allowLoopback: boolean;
}

/** Headers a GraphQL client sends: JSON bodies, tokens, Apollo's CSRF and APQ headers. */
const ALLOWED_HEADERS = [
  "authorization",
  "content-type",
  "apollo-require-preflight",
  "x-apollo-operation-name",
  "apollographql-client-name",
  "apollographql-client-version",
  "mcp-session-id",
  "mcp-protocol-version",
];
/** What a browser client may read: rate-limit and outage hints and the id a log line carries. */
const EXPOSED_HEADERS = ["retry-after", "x-request-id", "mcp-session-id"];
const PREFLIGHT_MAX_AGE_SECONDS = 600;
const LOOPBACK_ORIGIN = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

export function isAllowedOrigin(policy: CorsPolicy, origin: string): boolean {
  return policy.origins.includes(origin) || (policy.allowLoopback && LOOPBACK_ORIGIN.test(origin));
}

/**
 * Sets the CORS headers of an allowed origin and answers a preflight itself (204, or 403 for an origin not
 * allowed). True when the request has been answered.
 */
export function answerCors(policy: CorsPolicy, request: IncomingMessage, response: ServerResponse): boolean {
  const origin = request.headers.origin;
  // Answers differ by Origin, so a shared cache must key on it.
  varyOn(response, "Origin");
  if (origin === undefined) return false;
  const allowed = isAllowedOrigin(policy, origin);
  if (request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined) {
    if (!allowed) {
      sendJson(response, 403, graphqlError(`Origin ${origin} is not allowed (CORS_ORIGINS)`, "ORIGIN_NOT_ALLOWED"));
      return true;
    }
    response.setHeader("access-control-allow-origin", origin);
    response.setHeader("access-control-allow-methods", "GET, POST, DELETE, OPTIONS");
    response.setHeader("access-control-allow-headers", ALLOWED_HEADERS.join(", "));
    response.setHeader("access-control-max-age", String(PREFLIGHT_MAX_AGE_SECONDS));
    response.statusCode = 204;
    response.end();
    return true;
  }
  if (allowed) {
    response.setHeader("access-control-allow-origin", origin);
    response.setHeader("access-control-expose-headers", EXPOSED_HEADERS.join(", "));
  }
  return false;
}
