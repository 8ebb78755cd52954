// Configuration, parsed and validated once at start-up. Nothing else in the service reads process.env.
// Every value has a default that works on a fresh clone with no configuration.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

export interface Env {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  /** PostgreSQL server URL; null selects the embedded database. */
  databaseUrl: string | null;
  /** Directory of the embedded database. */
  dataDir: string;
  /** Load the bundled fixture catalogue when the catalogue is empty. */
  loadFixtureOnStart: boolean;
  /** Run the projection worker inside the service process. */
  runWorker: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Allow anonymous reads (writes always need a token). */
  anonymousReads: boolean;
}

export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
}

function parsePort(raw: string | undefined, name: string, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigurationError(`${name} must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseBoolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw === "") return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigurationError(`${name} must be true or false, got "${raw}"`);
}

function parseDatabaseUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === "") return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(`DATABASE_URL is not a valid URL: "${raw}"`);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigurationError(`DATABASE_URL must be a postgres:// or postgresql:// URL, got "${url.protocol}"`);
  }
  return raw;
}

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const nodeEnv = source.NODE_ENV === "production" || source.NODE_ENV === "test" ? source.NODE_ENV : "development";
  const logLevel = (source.LOG_LEVEL ?? (nodeEnv === "test" ? "warn" : "info")) as Env["logLevel"];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigurationError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${logLevel}"`);
  }
  return {
    nodeEnv,
    port: parsePort(source.PORT, "PORT", 4000),
    host: source.HOST ?? "0.0.0.0",
    databaseUrl: parseDatabaseUrl(source.DATABASE_URL),
    dataDir: path.resolve(projectRoot, source.DATA_DIR ?? ".data"),
    loadFixtureOnStart: parseBoolean(source.LOAD_FIXTURE, "LOAD_FIXTURE", true),
    runWorker: parseBoolean(source.RUN_WORKER, "RUN_WORKER", true),
    logLevel,
    anonymousReads: parseBoolean(source.ANONYMOUS_READS, "ANONYMOUS_READS", true),
  };
}
