// Per-operator write rate limit (rate-limiter-flexible, in-process memory store): each root field of
// a mutation costs one point. Several service processes need its Postgres or Redis store instead.
import { HeaderMap, type ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, Kind, type OperationDefinitionNode } from "graphql";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Context } from "./context.js";
import type { Env } from "../env.js";
import type { TokenCheck } from "../platform/auth/caller.js";

export interface WriteRateLimit {
  /** Charges the writes of `operation` to the caller; throws RATE_LIMITED when over the limit. */
  charge(operation: OperationDefinitionNode, context: Context): Promise<void>;
  /** The same bucket for writes that do not come as GraphQL (MCP tools): `null` when allowed, else seconds to wait. */
  chargeWrites(auth: TokenCheck, writes: number): Promise<{ retryAfterSeconds: number } | null>;
  plugin: ApolloServerPlugin<Context>;
}

/** Anonymous and invalid-token callers share one bucket: their writes are refused anyway. */
function callerKey(auth: TokenCheck): string {
  return auth.status === "VALID" ? `operator:${auth.operator.id}` : "anonymous";
}

const retryAfterOf = (result: RateLimiterRes) => Math.max(1, Math.ceil(result.msBeforeNext / 1000));

/** Aliased root fields are separate writes, so `a: recordResearch b: recordResearch` costs two. */
function writeCount(operation: OperationDefinitionNode): number {
  return Math.max(1, operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD).length);
}

function rateLimitedError(result: RateLimiterRes, config: Env["writeRateLimit"]): GraphQLError {
  const retryAfterSeconds = retryAfterOf(result);
  return new GraphQLError(
    `Write rate limit of ${config.points} per ${config.windowSeconds}s exceeded; retry after ${retryAfterSeconds}s`,
    {
      extensions: {
        code: "RATE_LIMITED",
        retryAfterSeconds,
        http: { status: 429, headers: new HeaderMap([["retry-after", String(retryAfterSeconds)]]) },
      },
    },
  );
}

export function createWriteRateLimit(config: Env["writeRateLimit"]): WriteRateLimit {
  const limiter =
    config.points > 0
      ? new RateLimiterMemory({ points: config.points, duration: config.windowSeconds, keyPrefix: "writes" })
      : null;
  /** The limiter's refusal, or null when the writes fit. */
  const consume = async (auth: TokenCheck, writes: number): Promise<RateLimiterRes | null> => {
    if (!limiter) return null;
    try {
      await limiter.consume(callerKey(auth), writes);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return rejection;
      throw rejection;
    }
  };
  const charge = async (operation: OperationDefinitionNode, context: Context) => {
    if (operation.operation !== "mutation") return;
    const refused = await consume(context.auth, writeCount(operation));
    if (refused) throw rateLimitedError(refused, config);
  };
  return {
    charge,
    async chargeWrites(auth, writes) {
      const refused = await consume(auth, writes);
      return refused ? { retryAfterSeconds: retryAfterOf(refused) } : null;
    },
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
