// Async iteration over the change stream after a given sequence. A subscriber that is caught up takes
// rows from the process's shared ChangeFeed (one table read per notice for all subscribers); one that
// resumes from further back reads the table in batches until the feed's buffer reaches it. Either way
// it resumes by sequence, so a reconnecting client loses nothing.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { ChangeEventRow } from "./change-events.js";
import type { ChangeFeed } from "./change-feed.js";

/** Which events a subscriber wants; every field given must match. */
export interface EventFilter {
  routingTargetId?: string;
  projectId?: string;
}

export interface EventStreamOptions {
  prisma: PrismaClient;
  feed: ChangeFeed;
  afterSequence: bigint;
  filter?: EventFilter;
  signal?: AbortSignal;
  batchSize?: number;
}

function matcher(filter: EventFilter): (row: ChangeEventRow) => boolean {
  return (row) =>
    (filter.routingTargetId === undefined || row.routingTargetId === filter.routingTargetId) &&
    (filter.projectId === undefined || row.projectId === filter.projectId);
}

export async function* streamEvents(options: EventStreamOptions): AsyncGenerator<ChangeEventRow> {
  for await (const batch of streamEventBatches(options)) yield* batch;
}

/**
 * The same stream in the batches it is read in (what one notice brought, or one catch-up read), so a
 * consumer can resolve a batch's details with one query per kind of detail rather than one per event.
 */
export async function* streamEventBatches(options: EventStreamOptions): AsyncGenerator<ChangeEventRow[]> {
  const { feed, signal } = options;
  const filter = options.filter ?? {};
  const accept = matcher(filter);
  const batchSize = options.batchSize ?? 500;
  await feed.start();
  let cursor = options.afterSequence;
  while (!signal?.aborted && !feed.isStopped()) {
    const buffered = feed.rowsAfter(cursor, accept, batchSize);
    if (buffered) {
      if (buffered.rows.length > 0) {
        cursor = buffered.rows.at(-1)!.sequence;
        yield buffered.rows;
      }
      cursor = buffered.upTo > cursor ? buffered.upTo : cursor;
      if (buffered.rows.length === 0) await feed.advancePast(cursor, signal);
      continue;
    }
    // Behind the buffer: catch up from the table. Every event up to the feed's head at this moment is
    // committed, so a read that comes back short has seen all of them and the cursor may jump there.
    const headBefore = feed.head();
    const rows = await options.prisma.changeEvent.findMany({
      where: { ...filter, sequence: { gt: cursor } },
      orderBy: { sequence: "asc" },
      take: batchSize,
    });
    if (rows.length > 0) {
      cursor = rows.at(-1)!.sequence;
      yield rows;
    }
    if (rows.length < batchSize && headBefore > cursor) cursor = headBefore;
  }
}
