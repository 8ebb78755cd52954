// The embedded database: PGlite (Postgres in wasm) persisted in a data directory and served over the
// Postgres wire protocol on loopback, so the same pg + Prisma code path serves both databases.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export class DatabaseStartupError extends Error {
  override readonly name = "DatabaseStartupError";
}

export interface EmbeddedDatabase {
  connectionString: string;
  close(): Promise<void>;
}

const LOCK_FILE = "service.lock";

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PGlite is one session in one process: a second process on the same directory would corrupt it. */
function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (existsSync(lockPath)) {
    const holder = Number(readFileSync(lockPath, "utf8").trim());
    if (Number.isInteger(holder) && holder !== process.pid && processIsAlive(holder)) {
      throw new DatabaseStartupError(
        `The embedded database in ${dataDir} is in use by process ${holder}. Stop that process, ` +
          `or point DATA_DIR at another directory, or set DATABASE_URL to use a PostgreSQL server.`,
      );
    }
  }
  writeFileSync(lockPath, String(process.pid));
  return () => rmSync(lockPath, { force: true });
}

/** Opens (creating on first use) the embedded database; `dataDir` null keeps it in memory. */
export async function startEmbeddedDatabase(dataDir: string | null): Promise<EmbeddedDatabase> {
  let releaseLock = () => undefined as void;
  let storePath: string | undefined;
  if (dataDir) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw new DatabaseStartupError(`Cannot create the data directory ${dataDir}: ${(error as Error).message}`);
    }
    releaseLock = acquireDirectoryLock(dataDir);
    storePath = path.join(dataDir, "pgdata");
  }
  let db: PGlite;
  try {
    db = await PGlite.create(storePath ? { dataDir: storePath } : {});
    await db.query("select 1");
  } catch (error) {
    releaseLock();
    throw new DatabaseStartupError(
      `The embedded database in ${storePath} could not be opened (${(error as Error).message ?? error}). ` +
        `It may be corrupt or written by another PGlite version: move it aside and start again to create a new one.`,
    );
  }
  // maxConnections > 1 lets a pool connect, but PGlite is a single session: the service therefore
  // uses a pool of one connection on the embedded database (see createPool).
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 8 });
  await server.start();
  const address = server.getServerConn();
  return {
    connectionString: `postgresql://postgres@${address}/postgres`,
    async close() {
      await server.stop();
      await db.close();
      releaseLock();
    },
  };
}
