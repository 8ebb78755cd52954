// Bulk research objects for tests and benchmarks: rows inserted in batches with their change events
// (and inline sparse documents), which is what many accepted writes leave behind, minus the per-write cost.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import type { EvidenceGrade, ResearchKind } from "../../src/generated/prisma/enums.js";
import { LONG_TRANSACTION } from "../../src/platform/db/transaction.js";
import { allocate } from "../../src/events/counters.js";
import { appendEvents } from "../../src/events/change-events.js";
import { maintainResearchDocuments } from "../../src/features/research/projection/research-documents.js";
import { createProjectionRegistry } from "../../src/projectors.js";

// Seeds append like the write paths do, so the inline views' marks follow the seeded events.
const { inlineViews } = createProjectionRegistry();

const KINDS: ResearchKind[] = ["CLAIM", "ATTEMPT", "NEGATIVE_TRACE", "OPEN_QUESTION"];
const GRADES: EvidenceGrade[] = ["ARGUED", "REPRODUCED", "SOURCE_BACKED", "COMPUTATIONAL"];
// Rows per transaction: one createMany and one event batch, well under the bind-parameter limit.
const SEED_BATCH = 1_000;

export interface SeedOptions {
  projectId: string;
  count: number;
  /** Branch names cycled over the objects; null entries leave objects unbranched. */
  branches?: (string | null)[];
  /** Base creation time; objects share milliseconds in threes so keyset ties are exercised. */
  startAt?: Date;
  onBatch?: (done: number) => void;
}

export async function seedResearchObjects(prisma: PrismaClient, options: SeedOptions): Promise<string[]> {
  const project = await prisma.project.findUniqueOrThrow({ where: { id: options.projectId } });
  const start = (options.startAt ?? new Date()).getTime();
  const branches = options.branches ?? [null];
  const ids: string[] = [];
  for (let offset = 0; offset < options.count; offset += SEED_BATCH) {
    const size = Math.min(SEED_BATCH, options.count - offset);
    await prisma.$transaction(async (tx) => {
      const first = Number(await allocate(tx, "research_accession", size));
      const rows = Array.from({ length: size }, (_, index) => {
        const n = offset + index;
        const accession = first + index;
        return {
          id: randomUUID(),
          accession,
          slug: `r${accession}-seeded`,
          contentHash: `seed-${accession}`,
          projectId: project.id,
          problemId: project.problemId,
          routingTargetId: project.routingTargetId,
          kind: KINDS[n % KINDS.length]!,
          evidenceGrade: GRADES[n % GRADES.length]!,
          branchName: branches[n % branches.length] ?? null,
          title: `Seeded finding ${n} on sumset variance`,
          body: `Observation ${n}: the second moment of the representation count stays bounded. Checked up to ${n * 7}.`,
          createdAt: new Date(start + Math.floor(n / 3)),
        };
      });
      await tx.researchObject.createMany({ data: rows });
      await maintainResearchDocuments(
        tx,
        rows.map((row) => row.id),
      );
      await appendEvents(
        tx,
        rows.map((row) => ({
          routingTargetId: row.routingTargetId,
          projectId: row.projectId,
          resourceType: "research_object",
          resourceId: row.id,
          eventType: "research.recorded",
          payload: {
            accession: `R${row.accession}`,
            kind: row.kind,
            branch: row.branchName,
            evidenceGrade: row.evidenceGrade,
          },
        })),
        inlineViews,
      );
      ids.push(...rows.map((row) => row.id));
    }, LONG_TRANSACTION);
    options.onBatch?.(Math.min(offset + size, options.count));
  }
  return ids;
}
