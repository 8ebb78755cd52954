// The embedded database: PGlite (Postgres in wasm) persisted in a data directory and served over the
// Postgres wire protocol, so the same pg + Prisma code path serves both databases. It listens on a
// Unix socket in a private (0700) directory, never on a TCP port: PGlite has no passwords, and on
// loopback any local process could have connected and, say, made itself a CURATOR.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
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

interface LockHolder {
  pid: number;
  /** The process's start time (Linux clock ticks since boot), so a reused pid is not mistaken for it. */
  startTime: string | null;
}

/** State and start time from /proc (Linux); null where there is no /proc or no such process. */
function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields are counted after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", startTime: fields[19] ?? "" };
  } catch {
    return null;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Alive and the same process that wrote the lock: a zombie (killed, not yet reaped) or a reused pid is not. */
function holderIsAlive(holder: LockHolder): boolean {
  if (!processIsAlive(holder.pid)) return false;
  const stat = procStat(holder.pid);
  if (!stat) return !existsSync("/proc/self/stat");
  if (stat.state === "Z" || stat.state === "X") return false;
  return holder.startTime === null || holder.startTime === stat.startTime;
}

function readHolder(lockPath: string): LockHolder | null {
  const text = readFileSync(lockPath, "utf8").trim();
  // Older locks hold a bare pid.
  if (/^\d+$/.test(text)) return { pid: Number(text), startTime: null };
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    return Number.isInteger(parsed.pid) ? { pid: parsed.pid!, startTime: parsed.startTime ?? null } : null;
  } catch {
    return null;
  }
}

/** The live process holding `dataDir`'s embedded database (another process), or null when it is free. */
export function embeddedDatabaseHolder(dataDir: string): { pid: number } | null {
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (!existsSync(lockPath)) return null;
  const holder = readHolder(lockPath);
  return holder && holder.pid !== process.pid && holderIsAlive(holder) ? { pid: holder.pid } : null;
}

/** PGlite is one session in one process: a second process on the same directory would corrupt it. */
function acquireDirectoryLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (existsSync(lockPath)) {
    const holder = readHolder(lockPath);
    if (holder && holder.pid !== process.pid && holderIsAlive(holder)) {
      throw new DatabaseStartupError(
        `The embedded database in ${dataDir} is in use by process ${holder.pid}. Stop that process, ` +
          `or point DATA_DIR at another directory, or set DATABASE_URL to use a PostgreSQL server.`,
      );
    }
  }
  const self: LockHolder = { pid: process.pid, startTime: procStat(process.pid)?.startTime ?? null };
  writeFileSync(lockPath, JSON.stringify(self));
  return () => rmSync(lockPath, { force: true });
}

/** A fresh private directory for the socket; Unix socket paths are short, so it lives in the temp dir. */
function privateSocketDirectory(): string {
  return mkdtempSync(path.join(os.tmpdir(), "rms-pg-"));
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
  const socketDir = privateSocketDirectory();
  // libpq and pg look for the socket as <dir>/.s.PGSQL.<port>.
  const server = new PGLiteSocketServer({ db, path: path.join(socketDir, ".s.PGSQL.5432"), maxConnections: 8 });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    releaseLock();
    rmSync(socketDir, { recursive: true, force: true });
    throw new DatabaseStartupError(
      `The embedded database could not listen on its socket in ${socketDir}: ${(error as Error).message}`,
    );
  }
  return {
    connectionString: `postgresql://postgres@localhost:5432/postgres?host=${encodeURIComponent(socketDir)}`,
    async close() {
      await server.stop();
      await db.close();
      releaseLock();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
