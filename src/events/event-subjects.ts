// What a change event is about, for people reading a feed: the record's title and kind, its project and
// its problem. Resolved for a whole batch of events at once: at most one query per table (research
// objects, projects, problems), whatever the batch's size.
import DataLoader from "dataloader";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { ChangeEventRow } from "./change-events.js";

export interface EventSubject {
  title: string | null;
  /** A research kind (LEMMA...), a relation type, or the resource type (problem, project, advisory). */
  kind: string;
  /** `R123` for research objects; null otherwise. */
  accession: string | null;
  state: string | null;
  projectId: string | null;
  projectName: string | null;
  problemStableId: string | null;
  problemTitle: string | null;
}

type Payload = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : null);

export async function loadEventSubjects(
  prisma: PrismaClient,
  rows: readonly ChangeEventRow[],
): Promise<EventSubject[]> {
  const objectIds = [
    ...new Set(rows.filter((row) => row.resourceType === "research_object").map((row) => row.resourceId)),
  ];
  const projectIds = [
    ...new Set(
      rows.flatMap((row) => (row.projectId ? [row.projectId] : row.resourceType === "project" ? [row.resourceId] : [])),
    ),
  ];
  const problemIds = [...new Set(rows.flatMap((row) => (row.routingTargetId ? [row.routingTargetId] : [])))];
  const [objects, projects, problems] = await Promise.all([
    objectIds.length
      ? prisma.researchObject.findMany({
          where: { id: { in: objectIds } },
          select: { id: true, accession: true, kind: true, title: true, state: true },
        })
      : [],
    projectIds.length
      ? prisma.project.findMany({ where: { id: { in: projectIds } }, select: { id: true, name: true } })
      : [],
    problemIds.length
      ? prisma.problem.findMany({
          where: { id: { in: problemIds } },
          select: { id: true, stableId: true, title: true },
        })
      : [],
  ]);
  const objectById = new Map(objects.map((object) => [object.id, object]));
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const problemById = new Map(problems.map((problem) => [problem.id, problem]));
  return rows.map((row) => {
    const payload = (
      row.payload && typeof row.payload === "object" && !Array.isArray(row.payload) ? row.payload : {}
    ) as Payload;
    const projectId = row.projectId ?? (row.resourceType === "project" ? row.resourceId : null);
    const project = projectId ? projectById.get(projectId) : undefined;
    const problem = row.routingTargetId ? problemById.get(row.routingTargetId) : undefined;
    const base = {
      accession: null,
      state: null,
      projectId,
      projectName: project?.name ?? null,
      problemStableId: problem?.stableId ?? text(payload.stableId) ?? text(payload.problemStableId),
      problemTitle: problem?.title ?? null,
    };
    switch (row.resourceType) {
      case "research_object": {
        const object = objectById.get(row.resourceId);
        return {
          ...base,
          title: object?.title ?? null,
          kind: object?.kind ?? text(payload.kind) ?? row.resourceType,
          accession: object ? `R${object.accession}` : text(payload.accession),
          state: object?.state ?? null,
        };
      }
      case "research_relation":
        return {
          ...base,
          title: payload.from && payload.to ? `${String(payload.from)} → ${String(payload.to)}` : null,
          kind: text(payload.type) ?? row.resourceType,
        };
      case "problem":
        return { ...base, title: problem?.title ?? null, kind: "problem" };
      case "project":
        return { ...base, title: project?.name ?? text(payload.name), kind: "project" };
      case "advisory":
        return { ...base, title: text(payload.kind), kind: "advisory" };
      default:
        return { ...base, title: null, kind: row.resourceType };
    }
  });
}

/**
 * Makes the subject loader of one operation (the GraphQL context holds it). It batches what one
 * execution asks for (a batch of events resolves in one go) and caches nothing: a long subscription
 * must see renamed titles.
 */
export function eventSubjectLoader(prisma: PrismaClient): DataLoader<ChangeEventRow, EventSubject> {
  return new DataLoader((rows) => loadEventSubjects(prisma, rows), { cache: false });
}
