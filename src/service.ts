// Starts the whole service from a parsed configuration: database (migrated), bundled catalogue on
// first start, change notifier, HTTP + WebSocket server. Used by `npm start` and the tests.
import type { Services } from "./context.js";
import { openDatabase } from "./db/database.js";
import type { Env } from "./env.js";
import { createNotifier } from "./events/notifier.js";
import { ChangeFeed } from "./events/change-feed.js";
import { FreshnessFeed } from "./projections/freshness-feed.js";
import { createLogger, type Logger } from "./logger.js";
import { loadFixtureCatalogue } from "./modules/catalogue/fixture-catalogue.js";
import { importCatalogue } from "./modules/catalogue/import-catalogue.js";
import { startServer, type RunningServer } from "./server.js";
import { PremiseService } from "./modules/premises/premise-service.js";
import { DiscoveryService } from "./modules/discovery/discovery-service.js";
import { rebuildStaleViews } from "./projections/rebuilders.js";
import { impressionWriter } from "./modules/telemetry/impressions.js";
import { orientCaches } from "./orient/orient-caches.js";
import { maintainProblemDocuments } from "./projections/problem-documents.js";
import { startProjectionWorker } from "./projections/worker.js";
import { ChallengePeriodSweeper } from "./modules/intake/challenge-period.js";

export interface RunningService {
  services: Services;
  server: RunningServer;
  stop(): Promise<void>;
}

async function loadFixtureIfEmpty(services: Services): Promise<void> {
  if ((await services.db.prisma.problem.count()) > 0) return;
  const report = await importCatalogue({
    prisma: services.db.prisma,
    problems: loadFixtureCatalogue(),
    afterWrite: maintainProblemDocuments,
  });
  services.logger.info("loaded the bundled fixture catalogue", { problems: report.created, published: report.published });
}

export async function startService(env: Env, overrides: { logger?: Logger; dataDir?: string | null } = {}): Promise<RunningService> {
  const logger = overrides.logger ?? createLogger(env.logLevel);
  const db = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: overrides.dataDir === undefined ? env.dataDir : overrides.dataDir,
  });
  impressionWriter(db.pool).onFailure((error, lostRows) => logger.error("search impressions lost", { lostRows, error: error.message }));
  orientCaches(db.pool).onWarmupFailure = (error, targetId) => logger.warn("orient warm-up failed", { targetId, error: error.message });
  try {
    const notifier = await createNotifier({ kind: db.kind, pool: db.pool, connectionString: db.connectionString, logger });
    const discovery = new DiscoveryService(db.prisma, notifier, logger);
    const premises = new PremiseService(db.prisma);
    const changeFeed = new ChangeFeed(db.prisma, notifier, logger);
    const freshness = new FreshnessFeed(db.prisma, notifier, logger);
    const challengePeriods = new ChallengePeriodSweeper({
      prisma: db.prisma, notifier, onError: (error) => logger.warn("challenge-period sweep failed; the next one retries", { error: error.message }),
    });
    const services: Services = { env, db, logger, notifier, changeFeed, freshness, discovery, premises, challengePeriods };
    if (env.loadFixtureOnStart) await loadFixtureIfEmpty(services);
    await rebuildStaleViews(db.prisma, logger);
    await discovery.start();
    await premises.start();
    const server = await startServer(services, { port: env.port, host: env.host });
    // Checkpoints refresh after commit; deployments may run `npm run worker` instead (RUN_WORKER=false).
    const worker = env.runWorker ? startProjectionWorker({ prisma: db.prisma, notifier, logger }) : null;
    challengePeriods.start();
    return {
      services,
      server,
      async stop() {
        await server.stop();
        await challengePeriods.stop();
        changeFeed.stop();
        freshness.stop();
        await worker?.stop();
        await discovery.stop();
        await notifier.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
