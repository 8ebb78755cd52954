// `npm start`: serve on PORT (default 4000) with the embedded database unless DATABASE_URL is set.
// SIGTERM/SIGINT drain HTTP and WebSocket clients and finish in-flight writes before the database closes.
import { ConfigurationError, parseEnv } from "./env.js";
import { DatabaseStartupError } from "./platform/db/embedded.js";
import { MigrationError } from "./platform/db/migrate.js";
import { createLogger } from "./logger.js";
import { startService } from "./service.js";

async function main(): Promise<void> {
  const started = Date.now();
  const env = parseEnv();
  const logger = createLogger(env.logLevel);
  // A promise nobody awaited must not end a service that every other client is using: log it loudly
  // (it is a bug to fix) and keep serving. Node's default for this is to exit.
  process.on("unhandledRejection", (reason) => {
    logger.error("unhandled promise rejection", {
      error: reason instanceof Error ? { message: reason.message, stack: reason.stack } : String(reason),
    });
  });
  // Signal handlers go in before anything can be told the service is ready: a supervisor that signals
  // as soon as it reads "service ready" must find them installed, not Node's default (exit at once,
  // leaving the data directory locked). A signal during startup stops the service once it is up.
  let service: Awaited<ReturnType<typeof startService>> | null = null;
  let stopSignal: string | null = null;
  const shutdown = async (signal: string) => {
    const began = Date.now();
    logger.info("shutting down", { signal, graceMs: env.shutdownGraceMs });
    // Draining is bounded by the grace period twice (requests, then writes); past that, something hangs.
    setTimeout(
      () => {
        logger.error("shutdown did not finish in time; exiting", { signal, elapsedMs: Date.now() - began });
        process.exit(1);
      },
      env.shutdownGraceMs * 2 + 5_000,
    ).unref();
    try {
      await service?.stop();
      logger.info("stopped", { signal, elapsedMs: Date.now() - began });
      process.exit(0);
    } catch (error) {
      logger.error("shutdown failed", { signal, error: (error as Error).message });
      process.exit(1);
    }
  };
  const onSignal = (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    if (service) void shutdown(signal);
    else logger.info("signal received during startup; stopping once started", { signal });
  };
  process.on("SIGINT", () => onSignal("SIGINT"));
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  service = await startService(env, { logger });
  if (stopSignal) return void shutdown(stopSignal);
  logger.info("service ready", {
    url: service.server.url,
    port: service.server.port,
    database: service.services.db.kind,
    dataDir: service.services.db.kind === "embedded" ? env.dataDir : undefined,
    startupMs: Date.now() - started,
  });
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigurationError || error instanceof DatabaseStartupError || error instanceof MigrationError;
  console.error(known ? `Cannot start: ${(error as Error).message}` : error);
  process.exit(1);
});
