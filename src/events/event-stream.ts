// Async iteration over the change stream after a given sequence: catch up from the table, then wait
// for notices. Because it always re-reads the table, a reconnecting client loses nothing.
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";
import type { EventNotifier } from "./notifier.js";

export type ChangeEventRow = Prisma.ChangeEventGetPayload<object>;

export interface EventStreamOptions {
  prisma: PrismaClient;
  notifier: EventNotifier;
  afterSequence: bigint;
  where?: Prisma.ChangeEventWhereInput;
  signal?: AbortSignal;
  batchSize?: number;
}

function nextNotice(notifier: EventNotifier, signal?: AbortSignal): { promise: Promise<void>; cancel: () => void } {
  let cancel = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    const unsubscribe = notifier.subscribe(() => {
      unsubscribe();
      resolve();
    });
    const onAbort = () => {
      unsubscribe();
      resolve();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    cancel = () => {
      unsubscribe();
      signal?.removeEventListener("abort", onAbort);
    };
  });
  return { promise, cancel };
}

export async function* streamEvents(options: EventStreamOptions): AsyncGenerator<ChangeEventRow> {
  let cursor = options.afterSequence;
  while (!options.signal?.aborted) {
    // Subscribe before reading, so a notice that arrives during the read is not missed.
    const notice = nextNotice(options.notifier, options.signal);
    const rows = await options.prisma.changeEvent.findMany({
      where: { ...options.where, sequence: { gt: cursor } },
      orderBy: { sequence: "asc" },
      take: options.batchSize ?? 500,
    });
    if (rows.length > 0) {
      notice.cancel();
      for (const row of rows) {
        cursor = row.sequence;
        yield row;
      }
      continue;
    }
    await notice.promise;
  }
}
