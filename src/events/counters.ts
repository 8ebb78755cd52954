// Gap-free counters (event sequence, R and S accessions). The row is locked by the UPDATE until the
// writing transaction ends, so numbers are handed out in commit order and never reused or skipped.
import type { TransactionClient } from "../platform/db/transaction.js";

export type CounterName = "change_event" | "research_accession" | "statement_accession" | "intake_number";

/** Reserves `count` consecutive values and returns the first. Call inside the writing transaction. */
export async function allocate(tx: TransactionClient, name: CounterName, count = 1): Promise<bigint> {
  const rows = await tx.$queryRaw<{ value: bigint }[]>`
    INSERT INTO counters (name, value) VALUES (${name}, ${count})
    ON CONFLICT (name) DO UPDATE SET value = counters.value + ${count}
    RETURNING value`;
  const last = BigInt(rows[0]!.value);
  return last - BigInt(count) + 1n;
}

/** Current value without reserving (0 when nothing was allocated yet). */
export async function currentValue(tx: TransactionClient, name: CounterName): Promise<bigint> {
  const row = await tx.counter.findUnique({ where: { name } });
  return row?.value ?? 0n;
}
