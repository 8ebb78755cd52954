// Group commit for recordResearch's autocommit path, owned by the service (one per process and
// database). A write that arrives while a batch is in the database waits for the next one, which takes
// every write queued meanwhile: one statement, one flush, the counters taken once. An idle store adds
// no wait, since a write with nothing in flight goes at once. See record-research.batch.ts.
import type pg from "pg";
import type { InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { writeResearchBatch } from "../domain/record-research.batch.js";
import type { StatementInput, StatementResult } from "../domain/record-research.statement.js";
import { WRITE_BATCH_MAX } from "../domain/research.limits.js";

interface Pending {
  input: StatementInput;
  resolve: (result: StatementResult | null) => void;
  reject: (error: unknown) => void;
}

export class ResearchWriteBatcher {
  private readonly queue: Pending[] = [];
  private draining = false;

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
    try {
      const outcome = await writeResearchBatch(
        this.pool,
        batch.map((pending) => pending.input),
        this.inlineViews,
        this.notifier.statementChannel,
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
