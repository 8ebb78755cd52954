// Group commit for recordResearch's autocommit path, owned by the service (one per process and
// database). The gap-free counters are the store's one serialisation point and a statement holds them
// until its commit, WAL flush included; one write per statement capped the store at one flush per write
// (about 225 writes/s here, however many clients). So a write that arrives while a batch is in the
// database waits for the next one, which takes every write queued meanwhile: one statement
// (record-research.statement.ts), one flush, the counters taken once. An idle store adds no wait, since
// a write with nothing in flight goes at once.
//
// Every write keeps its own claim and membership check: a write whose key is taken, whose writer may
// not write here or whose project does not exist gets no row and no accession, and the others go ahead.
// Claimed writes take accessions and event sequences in their order in the batch (the order they
// arrived), contiguous.
import type pg from "pg";
import type { InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import {
  CLAIMING_STATEMENT_NAME,
  runResearchWrite,
  type StatementInput,
  type StatementResult,
} from "../domain/record-research.statement.js";
import { WRITE_BATCH_MAX } from "../domain/research.limits.js";

interface Pending {
  input: StatementInput;
  resolve: (result: StatementResult | null) => void;
  reject: (error: unknown) => void;
}

export class ResearchWriteBatcher {
  private readonly queue: Pending[] = [];
  private draining = false;
  /** Statements sent and the writes they carried (a failed batch's writes again one by one): how full batches run. */
  readonly sent = { statements: 0, writes: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly inlineViews: InlineViews,
    private readonly notifier: EventNotifier,
    private readonly maxBatch = WRITE_BATCH_MAX,
  ) {}

  /**
   * Writes one claiming write in the next batch: what it wrote, or null when its claim did not go ahead
   * (as writeResearchRows). The batch's commit is announced (notifier.committed) before this resolves.
   */
  write(input: StatementInput): Promise<StatementResult | null> {
    // Only writes that claim their key in the statement and run without a transaction of their own.
    if (input.claim === null || input.supersessions.length > 0)
      return Promise.reject(new Error("ResearchWriteBatcher: only claiming writes without supersessions are batched"));
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.run(this.queue.splice(0, this.maxBatch));
    } finally {
      this.draining = false;
    }
  }

  private async run(batch: Pending[]): Promise<void> {
    this.sent.statements += 1;
    this.sent.writes += batch.length;
    try {
      const outcome = await runResearchWrite(
        this.pool,
        batch.map((pending) => pending.input),
        this.inlineViews,
        this.notifier.statementChannel,
        CLAIMING_STATEMENT_NAME,
      );
      if (outcome.sequence !== null) this.notifier.committed(outcome.sequence, "research");
      batch.forEach((pending, index) => pending.resolve(outcome.results[index] ?? null));
    } catch (error) {
      // A failed statement wrote nothing, claims included. One write's fault (a constraint its input
      // breaks) must not fail the others: each goes again alone, so only the faulty one gets the error.
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const pending of batch) await this.run([pending]);
    }
  }
}
