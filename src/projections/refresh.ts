// One refresh step of a worker-maintained view: lock the serving version's state row (SKIP LOCKED,
// so concurrent workers never apply the same events), apply the next contiguous events, advance. It
// runs on a pg client (raw SQL, see platform/db/sql.ts): a refresh is a dozen small statements, which
// cost about three times as much CPU through Prisma.
import type pg from "pg";
import { contiguousEvents, EVENT_COLUMNS, type ChangeEventRow, type EventColumns } from "../events/change-events.js";
import { noticeSuffix } from "../events/notifier.js";
import { sql, withPgTransaction, type SqlRunner } from "../platform/db/sql.js";
import type { WorkerProjector } from "./projector.js";
import { servingVersionIn } from "./projection-state.js";

/** Events per transaction: large enough to amortise checkpoint work, small enough to stay short. */
export const REFRESH_BATCH = 500;
/**
 * Events per transaction while replaying a backlog (more than REFRESH_BATCH behind): a refresh costs
 * the batch plus a fixed part per touched branch (window reads, summaries, heads), so larger batches
 * amortise the fixed part; each stays a few seconds at most.
 */
export const BACKLOG_BATCH = 5_000;

export type RefreshStatus = "applied" | "idle" | "busy";

export interface RefreshResult {
  view: string;
  status: RefreshStatus;
  applied: number;
  version: number;
  highWaterMark: bigint;
  /**
   * The refresh found fewer events than it asked for: the view had caught up with the stream as its
   * read saw it, so a drain can stop here instead of asking again (events committed later send their
   * own notices). Idle refreshes are caught up too.
   */
  caughtUp: boolean;
}

export interface RefreshOptions {
  batchSize?: number;
  /** Named statements, planned once per connection: on a server database only (see pgRunner). */
  preparedStatements?: boolean;
  /**
   * Where the refresh announces its new mark (the notifier's statementChannel): `pg_notify` in its own
   * transaction, so the notice leaves at the commit and costs no round trip; its topic is `views` (no
   * new events), spelled by notifier.ts's noticeSuffix. Null or absent: none.
   */
  noticeChannel?: string | null;
  /** Test hook, called after the events are applied and before the mark advances and commits. */
  beforeCommit?: (events: ChangeEventRow[]) => void | Promise<void>;
}

/** The serving version's state row, locked, and the events the refresh applies. */
interface LockedBatch {
  version: number;
  mark: bigint;
  /** The events asked for; fewer means the view has caught up with the stream as the read saw it. */
  batchSize: number;
  /** The contiguous run after `mark`. */
  events: ChangeEventRow[];
}

type LockedRow = { version: number; mark: string; batch: number } & (
  EventColumns | { [K in keyof EventColumns]: null }
);

/**
 * Locks the serving version's state row (SKIP LOCKED) and reads the events after its mark, in one
 * statement: `batchSize`, or REFRESH_BATCH when caught up or nearly and BACKLOG_BATCH when replaying a
 * backlog. Null when there is no row to lock (another worker holds it, or the view has no state yet).
 *
 * The same statement sets the transaction's commit not to wait for its WAL flush. The view and its mark
 * commit together and derive from the stream, which the writes commit durably; a crash can only lose the
 * last refreshes whole (WAL is flushed in order: a refresh older than a durable write is durable too), and the
 * worker applies them again. Waiting for the flush bought nothing and queued the writes' own flushes.
 */
async function lockAndRead(tx: SqlRunner, view: string, batchSize: number | undefined): Promise<LockedBatch | null> {
  const rows = await tx.query<LockedRow>(sql`
    WITH locked AS (
      SELECT s.version, s.high_water_mark AS mark, set_config('synchronous_commit', 'off', true) AS commit_mode,
        coalesce(${batchSize ?? null}::int, CASE
          WHEN coalesce((SELECT max(sequence) FROM change_events), 0) - s.high_water_mark > ${REFRESH_BATCH}::int
          THEN ${BACKLOG_BATCH}::int ELSE ${REFRESH_BATCH}::int END) AS batch
      FROM projection_pointers p JOIN projection_states s ON s.view = p.view AND s.version = p.serving_version
      WHERE p.view = ${view}::text
      FOR UPDATE OF s SKIP LOCKED)
    SELECT locked.version, locked.mark::text AS mark, locked.batch, ${EVENT_COLUMNS}
    FROM locked LEFT JOIN change_events e ON e.sequence > locked.mark AND e.sequence <= locked.mark + locked.batch
    ORDER BY e.sequence`);
  const [first] = rows;
  if (!first) return null;
  const mark = BigInt(first.mark);
  const events = contiguousEvents(
    rows.filter((row): row is LockedRow & EventColumns => row.sequence !== null),
    mark,
  );
  return { version: first.version, mark, batchSize: first.batch, events };
}

/**
 * The serving state, locked, with its next events: one statement in the common case. A view without a
 * pointer yet gets its state and pointer for the code version first (servingVersionIn); null means another
 * worker holds the row.
 */
async function lockServingState(
  tx: SqlRunner,
  projector: WorkerProjector,
  batchSize: number | undefined,
): Promise<LockedBatch | null> {
  const locked = await lockAndRead(tx, projector.view, batchSize);
  if (locked) return locked;
  await servingVersionIn(tx, projector.view, projector.codeVersion, projector.viewVersion);
  return lockAndRead(tx, projector.view, batchSize);
}

/** Applies the locked batch's events to its version and advances its mark; caller holds the row lock. */
async function applyAndAdvance(
  tx: SqlRunner,
  projector: WorkerProjector,
  { version, events }: LockedBatch,
  options: RefreshOptions,
): Promise<void> {
  await projector.catchUp(tx, version, events);
  await options.beforeCommit?.(events);
  await tx.query(sql`
    WITH moved AS (
      UPDATE projection_states SET high_water_mark = ${events.at(-1)!.sequence.toString()}::bigint,
        updated_at = (now() AT TIME ZONE 'UTC')
      WHERE view = ${projector.view}::text AND version = ${version}::int
      RETURNING high_water_mark)
    SELECT count(pg_notify(${options.noticeChannel ?? null}::text, high_water_mark::text || ${noticeSuffix("views")}::text)) AS sent
    FROM moved WHERE ${options.noticeChannel ?? null}::text IS NOT NULL`);
}

/** One transaction on a pooled connection: the next batch of events into the serving version of the projector's view. */
export async function refreshOnce(
  pool: pg.Pool,
  projector: WorkerProjector,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const { view } = projector;
  return withPgTransaction(
    pool,
    async (tx) => {
      const locked = await lockServingState(tx, projector, options.batchSize);
      if (!locked) return { view, status: "busy", applied: 0, version: 0, highWaterMark: 0n, caughtUp: false };
      const { version, mark, events } = locked;
      const caughtUp = events.length < locked.batchSize;
      if (events.length === 0)
        return { view, status: "idle", applied: 0, version, highWaterMark: mark, caughtUp: true };
      await applyAndAdvance(tx, projector, locked, options);
      const highWaterMark = events.at(-1)!.sequence;
      return { view, status: "applied", applied: events.length, version, highWaterMark, caughtUp };
    },
    { prepared: options.preparedStatements },
  );
}
