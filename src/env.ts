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
  /**
   * What a start on an empty catalogue loads: `bundled` (default) the full catalogue and the Batteries premise
   * corpus from data/bundled/, `demo` the 33-problem fixture and the small premise fixture (tests), `none` no catalogue.
   */
  catalogue: CatalogueSetting;
  /** Run the projection worker inside the service process. */
  runWorker: boolean;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Allow anonymous reads (writes always need a token). */
  anonymousReads: boolean;
  /** Per-operation protection limits (graphql-armor) and the request body cap; see README "Operations". */
  limits: {
    maxDepth: number;
    maxCost: number;
    maxAliases: number;
    maxTokens: number;
    maxDirectives: number;
    maxBodyBytes: number;
  };
  /** Mutations each operator may run per window; `points: 0` turns the limiter off. */
  writeRateLimit: { points: number; windowSeconds: number };
  /** How long shutdown waits for in-flight requests and writes before closing connections. */
  shutdownGraceMs: number;
  /** Send unexpected errors' messages to clients (never by default: they can name source paths). */
  exposeErrorDetails: boolean;
  /** Max age of the HTTP cache hint on GET catalogue reads (CATALOGUE_CACHE_MAX_AGE); 0 turns hints off. */
  catalogueCacheMaxAgeSeconds: number;
  /** Browser origins allowed to call the service cross-origin (CORS_ORIGINS); loopback origins too in development. */
  cors: { origins: string[]; allowLoopback: boolean };
  /** Live graphql-ws operations one socket, and one operator (anonymous: one address), may hold. */
  subscriptionLimits: { perSocket: number; perOperator: number };
  /**
   * Stateful MCP sessions at /mcp (MCP_MAX_SESSIONS, 0: stateless only) and how long one may sit idle with
   * no request and no open event stream (MCP_SESSION_IDLE_SECONDS) before the service closes it.
   */
  mcpSessions: { max: number; idleSeconds: number };
}

export const CATALOGUE_SETTINGS = ["bundled", "demo", "none"] as const;
export type CatalogueSetting = (typeof CATALOGUE_SETTINGS)[number];

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

function parseCount(raw: string | undefined, name: string, fallback: number, minimum = 1): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new ConfigurationError(`${name} must be an integer of at least ${minimum}, got "${raw}"`);
  }
  return value;
}

/** `CORS_ORIGINS`: comma-separated exact origins, or `none`; unset means loopback origins in development only. */
function parseCors(raw: string | undefined, nodeEnv: Env["nodeEnv"]): Env["cors"] {
  if (raw === undefined || raw.trim() === "") return { origins: [], allowLoopback: nodeEnv === "development" };
  if (raw.trim().toLowerCase() === "none") return { origins: [], allowLoopback: false };
  const origins = raw
    .split(",")
    .map((origin) => origin.trim())
    .filter((origin) => origin !== "");
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (parsed === null || parsed.origin !== origin) {
      throw new ConfigurationError(
        `CORS_ORIGINS entries must be origins such as https://app.example.org (scheme, host, optional port; no path or trailing slash), got "${origin}"`,
      );
    }
  }
  return { origins, allowLoopback: false };
}

/** CATALOGUE, or the deprecated LOAD_FIXTURE (false means none; true means the default). */
function parseCatalogue(source: NodeJS.ProcessEnv): CatalogueSetting {
  const raw = source.CATALOGUE?.trim().toLowerCase();
  if (raw !== undefined && raw !== "") {
    if (!(CATALOGUE_SETTINGS as readonly string[]).includes(raw)) {
      throw new ConfigurationError(
        `CATALOGUE must be one of ${CATALOGUE_SETTINGS.join(", ")}, got "${source.CATALOGUE}"`,
      );
    }
    return raw as CatalogueSetting;
  }
  return parseBoolean(source.LOAD_FIXTURE, "LOAD_FIXTURE", true) ? "bundled" : "none";
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
    catalogue: parseCatalogue(source),
    runWorker: parseBoolean(source.RUN_WORKER, "RUN_WORKER", true),
    logLevel,
    anonymousReads: parseBoolean(source.ANONYMOUS_READS, "ANONYMOUS_READS", true),
    limits: {
      maxDepth: parseCount(source.MAX_QUERY_DEPTH, "MAX_QUERY_DEPTH", 12),
      maxCost: parseCount(source.MAX_QUERY_COST, "MAX_QUERY_COST", 20_000),
      maxAliases: parseCount(source.MAX_QUERY_ALIASES, "MAX_QUERY_ALIASES", 30),
      maxTokens: parseCount(source.MAX_QUERY_TOKENS, "MAX_QUERY_TOKENS", 2_000),
      maxDirectives: parseCount(source.MAX_QUERY_DIRECTIVES, "MAX_QUERY_DIRECTIVES", 50),
      maxBodyBytes: parseCount(source.MAX_BODY_BYTES, "MAX_BODY_BYTES", 512 * 1024),
    },
    writeRateLimit: {
      points: parseCount(source.WRITE_RATE_LIMIT, "WRITE_RATE_LIMIT", 600, 0),
      windowSeconds: parseCount(source.WRITE_RATE_WINDOW_SECONDS, "WRITE_RATE_WINDOW_SECONDS", 60),
    },
    shutdownGraceMs: parseCount(source.SHUTDOWN_GRACE_MS, "SHUTDOWN_GRACE_MS", 10_000, 0),
    exposeErrorDetails: parseBoolean(source.EXPOSE_ERROR_DETAILS, "EXPOSE_ERROR_DETAILS", false),
    catalogueCacheMaxAgeSeconds: parseCount(source.CATALOGUE_CACHE_MAX_AGE, "CATALOGUE_CACHE_MAX_AGE", 60, 0),
    cors: parseCors(source.CORS_ORIGINS, nodeEnv),
    subscriptionLimits: {
      perSocket: parseCount(source.MAX_SUBSCRIPTIONS_PER_SOCKET, "MAX_SUBSCRIPTIONS_PER_SOCKET", 20),
      perOperator: parseCount(source.MAX_SUBSCRIPTIONS_PER_OPERATOR, "MAX_SUBSCRIPTIONS_PER_OPERATOR", 100),
    },
    mcpSessions: {
      max: parseCount(source.MCP_MAX_SESSIONS, "MCP_MAX_SESSIONS", 100, 0),
      idleSeconds: parseCount(source.MCP_SESSION_IDLE_SECONDS, "MCP_SESSION_IDLE_SECONDS", 600),
    },
  };
}
