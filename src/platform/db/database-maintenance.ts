// Keeps the planner's statistics in step with a store that grows while the service runs, and on the
// embedded database does the vacuuming and checkpointing a server's background processes would.
//
// The service's hot statements (the research write, the memory refresh's reads) are prepared once per
// pooled connection, and PostgreSQL keeps a prepared statement's generic plan until something invalidates
// it. An ANALYZE does: it rewrites the table's pg_class row, and every backend drops the plans that read
// the table. A plan made while a table was nearly empty, where every index of it costs the same, can be
// one that reads the whole table once it has grown. `bench:writes` found both kinds on a new database:
// the memory refresh joined every checkpoint of a view version per branch (5.3 million index entries read
// in one run), and some connections counted near-duplicates through (routing target, created_at) with a
// filter on the text shape, reading every record of the target on every write. A server's autovacuum
// analyses a grown table within a minute or so; the embedded database has no autovacuum, so there such a
// plan stayed for the life of the process.
//
// So after commits, at most once per CHECK_INTERVAL_MS, one catalogue query finds the tables whose size on
// disk has reached GROWTH_FACTOR times what the planner last recorded (pg_class.relpages, which ANALYZE
// and VACUUM set), and analyses those: each table is analysed about once per doubling of its size, and a
// store that stops growing is not analysed again. Size on disk is what the planner scales its row counts
// by, and it needs no statistics collector.
//
// Without autovacuum nothing reclaims the dead row versions that updates leave either. The memory view
// rewrites its checkpoints and heads on every refresh, and a head's branch list and summary live out of
// line (TOAST), where dead values are never pruned in passing: in one `bench:writes` run 498 head updates
// left 457 dead TOAST rows, 552 kB for 5 heads. So with `vacuumDeadRows` (the embedded database, or a
// server with autovacuum off) the same query also picks the tables, or their TOAST tables, whose dead rows
// have passed autovacuum's default threshold (DEAD_ROWS_BASE + DEAD_ROWS_SHARE of the live ones) and that
// were not vacuumed in the last VACUUM_INTERVAL_SECONDS, and those get `VACUUM (ANALYZE)`, which also
// refreshes their statistics. The dead-row counts and the last vacuum come from the cumulative statistics,
// which the embedded database keeps too.
//
// Nor does the embedded database checkpoint by itself: it has no checkpointer, and its write-ahead log grew
// past max_wal_size (1.36 GB of WAL in a test of PGlite that wrote 1.3 GB of table data, no segment ever
// removed). Every byte of it is kept on disk, and a process that is killed replays all of it at its next
// start. So with `checkpointAfterWalBytes` a check first reads how much WAL the last checkpoint has not
// covered, and past that much it runs CHECKPOINT and nothing else: the log stays a few segments long.
import type pg from "pg";
import { coalescedTask, type CoalescedTask } from "../lib/coalesced-run.js";
import type { DatabaseKind } from "./database.js";

/** The shortest time between two checks; commits in between ask for nothing. */
export const CHECK_INTERVAL_MS = 2_000;
/** A table is analysed again once it is this many times the size the planner last recorded. */
export const GROWTH_FACTOR = 2;
/**
 * A table is first analysed at this many pages (8 kB each). Small: a branch table of a few pages, read through
 * a plan made while it was empty, gave every refresh statement all of its rows to filter, several times a pass.
 */
export const MIN_PAGES = 2;
/**
 * A table is vacuumed once its dead rows reach DEAD_ROWS_BASE + DEAD_ROWS_SHARE × its live rows (autovacuum's
 * defaults).
 */
export const DEAD_ROWS_BASE = 50;
export const DEAD_ROWS_SHARE = 0.2;
/**
 * And at most once in this long (autovacuum's naptime): the memory view's tables pass the threshold within
 * seconds under a stream of writes, and each vacuum runs on the embedded database's one thread.
 */
export const VACUUM_INTERVAL_SECONDS = 60;
/**
 * The WAL the embedded database may write past its last checkpoint: what a restart after a crash replays,
 * and about what the log keeps on disk. A checkpoint there took 0.2–0.4 s with hundreds of megabytes of
 * changes behind it, on the service's thread.
 */
export const EMBEDDED_CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;

/** Where the keeper sends its statements: the service's pool (a test may pass one connection). */
export interface MaintenanceConnection {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export interface DatabaseMaintenanceOptions {
  checkIntervalMs?: number;
  /**
   * Tables maintained per check, the vacuums first and then the most grown (default: all). The embedded
   * database works on the service's own thread (an ANALYZE of each of the two largest tables takes 0.7 s at
   * 100,000 records), so it takes one per check.
   */
  tablesPerCheck?: number;
  /** Vacuum tables with many dead rows: for a database without autovacuum (see vacuumedByAutovacuum). */
  vacuumDeadRows?: boolean;
  /** The least time between two vacuums of one table (its `last_vacuum`). */
  vacuumIntervalSeconds?: number;
  /** Checkpoint once the WAL past the last checkpoint reaches this many bytes (a database without a checkpointer). */
  checkpointAfterWalBytes?: number;
  now?: () => number;
  /** Told what a check did, and how long it took. */
  onMaintained?: (done: MaintenanceDone, durationMs: number) => void;
  onError: (error: Error) => void;
}

/** What one check did: a checkpoint (nothing else then), or VACUUM (ANALYZE) of `vacuumed`, ANALYZE of `analysed`. */
export interface MaintenanceDone {
  checkpointed: boolean;
  vacuumed: string[];
  analysed: string[];
}

/** WAL written since the last checkpoint's redo point (pg_control_checkpoint needs a superuser, as embedded is). */
const WAL_PAST_CHECKPOINT = `
  SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), (pg_control_checkpoint()).redo_lsn)::float8 AS bytes`;

const TABLES_DUE = `
  WITH tables AS (
    SELECT format('%I.%I', n.nspname, c.relname) AS name,
      pg_relation_size(c.oid)::float8 / greatest(c.relpages, 1) AS growth,
      pg_relation_size(c.oid) >= current_setting('block_size')::bigint * greatest($1::int, $2::int * c.relpages)
        AS grown,
      $4::boolean
        AND coalesce(heap.last_vacuum, '-infinity') < now() - make_interval(secs => $7::float8)
        AND (
          coalesce(heap.n_dead_tup, 0) >= $5::float8 + $6::float8 * coalesce(heap.n_live_tup, 0)
          OR coalesce(toast.n_dead_tup, 0) >= $5::float8 + $6::float8 * coalesce(toast.n_live_tup, 0)
        ) AS dead,
      coalesce(heap.n_dead_tup, 0) + coalesce(toast.n_dead_tup, 0) AS dead_rows
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_stat_all_tables heap ON heap.relid = c.oid
    LEFT JOIN pg_stat_all_tables toast ON toast.relid = c.reltoastrelid
    WHERE c.relkind = 'r' AND n.nspname = ANY (current_schemas(false))
  )
  SELECT name, dead AS vacuum FROM tables
  WHERE grown OR dead
  ORDER BY dead DESC, dead_rows DESC, growth DESC, name
  LIMIT $3`;

/**
 * Whether something else vacuums the database: a server with autovacuum on. The embedded database runs no
 * background workers, so there the service has to, as it does on a server with autovacuum turned off.
 */
export async function vacuumedByAutovacuum(connection: MaintenanceConnection, kind: DatabaseKind): Promise<boolean> {
  if (kind === "embedded") return false;
  const { rows } = await connection.query<{ on: boolean }>("SELECT current_setting('autovacuum')::boolean AS on");
  return rows[0]?.on ?? true;
}

export class DatabaseMaintenance {
  private readonly checkIntervalMs: number;
  private readonly now: () => number;
  private readonly task: CoalescedTask;
  // The first check waits a full interval: what a starting service prepares is planned on the tables as they are.
  private lastCheckAt: number;
  private stopped = false;

  constructor(
    private readonly connection: MaintenanceConnection,
    private readonly options: DatabaseMaintenanceOptions,
  ) {
    this.checkIntervalMs = options.checkIntervalMs ?? CHECK_INTERVAL_MS;
    this.now = options.now ?? (() => performance.now());
    this.lastCheckAt = this.now();
    this.task = coalescedTask(async () => {
      await this.maintain().catch((error: unknown) => this.options.onError(error as Error));
    });
  }

  /** After a commit (a change notice): checks in the background when the last check is old enough. */
  afterCommit(): void {
    if (this.stopped) return;
    const now = this.now();
    if (now - this.lastCheckAt < this.checkIntervalMs) return;
    this.lastCheckAt = now;
    void this.task.run();
  }

  /**
   * With `checkpointAfterWalBytes`, checkpoints when the WAL has passed it, and does nothing else then.
   * Otherwise vacuums the tables with too many dead rows (with `vacuumDeadRows`) and analyses those grown
   * GROWTH_FACTOR times since the planner last measured them, up to tablesPerCheck in all. Returns what it did.
   */
  async maintain(): Promise<MaintenanceDone> {
    const started = performance.now();
    const done: MaintenanceDone = { checkpointed: await this.checkpointIfDue(), vacuumed: [], analysed: [] };
    if (!done.checkpointed) {
      const { rows } = await this.connection.query<{ name: string; vacuum: boolean }>(TABLES_DUE, [
        MIN_PAGES,
        GROWTH_FACTOR,
        this.options.tablesPerCheck ?? null,
        this.options.vacuumDeadRows ?? false,
        DEAD_ROWS_BASE,
        DEAD_ROWS_SHARE,
        this.options.vacuumIntervalSeconds ?? VACUUM_INTERVAL_SECONDS,
      ]);
      done.vacuumed = rows.filter((row) => row.vacuum).map((row) => row.name);
      done.analysed = rows.filter((row) => !row.vacuum).map((row) => row.name);
      // SKIP_LOCKED: a table another session is vacuuming or analysing right now is left to it rather than waited for.
      if (done.vacuumed.length > 0)
        await this.connection.query(`VACUUM (ANALYZE, SKIP_LOCKED) ${done.vacuumed.join(", ")}`);
      if (done.analysed.length > 0) await this.connection.query(`ANALYZE (SKIP_LOCKED) ${done.analysed.join(", ")}`);
    }
    if (done.checkpointed || done.vacuumed.length > 0 || done.analysed.length > 0)
      this.options.onMaintained?.(done, performance.now() - started);
    return done;
  }

  private async checkpointIfDue(): Promise<boolean> {
    const limit = this.options.checkpointAfterWalBytes;
    if (limit === undefined) return false;
    const { rows } = await this.connection.query<{ bytes: number }>(WAL_PAST_CHECKPOINT);
    if ((rows[0]?.bytes ?? 0) < limit) return false;
    await this.connection.query("CHECKPOINT");
    return true;
  }

  /** No check starts after this; resolves once the one in flight, if any, has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.task.idle();
  }
}
