// Keeps the planner's statistics in step with a store that grows while the service runs.
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
// by, and it needs no statistics collector (which the embedded database may not keep).
import type pg from "pg";
import { coalescedTask, type CoalescedTask } from "../lib/coalesced-run.js";

/** The shortest time between two checks; commits in between ask for nothing. */
export const CHECK_INTERVAL_MS = 2_000;
/** A table is analysed again once it is this many times the size the planner last recorded. */
export const GROWTH_FACTOR = 2;
/**
 * A table is first analysed at this many pages (8 kB each). Small: a branch table of a few pages, read through
 * a plan made while it was empty, gave every refresh statement all of its rows to filter, several times a pass.
 */
export const MIN_PAGES = 2;

/** Where the keeper sends its statements: the service's pool (a test may pass one connection). */
export interface StatisticsConnection {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export interface PlannerStatisticsOptions {
  checkIntervalMs?: number;
  /**
   * Tables analysed per check, the most grown first (default: all). The embedded database analyses on the
   * service's own thread, 0.7 s for each of the two largest tables at 100,000 records, so it takes one per check.
   */
  tablesPerCheck?: number;
  now?: () => number;
  /** Told which tables an analysis covered and how long it took. */
  onAnalysed?: (tables: readonly string[], durationMs: number) => void;
  onError: (error: Error) => void;
}

const GROWN_TABLES = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname = ANY (current_schemas(false))
    AND pg_relation_size(c.oid) >= current_setting('block_size')::bigint * greatest($1::int, $2::int * c.relpages)
  ORDER BY pg_relation_size(c.oid)::float8 / greatest(c.relpages, 1) DESC, 1
  LIMIT $3`;

export class PlannerStatistics {
  private readonly checkIntervalMs: number;
  private readonly now: () => number;
  private readonly task: CoalescedTask;
  // The first check waits a full interval: what a starting service prepares is planned on the tables as they are.
  private lastCheckAt: number;
  private stopped = false;

  constructor(
    private readonly connection: StatisticsConnection,
    private readonly options: PlannerStatisticsOptions,
  ) {
    this.checkIntervalMs = options.checkIntervalMs ?? CHECK_INTERVAL_MS;
    this.now = options.now ?? (() => performance.now());
    this.lastCheckAt = this.now();
    this.task = coalescedTask(async () => {
      await this.analyseGrownTables().catch((error: unknown) => this.options.onError(error as Error));
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

  /** Analyses the tables (up to tablesPerCheck) grown GROWTH_FACTOR times since the planner last measured them; returns their names. */
  async analyseGrownTables(): Promise<string[]> {
    const started = performance.now();
    const { rows } = await this.connection.query<{ name: string }>(GROWN_TABLES, [
      MIN_PAGES,
      GROWTH_FACTOR,
      this.options.tablesPerCheck ?? null,
    ]);
    const tables = rows.map((row) => row.name);
    if (tables.length === 0) return tables;
    // SKIP_LOCKED: a table autovacuum is analysing right now is left to it rather than waited for.
    await this.connection.query(`ANALYZE (SKIP_LOCKED) ${tables.join(", ")}`);
    this.options.onAnalysed?.(tables, performance.now() - started);
    return tables;
  }

  /** No check starts after this; resolves once the one in flight, if any, has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.task.idle();
  }
}
