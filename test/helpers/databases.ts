// Database targets for integration tests: the embedded database always, a PostgreSQL server when
// TEST_DATABASE_URL is set. Every test file gets its own fresh, migrated database on either target.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "../../src/platform/db/database.js";
import { parseEnv, type Env } from "../../src/env.js";
import { createLogger, type Logger } from "../../src/logger.js";
import { startService, type RunningService } from "../../src/service.js";

export type TestDatabaseTarget = { name: "embedded" } | { name: "server"; url: string };

let warnedAboutServer = false;

/** `embedded` always; `server` too when TEST_DATABASE_URL names a PostgreSQL server. */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (url) return [{ name: "embedded" }, { name: "server", url }];
  if (!warnedAboutServer) {
    warnedAboutServer = true;
    console.warn(
      "[test] TEST_DATABASE_URL is not set: the PostgreSQL server runs are skipped and only the embedded " +
        "database is tested. Set it (e.g. postgresql://postgres@127.0.0.1:5432/rms_test) to run both.",
    );
  }
  return [{ name: "embedded" }];
}

/** The same server URL pointing at another database (the admin connection uses `postgres`). */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export interface ServerDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a random name on the server of `baseUrl`. */
export async function createServerDatabase(baseUrl: string): Promise<ServerDatabase> {
  const name = `rms_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: withDatabaseName(baseUrl, "postgres") });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabaseName(baseUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: withDatabaseName(baseUrl, "postgres") });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface TestDatabase {
  db: Database;
  cleanup(): Promise<void>;
}

/** An isolated database: embedded in memory, or a fresh database on the server. */
export async function openTestDatabase(
  target: TestDatabaseTarget,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (target.name === "embedded") {
    const db = await openDatabase({ databaseUrl: null, dataDir: null, migrate: options.migrate ?? true });
    return { db, cleanup: () => db.close() };
  }
  const server = await createServerDatabase(target.url);
  try {
    const db = await openDatabase({ databaseUrl: server.url, dataDir: null, migrate: options.migrate ?? true });
    return {
      db,
      async cleanup() {
        await db.close();
        await server.drop();
      },
    };
  } catch (error) {
    await server.drop();
    throw error;
  }
}

export interface TestService extends RunningService {
  /** GraphQL endpoint, e.g. http://127.0.0.1:41234/graphql. */
  url: string;
  /** Server root, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
}

/** Log lines of a test service, kept in memory so tests can inspect them and the output stays quiet. */
export function memoryLogger(lines: string[] = []): { logger: Logger; lines: string[] } {
  return { logger: createLogger("debug", (line) => lines.push(line)), lines };
}

/** A running service on a random loopback port over an isolated database (demo catalogue loaded unless envOverrides say otherwise). */
/**
 * A test service's configuration: any free port on loopback, silent, and the 33-problem demo catalogue,
 * which keeps test services fast (a test may ask for CATALOGUE=bundled); `overrides` win.
 */
export function testServiceEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    CATALOGUE: "demo",
    ...overrides,
  });
}

export async function startTestService(
  target: TestDatabaseTarget,
  envOverrides: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestService> {
  const server = target.name === "server" ? await createServerDatabase(target.url) : null;
  try {
    const env = testServiceEnv({ ...(server ? { DATABASE_URL: server.url } : {}), ...envOverrides });
    const running = await startService(env, { dataDir: null, logger: options.logger ?? createLogger("silent") });
    return {
      ...running,
      url: running.server.url,
      baseUrl: running.server.url.replace(/\/graphql$/, ""),
      async stop() {
        try {
          await running.stop();
        } finally {
          await server?.drop();
        }
      },
    };
  } catch (error) {
    await server?.drop();
    throw error;
  }
}

/** The running service of a `useTestService` suite, readable from its tests and later hooks. */
export interface TestServiceHandle {
  readonly service: TestService;
}

/** Starts a test service in beforeAll and stops it in afterAll: one place owns start/stop, so no test can leak a server or a pool. */
export function useTestService(
  target: TestDatabaseTarget,
  envOverrides: Record<string, string> = {},
  options: { logger?: Logger } = {},
): TestServiceHandle {
  let running: TestService | undefined;
  let stopped = false;
  beforeAll(async () => {
    running = await startTestService(target, envOverrides, options);
  });
  afterAll(async () => {
    const stopping = running;
    running = undefined;
    stopped = true;
    await stopping?.stop();
  });
  return {
    get service(): TestService {
      if (running) return running;
      throw new Error(
        stopped
          ? "useTestService: the service was already stopped by its afterAll"
          : "useTestService: the service is not running yet; read it in a test, or in a beforeAll registered after useTestService",
      );
    },
  };
}

/**
 * A second service process's worth of services on the same server database as `first` (started in this
 * block's beforeAll, stopped in its afterAll): what another `npm start` beside it would see and do.
 */
export function useSecondService(first: TestServiceHandle): { readonly service: RunningService } {
  let other: RunningService | undefined;
  beforeAll(async () => {
    const env = testServiceEnv({ DATABASE_URL: first.service.services.db.connectionString });
    other = await startService(env, { dataDir: null, logger: createLogger("silent") });
  });
  afterAll(async () => {
    await other?.stop();
  });
  return {
    get service(): RunningService {
      if (other) return other;
      throw new Error("useSecondService: read it in a test, after its beforeAll");
    },
  };
}
