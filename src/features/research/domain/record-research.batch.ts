// Group commit for the autocommit write path: several claiming writes in one statement
// (record-research.statement.ts) and one transaction. The gap-free counters are the store's one
// serialisation point and a statement holds them until its commit, WAL flush included; one write per
// statement capped the store at one flush per write (about 225 writes/s here, however many clients). A
// batch takes the counters once for all its writes, so writes queued behind a statement share its
// successor's flush.
//
// Every write keeps its own claim and membership check: a write whose key is taken, whose writer may
// not write here or whose project does not exist gets no row and no accession, and the others go ahead.
// Claimed writes take accessions and event sequences in their order in the batch (the order they
// arrived), contiguous.
import type pg from "pg";
import type { InlineViews } from "../../../events/change-events.js";
import { runResearchWrite, type StatementInput, type WriteOutcome } from "./record-research.statement.js";

/** Claiming writes only (`claim` set, no supersessions): those that run without a transaction of their own. */
export async function writeResearchBatch(
  pool: pg.Pool,
  inputs: readonly StatementInput[],
  inlineViews: InlineViews,
  noticeChannel: string | null,
): Promise<WriteOutcome> {
  for (const input of inputs)
    if (input.claim === null || input.supersessions.length > 0)
      throw new Error("writeResearchBatch: only claiming writes without supersessions are batched");
  // Prepared under the single write's name: it is the same statement.
  return runResearchWrite(pool, inputs, inlineViews, noticeChannel, "record-research-claiming");
}
