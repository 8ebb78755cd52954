// One refresh step of a worker-maintained view: lock the serving version's state row (SKIP LOCKED,
// so concurrent workers never apply the same events), apply the next contiguous events, advance.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { TransactionClient } from "../platform/db/transaction.js";
import { type ChangeEventRow, headSequence } from "../events/change-events.js";
import { lockState, servingVersion } from "./projection-state.js";
import type { Projector } from "./projector.js";

/** Events per transaction: large enough to amortise checkpoint work, small enough to stay short. */
export const REFRESH_BATCH = 500;
/**
 * Events per transaction while replaying a backlog (more than REFRESH_BATCH behind): a refresh costs
 * the batch plus a fixed part per touched branch (window reads, summaries, heads), so larger batches
 * amortise the fixed part; each stays a few seconds at most.
 */
export const BACKLOG_BATCH = 5_000;
// A refresh that recomputes many large branches needs more than Prisma's 5 s default.
const REFRESH_TRANSACTION = { timeout: 120_000, maxWait: 30_000 } as const;

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
  /** Test hook, called after the events are applied and before the mark advances and commits. */
  beforeCommit?: (events: ChangeEventRow[]) => void | Promise<void>;
}

/** The contiguous run of events after `mark`: a gap means a later event is visible before an earlier one. */
export async function nextEvents(tx: TransactionClient, mark: bigint, batchSize: number): Promise<ChangeEventRow[]> {
  const rows = await tx.$queryRaw<ChangeEventRow[]>`
    SELECT sequence, routing_target_id::text AS "routingTargetId", project_id::text AS "projectId",
           resource_type AS "resourceType", resource_id AS "resourceId", event_type AS "eventType",
           payload_version AS "payloadVersion", payload, operator_id::text AS "operatorId", created_at AS "createdAt"
    FROM change_events WHERE sequence > ${mark} AND sequence <= ${mark + BigInt(batchSize)} ORDER BY sequence`;
  const run: ChangeEventRow[] = [];
  for (const row of rows) {
    if (row.sequence !== mark + BigInt(run.length) + 1n) break;
    run.push(row);
  }
  return run;
}

/** REFRESH_BATCH when caught up or nearly, BACKLOG_BATCH when replaying a backlog. */
const batchSizeFor = (head: bigint, mark: bigint): number =>
  head - mark > BigInt(REFRESH_BATCH) ? BACKLOG_BATCH : REFRESH_BATCH;

interface LockedState {
  version: number;
  mark: bigint;
  head: bigint;
}

/**
 * The serving version's state row, locked, with its mark and the stream's head: one statement in the
 * common case. Null when the row is held by another worker. A view without a pointer yet gets its
 * state and pointer first (servingVersion), then the same lock.
 */
async function lockServingState(tx: TransactionClient, projector: Projector): Promise<LockedState | null> {
  const [row] = await tx.$queryRaw<{ version: number; high_water_mark: bigint; head: bigint | null }[]>`
    SELECT s.version, s.high_water_mark, (SELECT max(sequence) FROM change_events) AS head
    FROM projection_pointers p JOIN projection_states s ON s.view = p.view AND s.version = p.serving_version
    WHERE p.view = ${projector.view}
    FOR UPDATE OF s SKIP LOCKED`;
  if (row) return { version: row.version, mark: BigInt(row.high_water_mark), head: BigInt(row.head ?? 0n) };
  const version = await servingVersion(tx, projector.view, projector.codeVersion, projector.viewVersion);
  const mark = await lockState(tx, projector.view, version);
  return mark === null ? null : { version, mark, head: await headSequence(tx) };
}

/** Applies events after `mark` to `version` and advances its mark; caller holds the row lock. */
async function applyAndAdvance(
  tx: TransactionClient,
  projector: Projector,
  { version, mark, head }: LockedState,
  options: RefreshOptions,
): Promise<{ events: ChangeEventRow[]; caughtUp: boolean }> {
  const batchSize = options.batchSize ?? batchSizeFor(head, mark);
  const events = await nextEvents(tx, mark, batchSize);
  const caughtUp = events.length < batchSize;
  if (events.length === 0) return { events, caughtUp };
  await projector.catchUp(tx, version, events);
  await options.beforeCommit?.(events);
  await tx.$executeRaw`
    UPDATE projection_states SET high_water_mark = ${events.at(-1)!.sequence}, updated_at = (now() AT TIME ZONE 'UTC')
    WHERE view = ${projector.view} AND version = ${version}`;
  return { events, caughtUp };
}

/** One transaction: the next batch of events into the serving version of the projector's view. */
export async function refreshOnce(
  prisma: PrismaClient,
  projector: Projector,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const { view } = projector;
  return prisma.$transaction(async (tx) => {
    const locked = await lockServingState(tx, projector);
    if (!locked) return { view, status: "busy", applied: 0, version: 0, highWaterMark: 0n, caughtUp: false };
    const { version, mark } = locked;
    const { events, caughtUp } = await applyAndAdvance(tx, projector, locked, options);
    if (events.length === 0) return { view, status: "idle", applied: 0, version, highWaterMark: mark, caughtUp: true };
    const highWaterMark = events.at(-1)!.sequence;
    return { view, status: "applied", applied: events.length, version, highWaterMark, caughtUp };
  }, REFRESH_TRANSACTION);
}
