// `npm start`: serve on PORT (default 4000) with the embedded database unless DATABASE_URL is set.
import { ConfigurationError, parseEnv } from "./env.js";
import { DatabaseStartupError } from "./db/embedded.js";
import { MigrationError } from "./db/migrate.js";
import { createLogger } from "./logger.js";
import { startService } from "./service.js";

async function main(): Promise<void> {
  const started = Date.now();
  const env = parseEnv();
  const logger = createLogger(env.logLevel);
  const service = await startService(env, { logger });
  logger.info("service ready", {
    url: service.server.url,
    database: service.services.db.kind,
    dataDir: service.services.db.kind === "embedded" ? env.dataDir : undefined,
    startupMs: Date.now() - started,
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    await service.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigurationError || error instanceof DatabaseStartupError || error instanceof MigrationError;
  console.error(known ? `Cannot start: ${(error as Error).message}` : error);
  process.exit(1);
});
