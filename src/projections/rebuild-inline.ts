// After an inline view switches versions, a write that read the old pointer just before the switch may
// still commit its document into the old version. Wait for those writes, then re-derive what they touched.
import type { PrismaClient } from "../generated/prisma/client.js";
import { LONG_TRANSACTION, WRITE_TRANSACTION } from "../platform/db/transaction.js";
import { nextEvents } from "../events/change-events.js";
import { prismaRunner } from "../platform/db/sql.js";
import { runCatchUp, type Projector } from "./projector.js";

// Writes time out after WRITE_TRANSACTION.timeout; waiting longer than that cannot help.
const DRAIN_LIMIT_MS = WRITE_TRANSACTION.timeout * 2;
const DRAIN_POLL_MS = 100;
const RECONCILE_BATCH = 1_000;

/** Waits until every transaction that was running when the switch committed has ended. */
async function waitForOlderTransactions(prisma: PrismaClient, xmaxAtSwitch: bigint): Promise<void> {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  while (Date.now() < deadline) {
    const [row] = await prisma.$queryRaw<
      { xmin: string }[]
    >`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`;
    if (row && BigInt(row.xmin) >= xmaxAtSwitch) return;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
  }
}

export async function settleInlineSwitch(
  prisma: PrismaClient,
  projector: Projector,
  version: number,
  markAtSwitch: bigint,
  xmaxAtSwitch: bigint,
): Promise<void> {
  await waitForOlderTransactions(prisma, xmaxAtSwitch);
  await prisma.$transaction(async (tx) => {
    let mark = markAtSwitch;
    for (;;) {
      const events = await nextEvents(prismaRunner(tx), mark, RECONCILE_BATCH);
      if (events.length === 0) return;
      // Re-deriving from the canonical rows is idempotent, so documents written correctly stay as they are.
      await runCatchUp(tx, projector, version, events);
      mark = events.at(-1)!.sequence;
    }
  }, LONG_TRANSACTION);
}
