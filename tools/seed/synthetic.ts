// Bulk synthetic history on one target for benchmarks: projects, research objects with target
// bindings, relations, supersessions, sparse documents and change events in batched transactions,
// then the memory projection catches up from the stream. Seeded, so runs are comparable.
import type pg from "pg";
import { randomUUID } from "node:crypto";
import type { Prisma, PrismaClient } from "../../src/generated/prisma/client.js";
import type { RelationType } from "../../src/generated/prisma/enums.js";
import { LONG_TRANSACTION } from "../../src/platform/db/transaction.js";
import { allocate } from "../../src/events/counters.js";
import { appendEvents, type NewChangeEvent } from "../../src/events/change-events.js";
import { resolveExactProblem } from "../../src/features/research/commands/create-project.command.js";
import {
  RESEARCH_SPARSE_VERSION,
  RESEARCH_SPARSE_VIEW,
  RESEARCH_SPARSE_VIEW_VERSION,
  researchDocumentRow,
} from "../../src/features/research/projection/research-documents.js";
import { servingVersion } from "../../src/projections/projection-state.js";
import { catchUpMemory } from "./synthetic-memory.js";
import { syntheticContent } from "./synthetic-text.js";
import { seededRandom as random32 } from "../../src/platform/lib/seeded-random.js";
import { createProjectionRegistry } from "../../src/projectors.js";

// Seeds append like the write paths do, so the inline views' marks follow the seeded events.
const { inlineViews } = createProjectionRegistry();

const BATCH = 1_000;
const RELATION_TYPES: RelationType[] = ["SUPPORTS", "DEPENDS_ON", "DERIVED_FROM", "REFUTES", "DISAGREES_WITH", "CITES"];

export interface SeedSyntheticOptions {
  objects: number;
  seed?: number;
  problemRef?: string;
  onProgress?: (stage: string, done: number, total: number) => void;
}

async function createProjects(prisma: PrismaClient, problemId: string, count: number, seed: number): Promise<string[]> {
  return prisma.$transaction(async (tx) => {
    const projects = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      problemId,
      routingTargetId: problemId,
      name: `Synthetic ${seed}-${index}`,
      slug: `synthetic-${seed}-${index}-${randomUUID().slice(0, 6)}`,
    }));
    await tx.project.createMany({ data: projects });
    await appendEvents(
      tx,
      projects.map((project) => ({
        routingTargetId: problemId,
        projectId: project.id,
        resourceType: "project",
        resourceId: project.id,
        eventType: "project.created",
        payload: { name: project.name },
      })),
      inlineViews,
    );
    return projects.map((project) => project.id);
  }, LONG_TRANSACTION);
}

export async function seedSynthetic(
  db: { prisma: PrismaClient; pool: pg.Pool },
  options: SeedSyntheticOptions,
): Promise<{ problemId: string; projectIds: string[] }> {
  const { prisma } = db;
  const seed = options.seed ?? 1;
  const random = random32(seed);
  const problem = await resolveExactProblem(prisma, options.problemRef ?? "cp:erdos:1");
  const projectIds = await createProjects(
    prisma,
    problem.id,
    Math.max(2, Math.min(20, Math.round(options.objects / 5_000))),
    seed,
  );
  const recent: string[][] = projectIds.map(() => []);
  const start = Date.now() - options.objects * 1_000;
  for (let offset = 0; offset < options.objects; offset += BATCH) {
    const size = Math.min(BATCH, options.objects - offset);
    await prisma.$transaction(async (tx) => {
      const first = Number(await allocate(tx, "research_accession", size));
      const rows = Array.from({ length: size }, (_, index) => {
        const content = syntheticContent(random, offset + index);
        const projectIndex = Math.floor(random() * projectIds.length);
        return {
          id: randomUUID(),
          accession: first + index,
          slug: `r${first + index}-synthetic`,
          contentHash: `synthetic-${seed}-${first + index}`,
          projectId: projectIds[projectIndex]!,
          problemId: problem.id,
          routingTargetId: problem.id,
          ...content,
          createdAt: new Date(start + (offset + index) * 1_000),
          projectIndex,
        };
      });
      const objects = rows.map(({ projectIndex: _projectIndex, ...row }) => row);
      const relations: Prisma.ResearchRelationCreateManyInput[] = [];
      const superseded: { supersededId: string; supersedingId: string }[] = [];
      for (const row of rows) {
        const pool = recent[row.projectIndex]!;
        if (pool.length > 0 && random() < 0.2)
          relations.push({
            fromId: row.id,
            toId: pool[Math.floor(random() * pool.length)]!,
            type: RELATION_TYPES[Math.floor(random() * RELATION_TYPES.length)]!,
          });
        if (pool.length > 0 && random() < 0.02)
          superseded.push({
            supersededId: pool.splice(Math.floor(random() * pool.length), 1)[0]!,
            supersedingId: row.id,
          });
        pool.push(row.id);
        if (pool.length > 200) pool.shift();
      }
      await tx.researchObject.createMany({ data: objects });
      await tx.researchTarget.createMany({
        data: objects.flatMap((row) => [
          { researchObjectId: row.id, targetKind: "PROBLEM" as const, targetId: problem.id },
          { researchObjectId: row.id, targetKind: "PROJECT" as const, targetId: row.projectId },
        ]),
      });
      await tx.researchRelation.createMany({ data: relations, skipDuplicates: true });
      if (superseded.length) {
        await tx.supersession.createMany({ data: superseded, skipDuplicates: true });
        await tx.researchObject.updateMany({
          where: { id: { in: superseded.map((edge) => edge.supersededId) } },
          data: { state: "SUPERSEDED", supersededAt: new Date() },
        });
      }
      const version = await servingVersion(
        tx,
        RESEARCH_SPARSE_VIEW,
        RESEARCH_SPARSE_VERSION,
        RESEARCH_SPARSE_VIEW_VERSION,
      );
      const current = new Set(superseded.map((edge) => edge.supersededId));
      await tx.sparseDocument.deleteMany({
        where: { view: RESEARCH_SPARSE_VIEW, version, documentId: { in: [...current] } },
      });
      const stale = await tx.researchObject.findMany({ where: { id: { in: [...current] } } });
      await tx.sparseDocument.createMany({
        data: [
          ...objects.map((row) =>
            researchDocumentRow({ ...row, state: current.has(row.id) ? "SUPERSEDED" : "CURRENT" } as never, version),
          ),
          ...stale
            .filter((row) => !objects.some((object) => object.id === row.id))
            .map((row) => researchDocumentRow(row, version)),
        ],
        skipDuplicates: true,
      });
      const events: NewChangeEvent[] = objects.map((row) => ({
        routingTargetId: problem.id,
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
      }));
      events.push(
        ...superseded.map((edge) => ({
          routingTargetId: problem.id,
          resourceType: "research_object",
          resourceId: edge.supersededId,
          eventType: "research.superseded",
          payload: { by: edge.supersedingId },
        })),
      );
      await appendEvents(tx, events, inlineViews);
    }, LONG_TRANSACTION);
    options.onProgress?.("objects", offset + size, options.objects);
  }
  await catchUpMemory(db, (stage, done, total) => options.onProgress?.(stage, done, total));
  return { problemId: problem.id, projectIds };
}
