// Cross-origin access for browser apps (Apollo Sandbox, a web client on another origin). Only the
// configured origins get CORS headers; CSRF prevention stays on for everything else, so a simple
// (non-preflighted) cross-site POST is still refused by Apollo.
import type { NextFunction, Request, Response } from "express";

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

export function corsMiddleware(policy: CorsPolicy) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const origin = request.headers.origin;
    // Answers differ by Origin, so a shared cache must key on it.
    response.vary("Origin");
    if (origin === undefined) return next();
    const allowed = isAllowedOrigin(policy, origin);
    if (request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined) {
      if (!allowed) {
        response.status(403).json({
          errors: [
            { message: `Origin ${origin} is not allowed (CORS_ORIGINS)`, extensions: { code: "ORIGIN_NOT_ALLOWED" } },
          ],
        });
        return;
      }
      response.setHeader("access-control-allow-origin", origin);
      response.setHeader("access-control-allow-methods", "GET, POST, DELETE, OPTIONS");
      response.setHeader("access-control-allow-headers", ALLOWED_HEADERS.join(", "));
      response.setHeader("access-control-max-age", String(PREFLIGHT_MAX_AGE_SECONDS));
      response.status(204).end();
      return;
    }
    if (allowed) {
      response.setHeader("access-control-allow-origin", origin);
      response.setHeader("access-control-expose-headers", EXPOSED_HEADERS.join(", "));
    }
    next();
  };
}
