// Opens the configured database (PostgreSQL server, or the embedded PGlite), applies migrations and
// returns one Prisma client and one pg pool over the same connections.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../generated/prisma/client.js";
import { DatabaseStartupError, startEmbeddedDatabase } from "./embedded.js";
import { applyMigrations } from "./migrate.js";
import { silenceKnownAdapterNotice } from "./upstream-warnings.js";

export type DatabaseKind = "embedded" | "server";

export interface Database {
  kind: DatabaseKind;
  prisma: PrismaClient;
  pool: pg.Pool;
  /** Connection string clients can use (the embedded one listens on loopback). */
  connectionString: string;
  /**
   * Work that must finish before the pool closes (impressions written behind the response, say), added by
   * whoever queues it, so this layer closes cleanly without knowing the modules that write through it.
   */
  beforeClose(hook: () => Promise<void>): void;
  /** Runs the `beforeClose` hooks in the order they were added, then closes the client, pool and server. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL, or null for the embedded database. */
  databaseUrl: string | null;
  /** Embedded data directory; null keeps the embedded database in memory (tests). */
  dataDir: string | null;
  /** Pool size on a server database. */
  poolSize?: number;
  migrate?: boolean;
}

async function checkReachable(pool: pg.Pool, description: string): Promise<void> {
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseStartupError(`Cannot reach ${description}: ${(error as Error).message}`);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
}

/**
 * Refreshes planner statistics after a bulk write. The embedded database has no autovacuum daemon, so
 * without this its planner keeps row estimates from before the load and picks sorts over index scans.
 */
export async function refreshStatistics(pool: pg.Pool): Promise<void> {
  await pool.query("ANALYZE");
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  silenceKnownAdapterNotice();
  let connectionString: string;
  let closeEmbedded = async () => undefined as void;
  let kind: DatabaseKind;
  if (options.databaseUrl) {
    kind = "server";
    connectionString = options.databaseUrl;
  } else {
    kind = "embedded";
    const embedded = await startEmbeddedDatabase(options.dataDir);
    connectionString = embedded.connectionString;
    closeEmbedded = () => embedded.close();
  }
  // The embedded database is one Postgres session: a single connection keeps statements of
  // concurrent requests from interleaving inside each other's transactions.
  const pool = new pg.Pool({
    connectionString,
    max: kind === "embedded" ? 1 : (options.poolSize ?? 10),
    connectionTimeoutMillis: kind === "embedded" ? 0 : 10_000,
  });
  pool.on("error", () => undefined); // idle-client errors surface on the next query instead
  // pg-pool replaces its connection after any failed query (a constraint violation too). On a server
  // that is a new session; the embedded database has one session for every connection, so it would
  // still hold the statements the old connection prepared, which the new client does not know of: its
  // first Parse of each would fail with "already exists", and that failure replaces the connection
  // again. Each new connection therefore starts by forgetting them (queued before any other query).
  if (kind === "embedded") pool.on("connect", (client) => void client.query("DEALLOCATE ALL").catch(() => undefined));
  await checkReachable(
    pool,
    kind === "server" ? `the PostgreSQL server at ${redact(connectionString)}` : "the embedded database",
  ).catch(async (error) => {
    await closeEmbedded();
    throw error;
  });
  if (options.migrate ?? true) {
    try {
      await applyMigrations(pool);
    } catch (error) {
      await pool.end();
      await closeEmbedded();
      throw error;
    }
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const closeHooks: (() => Promise<void>)[] = [];
  return {
    kind,
    prisma,
    pool,
    connectionString,
    beforeClose(hook) {
      closeHooks.push(hook);
    },
    async close() {
      for (const hook of closeHooks) await hook(); // writes queued behind responses land first
      await prisma.$disconnect();
      await pool.end();
      await closeEmbedded();
    },
  };
}
