// Row-level probes of the research tables: counts that prove a refused write wrote nothing, the head
// of the change stream, and the number inside an accession.
import type { PrismaClient } from "../../src/generated/prisma/client.js";

/** Numeric part of an accession such as `R12`. */
export function accessionNumber(accession: string): number {
  return Number(/^R(\d+)$/.exec(accession)?.[1] ?? Number.NaN);
}

export interface ResearchCounts {
  projects: number;
  objects: number;
  targets: number;
  relations: number;
  supersessions: number;
  events: number;
  idempotencyRecords: number;
  sparseDocuments: number;
  operators: number;
}

/** Row counts of everything a research write may touch, to prove a refused write wrote nothing. */
export async function researchCounts(prisma: PrismaClient): Promise<ResearchCounts> {
  const [projects, objects, targets, relations, supersessions, events, idempotencyRecords, sparseDocuments, operators] =
    await Promise.all([
      prisma.project.count(),
      prisma.researchObject.count(),
      prisma.researchTarget.count(),
      prisma.researchRelation.count(),
      prisma.supersession.count(),
      prisma.changeEvent.count(),
      prisma.idempotencyRecord.count(),
      prisma.sparseDocument.count({ where: { view: "research-memory" } }),
      prisma.operator.count(),
    ]);
  return {
    projects,
    objects,
    targets,
    relations,
    supersessions,
    events,
    idempotencyRecords,
    sparseDocuments,
    operators,
  };
}

/** The last committed change-event sequence (0 when the stream is empty): the service's own reader. */
export { headSequence } from "../../src/events/change-events.js";
