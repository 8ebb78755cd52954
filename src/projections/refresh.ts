// One refresh step of a worker-maintained view: lock the serving version's state row (SKIP LOCKED,
// so concurrent workers never apply the same events), apply the next contiguous events, advance. It
// runs on a pg client (raw SQL, see platform/db/sql.ts): a refresh is a dozen small statements, which
// cost about three times as much CPU through Prisma.
import type pg from "pg";
import { nextEvents, type ChangeEventRow } from "../events/change-events.js";
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

/** REFRESH_BATCH when caught up or nearly, BACKLOG_BATCH when replaying a backlog. */
const batchSizeFor = (head: bigint, mark: bigint): number =>
  head - mark > BigInt(REFRESH_BATCH) ? BACKLOG_BATCH : REFRESH_BATCH;

interface LockedState {
  version: number;
  mark: bigint;
  head: bigint;
}

/** The serving version's state row, locked (SKIP LOCKED), with its mark and the stream's head. */
async function lockServing(tx: SqlRunner, view: string): Promise<LockedState | null> {
  const [row] = await tx.query<{ version: number; mark: string; head: string | null }>(sql`
    SELECT s.version, s.high_water_mark::text AS mark, (SELECT max(sequence) FROM change_events)::text AS head
    FROM projection_pointers p JOIN projection_states s ON s.view = p.view AND s.version = p.serving_version
    WHERE p.view = ${view}::text
    FOR UPDATE OF s SKIP LOCKED`);
  return row ? { version: row.version, mark: BigInt(row.mark), head: BigInt(row.head ?? "0") } : null;
}

/**
 * The serving state, locked: one statement in the common case. A view without a pointer yet gets its
 * state and pointer for the code version first (servingVersionIn); null means another worker holds the row.
 */
async function lockServingState(tx: SqlRunner, projector: WorkerProjector): Promise<LockedState | null> {
  const locked = await lockServing(tx, projector.view);
  if (locked) return locked;
  await servingVersionIn(tx, projector.view, projector.codeVersion, projector.viewVersion);
  return lockServing(tx, projector.view);
}

/** Applies events after `mark` to `version` and advances its mark; caller holds the row lock. */
async function applyAndAdvance(
  tx: SqlRunner,
  projector: WorkerProjector,
  { version, mark, head }: LockedState,
  options: RefreshOptions,
): Promise<{ events: ChangeEventRow[]; caughtUp: boolean }> {
  const batchSize = options.batchSize ?? batchSizeFor(head, mark);
  const events = await nextEvents(tx, mark, batchSize);
  const caughtUp = events.length < batchSize;
  if (events.length === 0) return { events, caughtUp };
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
  return { events, caughtUp };
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
      const locked = await lockServingState(tx, projector);
      if (!locked) return { view, status: "busy", applied: 0, version: 0, highWaterMark: 0n, caughtUp: false };
      const { version, mark } = locked;
      const { events, caughtUp } = await applyAndAdvance(tx, projector, locked, options);
      if (events.length === 0)
        return { view, status: "idle", applied: 0, version, highWaterMark: mark, caughtUp: true };
      const highWaterMark = events.at(-1)!.sequence;
      return { view, status: "applied", applied: events.length, version, highWaterMark, caughtUp };
    },
    { prepared: options.preparedStatements },
  );
}
