// One refresh step of a worker-maintained view: lock the serving version's state row (SKIP LOCKED,
// so concurrent workers never apply the same events), apply the next contiguous events, advance.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import type { ChangeEventRow } from "../../../events/event-stream.js";
import { MEMORY_VIEW, MEMORY_VIEW_VERSION } from "../domain/memory.constants.js";
import { servingVersion } from "../../../projections/projection-state.js";
import { applyMemoryEvents } from "./memory-apply.js";

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
  status: RefreshStatus;
  applied: number;
  version: number;
  highWaterMark: bigint;
}

export interface RefreshOptions {
  batchSize?: number;
  /** Test hook, called after the events are applied and before the mark advances and commits. */
  beforeCommit?: (events: ChangeEventRow[]) => void | Promise<void>;
}

/** Locks the state row of `version` if it is free; null when another worker holds it. */
export async function lockState(
  tx: TransactionClient,
  view: string,
  version: number,
  wait = false,
): Promise<bigint | null> {
  const rows = wait
    ? await tx.$queryRaw<
        { high_water_mark: bigint }[]
      >`SELECT high_water_mark FROM projection_states WHERE view = ${view} AND version = ${version} FOR UPDATE`
    : await tx.$queryRaw<
        { high_water_mark: bigint }[]
      >`SELECT high_water_mark FROM projection_states WHERE view = ${view} AND version = ${version} FOR UPDATE SKIP LOCKED`;
  return rows[0] ? BigInt(rows[0].high_water_mark) : null;
}

/** The contiguous run of events after `mark`: a gap means a later event is visible before an earlier one. */
export async function nextEvents(tx: TransactionClient, mark: bigint, batchSize: number): Promise<ChangeEventRow[]> {
  const rows = await tx.changeEvent.findMany({
    where: { sequence: { gt: mark, lte: mark + BigInt(batchSize) } },
    orderBy: { sequence: "asc" },
  });
  const run: ChangeEventRow[] = [];
  for (const row of rows) {
    if (row.sequence !== mark + BigInt(run.length) + 1n) break;
    run.push(row);
  }
  return run;
}

/** REFRESH_BATCH when caught up or nearly, BACKLOG_BATCH when replaying a backlog (the head is an index lookup). */
async function batchSizeFor(tx: TransactionClient, mark: bigint): Promise<number> {
  const head = (await tx.changeEvent.aggregate({ _max: { sequence: true } }))._max.sequence ?? 0n;
  return head - mark > BigInt(REFRESH_BATCH) ? BACKLOG_BATCH : REFRESH_BATCH;
}

/** Applies events after `mark` to `version` and advances its mark; caller holds the row lock. */
export async function applyAndAdvance(
  tx: TransactionClient,
  version: number,
  mark: bigint,
  options: RefreshOptions = {},
): Promise<ChangeEventRow[]> {
  const events = await nextEvents(tx, mark, options.batchSize ?? (await batchSizeFor(tx, mark)));
  if (events.length === 0) return events;
  await applyMemoryEvents(tx, version, events);
  await options.beforeCommit?.(events);
  await tx.projectionState.update({
    where: { view_version: { view: MEMORY_VIEW, version } },
    data: { highWaterMark: events.at(-1)!.sequence },
  });
  return events;
}

/** One transaction: the next batch of events into the serving version of `memory-branches`. */
export async function refreshMemoryOnce(prisma: PrismaClient, options: RefreshOptions = {}): Promise<RefreshResult> {
  return prisma.$transaction(async (tx) => {
    const version = await servingVersion(tx, MEMORY_VIEW, MEMORY_VIEW_VERSION, String(MEMORY_VIEW_VERSION));
    const mark = await lockState(tx, MEMORY_VIEW, version);
    if (mark === null) return { status: "busy", applied: 0, version, highWaterMark: 0n };
    const events = await applyAndAdvance(tx, version, mark, options);
    if (events.length === 0) return { status: "idle", applied: 0, version, highWaterMark: mark };
    return { status: "applied", applied: events.length, version, highWaterMark: events.at(-1)!.sequence };
  }, REFRESH_TRANSACTION);
}
