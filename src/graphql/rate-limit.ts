// Per-operator write rate limit (rate-limiter-flexible, in-process memory store): each root field of
// a mutation costs one point. Several service processes need its Postgres or Redis store instead.
import { HeaderMap, type ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, Kind, type OperationDefinitionNode } from "graphql";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Context } from "../context.js";
import type { Env } from "../env.js";

export interface WriteRateLimit {
  /** Charges the writes of `operation` to the caller; throws RATE_LIMITED when over the limit. */
  charge(operation: OperationDefinitionNode, context: Context): Promise<void>;
  plugin: ApolloServerPlugin<Context>;
}

/** Anonymous and invalid-token callers share one bucket: their writes are refused anyway. */
function callerKey(context: Context): string {
  return context.auth.status === "VALID" ? `operator:${context.auth.operator.id}` : "anonymous";
}

/** Aliased root fields are separate writes, so `a: recordResearch b: recordResearch` costs two. */
function writeCount(operation: OperationDefinitionNode): number {
  return Math.max(1, operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD).length);
}

function rateLimitedError(result: RateLimiterRes, config: Env["writeRateLimit"]): GraphQLError {
  const retryAfterSeconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  return new GraphQLError(`Write rate limit of ${config.points} per ${config.windowSeconds}s exceeded; retry after ${retryAfterSeconds}s`, {
    extensions: {
      code: "RATE_LIMITED",
      retryAfterSeconds,
      http: { status: 429, headers: new HeaderMap([["retry-after", String(retryAfterSeconds)]]) },
    },
  });
}

export function createWriteRateLimit(config: Env["writeRateLimit"]): WriteRateLimit {
  const limiter = config.points > 0 ? new RateLimiterMemory({ points: config.points, duration: config.windowSeconds, keyPrefix: "writes" }) : null;
  const charge = async (operation: OperationDefinitionNode, context: Context) => {
    if (!limiter || operation.operation !== "mutation") return;
    try {
      await limiter.consume(callerKey(context), writeCount(operation));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw rateLimitedError(rejection, config);
      throw rejection;
    }
  };
  return {
    charge,
    plugin: {
      async requestDidStart() {
        return {
          async didResolveOperation({ operation, contextValue }) {
            if (operation) await charge(operation, contextValue);
          },
        };
      },
    },
  };
}
