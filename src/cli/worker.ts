// `npm run worker`: the projection worker as its own process, for deployments that serve with
// RUN_WORKER=false. Any number may run against one database; they coordinate through row locks.
import { ConfigurationError, parseEnv } from "../env.js";
import { openDatabase } from "../platform/db/database.js";
import { DatabaseStartupError } from "../platform/db/embedded.js";
import { MigrationError } from "../platform/db/migrate.js";
import { createNotifier } from "../events/notifier.js";
import { createLogger } from "../logger.js";
import { startProjectionWorker } from "../projections/worker.js";
import { createProjectionRegistry } from "../projectors.js";
import { readCommandLine } from "./command-line.js";

const USAGE = [
  "usage: npm run worker",
  "  runs the projection worker until SIGINT or SIGTERM; takes no arguments",
  "  settings from the environment: DATABASE_URL (else the embedded database in DATA_DIR), LOG_LEVEL",
].join("\n");

async function main(): Promise<void> {
  readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);
  const env = parseEnv();
  const logger = createLogger(env.logLevel);
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const notifier = await createNotifier({
    kind: db.kind,
    pool: db.pool,
    connectionString: db.connectionString,
    logger,
  });
  const worker = startProjectionWorker({
    pool: db.pool,
    preparedStatements: db.kind === "server",
    notifier,
    logger,
    projectors: createProjectionRegistry().ofKind("worker"),
    onRefresh: (result) => {
      if (result.status === "applied")
        logger.info("projection refreshed", {
          view: result.view,
          version: result.version,
          applied: result.applied,
          highWaterMark: result.highWaterMark.toString(),
        });
    },
  });
  logger.info("projection worker started", { database: db.kind });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("projection worker stopping", { signal });
    await worker.stop();
    await notifier.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  const known = [ConfigurationError, DatabaseStartupError, MigrationError].some((kind) => error instanceof kind);
  console.error(known ? `worker: ${(error as Error).message}` : error);
  process.exit(1);
});
