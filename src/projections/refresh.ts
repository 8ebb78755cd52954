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
}

export interface RefreshOptions {
  batchSize?: number;
  /** Test hook, called after the events are applied and before the mark advances and commits. */
  beforeCommit?: (events: ChangeEventRow[]) => void | Promise<void>;
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
  const head = await headSequence(tx);
  return head - mark > BigInt(REFRESH_BATCH) ? BACKLOG_BATCH : REFRESH_BATCH;
}

/** Applies events after `mark` to `version` and advances its mark; caller holds the row lock. */
async function applyAndAdvance(
  tx: TransactionClient,
  projector: Projector,
  version: number,
  mark: bigint,
  options: RefreshOptions,
): Promise<ChangeEventRow[]> {
  const events = await nextEvents(tx, mark, options.batchSize ?? (await batchSizeFor(tx, mark)));
  if (events.length === 0) return events;
  await projector.catchUp(tx, version, events);
  await options.beforeCommit?.(events);
  await tx.projectionState.update({
    where: { view_version: { view: projector.view, version } },
    data: { highWaterMark: events.at(-1)!.sequence },
  });
  return events;
}

/** One transaction: the next batch of events into the serving version of the projector's view. */
export async function refreshOnce(
  prisma: PrismaClient,
  projector: Projector,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const { view } = projector;
  return prisma.$transaction(async (tx) => {
    const version = await servingVersion(tx, view, projector.codeVersion, projector.viewVersion);
    const mark = await lockState(tx, view, version);
    if (mark === null) return { view, status: "busy", applied: 0, version, highWaterMark: 0n };
    const events = await applyAndAdvance(tx, projector, version, mark, options);
    if (events.length === 0) return { view, status: "idle", applied: 0, version, highWaterMark: mark };
    return { view, status: "applied", applied: events.length, version, highWaterMark: events.at(-1)!.sequence };
  }, REFRESH_TRANSACTION);
}
