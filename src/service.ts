// Starts the whole service from a parsed configuration: database (migrated), catalogue (CATALOGUE) on
// first start, change notifier, HTTP + WebSocket server. Used by `npm start` and the tests; `openServices`
// is the same without the HTTP server (the stdio MCP server when it owns the database).
import type { Services } from "./graphql/context.js";
import { openDatabase } from "./platform/db/database.js";
import type { Env } from "./env.js";
import { createNotifier } from "./events/notifier.js";
import { ChangeFeed } from "./events/change-feed.js";
import { SharedEventSubjects } from "./events/event-subjects.js";
import { FreshnessFeed } from "./projections/freshness-feed.js";
import { createLogger, type Logger } from "./logger.js";
import { loadFixtureCatalogue } from "./features/catalogue/domain/fixture-catalogue.js";
import { importCatalogue } from "./features/catalogue/domain/import-catalogue.js";
import { bundledVersionLabel } from "./features/catalogue/domain/bundled-data.js";
import { readBundledCatalogue } from "./features/catalogue/domain/read-catalogue-files.js";
import { startServer, type RunningServer } from "./server.js";
import { buildSchema } from "./schema.js";
import { PremiseService } from "./features/premises/domain/premise-service.js";
import { DiscoveryService } from "./features/discovery/domain/discovery-service.js";
import { rebuildStaleViews } from "./projections/stale-views.js";
import { createProjectionRegistry } from "./projectors.js";
import { MemberTextCache } from "./features/memory/projection/member-text-cache.js";
import { ServiceMonitor } from "./projections/service-monitor.js";
import {
  DatabaseMaintenance,
  EMBEDDED_CHECKPOINT_WAL_BYTES,
  vacuumedByAutovacuum,
} from "./platform/db/database-maintenance.js";
import { openImpressionWriter } from "./features/telemetry/domain/impressions.js";
import { createOrientService } from "./features/orient/queries/orient.service.js";
import { MemberCursorKey } from "./features/memory/domain/cursor-secret.js";
import { maintainProblemDocuments } from "./features/discovery/projection/problem-documents.js";
import { startProjectionWorker } from "./projections/worker.js";
import { ChallengePeriodSweeper } from "./features/intake/domain/challenge-period.js";
import { IdentityService } from "./features/identity/queries/identity.service.js";
import { OperatorTokens } from "./features/operators/queries/operator-tokens.js";
import { ResearchWriteBatcher } from "./features/research/commands/research-write-batcher.js";
import { RecentClaims } from "./features/research/commands/recent-claims.js";

export interface RunningService {
  services: Services;
  server: RunningServer;
  stop(): Promise<void>;
}

/** On an empty catalogue, loads what CATALOGUE names: the bundled full catalogue (default) or the 33-problem demo. */
async function loadCatalogueIfEmpty(services: Services, setting: Env["catalogue"]): Promise<void> {
  if (setting === "none") return;
  if ((await services.db.prisma.problem.count()) > 0) return;
  const started = Date.now();
  const problems = setting === "bundled" ? readBundledCatalogue() : loadFixtureCatalogue();
  const source =
    setting === "bundled"
      ? `data/bundled (${bundledVersionLabel("erdosProblems")}, ${bundledVersionLabel("formalConjectures")})`
      : "fixtures/catalogue/problems.json (demo)";
  services.logger.info("loading the catalogue into the empty database", {
    catalogue: setting,
    problems: problems.length,
    source,
  });
  let logged = 0;
  const report = await importCatalogue({
    prisma: services.db.prisma,
    problems,
    inlineViews: services.projections.inlineViews,
    afterWrite: maintainProblemDocuments,
    onProgress: (done, total) => {
      // A line every 500 problems or so: the full catalogue takes a few seconds.
      if (done < total && done - logged < 500) return;
      logged = done;
      services.logger.info("catalogue import progress", { done, total });
    },
  });
  const stated = await services.db.prisma.problem.count({ where: { statement: { not: null } } });
  services.logger.info("loaded the catalogue", {
    catalogue: setting,
    source,
    problems: report.created,
    published: report.published,
    catalogued: report.catalogued,
    withStatement: stated,
    parseAndImportMs: Date.now() - started,
    importMs: report.durationMs,
  });
}

/** The service without its HTTP server: what `npm run mcp` uses when it owns the database itself. */
export interface OpenServices {
  services: Services;
  /** Stops the background work (worker, sweeps, feeds) and closes the database. */
  stop(): Promise<void>;
}

/**
 * Opens the database (migrated) and builds the service's long-lived objects: catalogue on an empty
 * database, stale views rebuilt, discovery and premise indexes, projection worker (RUN_WORKER) and
 * challenge-period sweeps. Transports (HTTP in startService, stdio in src/cli/mcp.ts) go on top.
 */
export async function openServices(
  env: Env,
  overrides: { logger?: Logger; dataDir?: string | null } = {},
): Promise<OpenServices> {
  const logger = overrides.logger ?? createLogger(env.logLevel);
  const db = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: overrides.dataDir === undefined ? env.dataDir : overrides.dataDir,
  });
  // Per process and database, flushed by Database.close: one writer, so recordUse's flush covers every impression.
  const impressions = openImpressionWriter(db.pool, (error, lostRows) =>
    logger.error("search impressions lost", { lostRows, error: error.message }),
  );
  // Per process and database, bounded by the entry counts in orient.constants.ts. Entries are stamped with
  // what makes them exact (target head mark, target generation, view version), so a write never needs to
  // invalidate one: a changed stamp is a miss. Term statistics expire after TERM_SHARES_TTL_MS (orient-caches.ts).
  const orient = createOrientService(db.pool, impressions, (error, targetId) =>
    logger.warn("orient warm-up failed", { targetId, error: error.message }),
  );
  // Per process and database: the stored secret never changes, so the key is loaded once.
  const memberCursorKey = new MemberCursorKey(db.prisma);
  db.beforeClose(() => impressions.flush()); // impressions queued behind responses land first
  try {
    const notifier = await createNotifier({
      kind: db.kind,
      pool: db.pool,
      connectionString: db.connectionString,
      logger,
    });
    // Per process: the memory projector's member texts. Writes hand it their text analysis when the projector
    // runs here (RUN_WORKER), so a record's text is analysed once for its sparse document and its checkpoint.
    const memberTexts = new MemberTextCache();
    const projections = createProjectionRegistry({ memberTexts });
    // Per process and database: writes queued while a batch is in the database share the next statement.
    const researchWrites = new ResearchWriteBatcher(db.pool, projections.inlineViews, notifier);
    const recentClaims = new RecentClaims();
    const discovery = new DiscoveryService(db.prisma, db.pool, notifier, logger);
    // Per process and database: every identifier and problem row, refreshed from the change stream.
    const identity = new IdentityService(db.prisma, db.pool, notifier, logger);
    const premises = new PremiseService(db.prisma);
    // Per process and database: valid token checks, forgotten on every operator change this process hears.
    const tokens = new OperatorTokens(db.pool);
    const stopOperatorChanges = notifier.subscribeOperatorChanges(() => tokens.forget());
    const changeFeed = new ChangeFeed(db.prisma, db.pool, notifier, logger);
    const eventSubjects = new SharedEventSubjects(db.pool);
    const freshness = new FreshnessFeed(db.prisma, notifier, logger);
    const challengePeriods = new ChallengePeriodSweeper({
      prisma: db.prisma,
      notifier,
      inlineViews: projections.inlineViews,
      onError: (error) => logger.warn("challenge-period sweep failed; the next one retries", { error: error.message }),
    });
    // Per process and database: analyses a table once it has doubled since the planner last measured it;
    // where no autovacuum runs (the embedded database) vacuums the tables whose dead rows pass its threshold,
    // and on the embedded database, which has no checkpointer either, checkpoints every 64 MB of WAL.
    const maintenance = new DatabaseMaintenance(db.pool, {
      tablesPerCheck: db.kind === "embedded" ? 1 : undefined,
      vacuumDeadRows: !(await vacuumedByAutovacuum(db.pool, db.kind)),
      checkpointAfterWalBytes: db.kind === "embedded" ? EMBEDDED_CHECKPOINT_WAL_BYTES : undefined,
      onMaintained: ({ checkpointed, vacuumed, analysed }, durationMs) =>
        logger.debug("maintained the database", {
          checkpointed,
          vacuumed,
          analysed,
          durationMs: Math.round(durationMs),
        }),
      onError: (error) => logger.warn("database maintenance failed; the next commit retries", { error: error.message }),
    });
    const stopMaintenance = notifier.subscribe(() => maintenance.afterCommit());
    const monitor = new ServiceMonitor({
      prisma: db.prisma,
      notifier,
      freshness,
      logger,
      workerInProcess: env.runWorker,
      inlineViews: projections.inlineViews.names,
    });
    const services: Services = {
      env,
      db,
      logger,
      notifier,
      changeFeed,
      eventSubjects,
      freshness,
      projections,
      researchWrites,
      recentClaims,
      analysedTexts: env.runWorker ? memberTexts : undefined,
      monitor,
      discovery,
      identity,
      tokens,
      premises,
      challengePeriods,
      orient,
      impressions,
      memberCursorKey,
    };
    await loadCatalogueIfEmpty(services, env.catalogue);
    await rebuildStaleViews(db, projections, logger, monitor);
    await monitor.start();
    await discovery.start();
    await identity.start();
    const premiseStart = await premises.start(env.catalogue === "bundled" ? "bundled" : "fixture");
    if (premiseStart.stored) {
      logger.info("stored the premise index", {
        premises: premiseStart.info.premiseCount,
        source:
          premiseStart.source === "bundled"
            ? `data/bundled (${bundledVersionLabel("premiseCorpus")})`
            : "fixtures/premises (demo)",
        sha256: premiseStart.info.contentHash.slice(0, 12),
      });
    }
    // Checkpoints refresh after commit; deployments may run `npm run worker` instead (RUN_WORKER=false).
    const worker = env.runWorker
      ? startProjectionWorker({
          pool: db.pool,
          preparedStatements: db.kind === "server",
          notifier,
          logger,
          projectors: projections.ofKind("worker"),
          onRefresh: (result, durationMs) => monitor.workerBatch(result, durationMs),
          onError: (error) => monitor.workerError(error),
        })
      : null;
    challengePeriods.start();
    return {
      services,
      async stop() {
        await challengePeriods.stop();
        changeFeed.stop();
        monitor.stop();
        freshness.stop();
        await worker?.stop();
        await discovery.stop();
        await identity.stop();
        stopOperatorChanges();
        stopMaintenance();
        await maintenance.stop();
        await notifier.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

export async function startService(
  env: Env,
  overrides: { logger?: Logger; dataDir?: string | null } = {},
): Promise<RunningService> {
  const opened = await openServices(env, overrides);
  let server: RunningServer;
  try {
    server = await startServer(opened.services, buildSchema(), { port: env.port, host: env.host });
  } catch (error) {
    await opened.stop();
    throw error;
  }
  return {
    services: opened.services,
    server,
    async stop() {
      await server.stop();
      await opened.stop();
    },
  };
}
