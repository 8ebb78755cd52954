// A database outage while a request is being set up (token lookup) is the same typed 503 as one
// inside a resolver; the formatter cannot see it, because Apollo reports context failures itself.
import { HeaderMap } from "@apollo/server";
import { GraphQLError } from "graphql";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../platform/errors/unavailable.js";

export function serviceUnavailable(): GraphQLError {
  return new GraphQLError(`The database is unavailable; retry after ${RETRY_AFTER_SECONDS}s`, {
    extensions: {
      code: "SERVICE_UNAVAILABLE",
      retryAfterSeconds: RETRY_AFTER_SECONDS,
      http: { status: 503, headers: new HeaderMap([["retry-after", String(RETRY_AFTER_SECONDS)]]) },
    },
  });
}

export function rethrowUnavailable(error: unknown): never {
  throw isDatabaseUnavailable(error) ? serviceUnavailable() : error;
}
