// One reader of the change table for every subscriber in this process. On each notice the feed reads
// the new rows once and keeps the most recent ones in memory; a subscriber that is caught up takes
// its rows from there, so 500 subscribers cost one query per notice, not 500. A subscriber that
// resumes from further back than the buffer reaches reads the table itself until it catches up.
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Logger } from "../logger.js";
import { type ChangeEventRow, headSequence, nextEvents } from "./change-events.js";
import type { EventNotifier } from "./notifier.js";
import { coalescedRun } from "../platform/lib/coalesced-run.js";
import { pgRunner, type SqlRunner } from "../platform/db/sql.js";

/** Rows kept in memory; a subscriber further behind than this reads the table. */
const DEFAULT_CAPACITY = 2_000;
const READ_BATCH = 500;

export interface BufferedRows {
  rows: ChangeEventRow[];
  /** Every event up to this sequence was considered (the caller's cursor may move here). */
  upTo: bigint;
}

export class ChangeFeed {
  private buffer: ChangeEventRow[] = [];
  /** The buffer holds every event with floor < sequence <= head. */
  private floor = 0n;
  private headSequence = 0n;
  private waiters = new Set<() => void>();
  /** Coalesces notices: at most one read runs, and a notice during it causes exactly one more. */
  private readonly poke = coalescedRun(
    () => this.readNew(),
    // Subscribers keep their cursors; the next notice (or reconnect notice) reads again.
    (error) => this.logger.warn("change feed read failed", { error: (error as Error).message }),
  );
  private unsubscribe: (() => void) | null = null;
  private tableReads = 0;
  private notices = 0;
  private started: Promise<void> | null = null;
  private readonly reader: SqlRunner;
  private stopped = false;

  constructor(
    private readonly prisma: PrismaClient,
    /** The read of new rows runs on every notice: a named statement on the pool, not a Prisma query. */
    pool: pg.Pool,
    private readonly notifier: EventNotifier,
    private readonly logger: Logger,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {
    this.reader = pgRunner(pool, true);
  }

  /** Reads the current head once; idempotent, so the first subscriber may call it too. */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.unsubscribe = this.notifier.subscribe(() => {
        this.notices += 1;
        this.poke();
      });
      this.headSequence = await headSequence(this.prisma);
      this.floor = this.headSequence;
      // A notice that arrived during the read found head at 0 and read nothing useful: read again.
      this.poke();
    })();
    return this.started;
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wake();
  }

  isStopped(): boolean {
    return this.stopped;
  }

  /** The last sequence this feed has read. */
  head(): bigint {
    return this.headSequence;
  }

  /** Notices heard and reads of new rows made since start: the fan-out's cost, for benches and tests. */
  counts(): { notices: number; tableReads: number } {
    return { notices: this.notices, tableReads: this.tableReads };
  }

  /** Rows after `cursor` that pass `accept`, or null when the buffer does not reach back to `cursor`. */
  rowsAfter(cursor: bigint, accept: (row: ChangeEventRow) => boolean, limit = READ_BATCH): BufferedRows | null {
    if (cursor < this.floor) return null;
    const rows: ChangeEventRow[] = [];
    let upTo = cursor > this.headSequence ? cursor : this.headSequence;
    for (let index = this.firstAfter(cursor); index < this.buffer.length; index += 1) {
      const row = this.buffer[index]!;
      if (accept(row)) rows.push(row);
      if (rows.length >= limit) {
        upTo = row.sequence;
        break;
      }
    }
    return { rows, upTo };
  }

  /**
   * Index of the first buffered row after `cursor`, by binary search over the ascending sequences: every
   * subscriber asks on every notice, and a scan from the start would cost each of them the whole buffer.
   */
  private firstAfter(cursor: bigint): number {
    let low = 0;
    let high = this.buffer.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.buffer[middle]!.sequence <= cursor) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Resolves when the head moves past `sequence`, or the signal aborts, or the feed stops. */
  advancePast(sequence: bigint, signal?: AbortSignal): Promise<void> {
    if (this.headSequence > sequence || signal?.aborted || this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        this.waiters.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      this.waiters.add(done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }

  private async readNew(): Promise<void> {
    for (;;) {
      this.tableReads += 1;
      const rows = await nextEvents(this.reader, this.headSequence, READ_BATCH);
      if (rows.length === 0) return;
      this.buffer.push(...rows);
      this.headSequence = rows[rows.length - 1]!.sequence;
      if (this.buffer.length > this.capacity) {
        const dropped = this.buffer.splice(0, this.buffer.length - this.capacity);
        this.floor = dropped[dropped.length - 1]!.sequence;
      }
      this.wake();
      if (rows.length < READ_BATCH) return;
    }
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
