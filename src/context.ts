// One context per GraphQL operation (HTTP request or subscription operation): the authenticated
// operator, a request id, and per-request DataLoaders hanging off it. Services are process-wide.
import { randomUUID } from "node:crypto";
import type { Database } from "./platform/db/database.js";
import type { Env } from "./env.js";
import type { PrismaClient } from "./generated/prisma/client.js";
import type { Logger } from "./logger.js";
import type { EventNotifier } from "./events/notifier.js";
import type { ChangeFeed } from "./events/change-feed.js";
import type { FreshnessFeed } from "./projections/freshness-feed.js";
import type { ServiceMonitor } from "./projections/service-monitor.js";
import type { ProjectionRegistry } from "./projections/registry.js";
import type { DiscoveryService } from "./features/discovery/domain/discovery-service.js";
import type { PremiseService } from "./features/premises/domain/premise-service.js";
import type { ChallengePeriodSweeper } from "./features/intake/domain/challenge-period.js";
import { authenticate, type TokenCheck } from "./features/operators/commands/operator.commands.js";

/** Long-lived collaborators shared by all requests (no per-request state lives here). */
export interface Services {
  env: Env;
  db: Database;
  logger: Logger;
  notifier: EventNotifier;
  /** One reader of new change events for every subscriber in the process. */
  changeFeed: ChangeFeed;
  /** One reader of view freshness for every freshness subscriber in the process. */
  freshness: FreshnessFeed;
  /** The derived views' projectors (createProjectionRegistry); write paths take its inline views. */
  projections: ProjectionRegistry;
  /** This instance's lag history, events per minute, worker health and rebuild progress (the dashboard). */
  monitor: ServiceMonitor;
  discovery: DiscoveryService;
  premises: PremiseService;
  /** Ends challenge periods whose deadline passed (reads also settle them lazily). */
  challengePeriods: ChallengePeriodSweeper;
}

export interface Context {
  requestId: string;
  prisma: PrismaClient;
  services: Services;
  auth: TokenCheck;
  /** Facts for this request's log line (operation name...); the transport shares this object. */
  logFields: Record<string, unknown>;
  /** Aborted when a socket operation ends (completed by the client, or its socket closed). */
  signal?: AbortSignal;
}

export async function createContext(
  services: Services,
  authorization: string | undefined | null,
  requestId: string = randomUUID(),
  logFields: Record<string, unknown> = {},
): Promise<Context> {
  return {
    requestId,
    prisma: services.db.prisma,
    services,
    auth: await authenticate(services.db.prisma, authorization),
    logFields,
  };
}
