// One context per GraphQL operation (HTTP request or subscription operation): the caller, a request id,
// the operation's DataLoaders and the process-wide services. This layer knows no feature: each feature
// adds the services its resolvers use to `Services` by declaration merging, in its graphql/ folder.
import { randomUUID } from "node:crypto";
import type { Env } from "../env.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Logger } from "../logger.js";
import type { TokenCheck } from "../platform/auth/caller.js";
import type { Database } from "../platform/db/database.js";
import { RequestLoaders } from "./request-loaders.js";

/**
 * Long-lived collaborators shared by all requests (no per-request state lives here); src/service.ts
 * builds the one object. Features extend it, e.g. in src/features/discovery/graphql/discovery.services.ts:
 * `declare module "../../../graphql/context.js" { interface Services { discovery: DiscoveryService } }`.
 */
export interface Services {
  env: Env;
  db: Database;
  logger: Logger;
}

export interface Context {
  requestId: string;
  prisma: PrismaClient;
  services: Services;
  auth: TokenCheck;
  /** Per-operation DataLoaders (by-id lookups of sibling fields batched; nothing kept past the operation). */
  loaders: RequestLoaders;
  /** Facts for this request's log line (operation name...); the transport shares this object. */
  logFields: Record<string, unknown>;
  /** Aborted when a socket operation ends (completed by the client, or its socket closed). */
  signal?: AbortSignal;
}

/** The transport has checked the caller's token (src/http/request-context.ts); this assembles the rest. */
export function createContext(props: {
  services: Services;
  auth: TokenCheck;
  requestId?: string;
  logFields?: Record<string, unknown>;
}): Context {
  const prisma = props.services.db.prisma;
  return {
    requestId: props.requestId ?? randomUUID(),
    prisma,
    services: props.services,
    auth: props.auth,
    loaders: new RequestLoaders(prisma),
    logFields: props.logFields ?? {},
  };
}
