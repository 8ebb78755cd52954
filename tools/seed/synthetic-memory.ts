// Catch-up of the memory view after a bulk seed. A store whose memory view was never built gets the
// view built in one pass from the canonical records (linear); otherwise the worker's incremental drain.
import type pg from "pg";
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import { LONG_TRANSACTION } from "../../src/platform/db/transaction.js";
import { prismaRunner } from "../../src/platform/db/sql.js";
import { MEMORY_VIEW, MEMORY_VIEW_VERSION } from "../../src/features/memory/domain/memory.constants.js";
import { buildMemoryVersion } from "../../src/features/memory/projection/memory-apply.js";
import { createMemoryProjector } from "../../src/features/memory/projection/memory-projector.js";
import { lockState, servingVersion } from "../../src/projections/projection-state.js";
import { drainView } from "../../src/projections/worker.js";
import { headSequence } from "../../src/events/change-events.js";

export async function catchUpMemory(
  { prisma, pool }: { prisma: PrismaClient; pool: pg.Pool },
  progress: (stage: string, done: number, total: number) => void,
): Promise<void> {
  const built = await prisma.$transaction(
    async (tx) => {
      const version = await servingVersion(tx, MEMORY_VIEW, MEMORY_VIEW_VERSION, String(MEMORY_VIEW_VERSION));
      const mark = await lockState(tx, MEMORY_VIEW, version, true);
      if (mark !== 0n || (await tx.memoryBranch.count({ where: { version } })) > 0) return false;
      const head = await headSequence(tx);
      await buildMemoryVersion(prismaRunner(tx), version, head, progress);
      await tx.projectionState.update({
        where: { view_version: { view: MEMORY_VIEW, version } },
        data: { highWaterMark: head },
      });
      return true;
    },
    { ...LONG_TRANSACTION, isolationLevel: "RepeatableRead" },
  );
  // Either way the drain applies whatever committed after the build's snapshot.
  await drainView(pool, createMemoryProjector(), {
    onRefresh: (result) => progress(built ? "memory catch-up" : "memory", Number(result.highWaterMark), 0),
  });
}
