// Writes of the `memory-branches` view for one version: branches and memberships derived from
// research objects, project root branches, and branch creation times. Shared by worker and rebuild.
import type { Prisma } from "../generated/prisma/client.js";
import type { TransactionClient } from "../db/transaction.js";
import { branchId, deriveBranches, ROOT_BRANCH } from "../modules/memory/branch-derivation.js";

// Rows per INSERT: well under Postgres's 65,535 bind parameters for the widest row (8 columns).
const INSERT_CHUNK = 2_000;

const OBJECT_FIELDS = {
  id: true, projectId: true, routingTargetId: true, kind: true, evidenceGrade: true, branchName: true, createdAt: true,
  project: { select: { createdAt: true } },
} satisfies Prisma.ResearchObjectSelect;

export type MemoryObject = Prisma.ResearchObjectGetPayload<{ select: typeof OBJECT_FIELDS }>;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await insert(rows.slice(start, start + INSERT_CHUNK));
}

/** Root branches of projects (members or not): every project has an entry point from its creation. */
export async function ensureRootBranches(tx: TransactionClient, version: number, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const projects = await tx.project.findMany({ where: { id: { in: projectIds } }, select: { id: true, routingTargetId: true, createdAt: true } });
  const rows = projects.map((project) => ({
    version, id: branchId(project.id, ROOT_BRANCH), projectId: project.id, routingTargetId: project.routingTargetId,
    name: ROOT_BRANCH, kind: "PROJECT" as const, parentId: null, createdAt: project.createdAt,
  }));
  await insertChunks(rows, (chunk) => tx.memoryBranch.createMany({ data: chunk, skipDuplicates: true }));
  return rows.map((row) => row.id);
}

export function loadMemoryObjects(tx: TransactionClient, where: Prisma.ResearchObjectWhereInput, page?: { take: number; afterId?: string }): Promise<MemoryObject[]> {
  return tx.researchObject.findMany({
    where: page?.afterId ? { AND: [where, { id: { gt: page.afterId } }] } : where,
    select: OBJECT_FIELDS,
    orderBy: { id: "asc" },
    ...(page ? { take: page.take } : {}),
  });
}

/** Adds the objects' branches and memberships; returns the ids of every branch touched. */
export async function addObjects(tx: TransactionClient, version: number, objects: MemoryObject[]): Promise<string[]> {
  const branches = new Map<string, Prisma.MemoryBranchCreateManyInput>();
  const memberships: Prisma.BranchMembershipCreateManyInput[] = [];
  for (const object of objects) {
    for (const derived of deriveBranches(object)) {
      const id = branchId(object.projectId, derived.name);
      memberships.push({ version, branchId: id, researchObjectId: object.id, memberCreatedAt: object.createdAt });
      if (branches.has(id)) continue;
      branches.set(id, {
        version, id, projectId: object.projectId, routingTargetId: object.routingTargetId, name: derived.name, kind: derived.kind,
        parentId: derived.parentName ? branchId(object.projectId, derived.parentName) : null,
        // Provisional: settleCreationTimes sets the earliest member's time; the root keeps the project's.
        createdAt: derived.kind === "PROJECT" ? object.project.createdAt : object.createdAt,
      });
    }
  }
  await insertChunks([...branches.values()], (chunk) => tx.memoryBranch.createMany({ data: chunk, skipDuplicates: true }));
  await insertChunks(memberships, (chunk) => tx.branchMembership.createMany({ data: chunk, skipDuplicates: true }));
  return [...branches.keys()];
}

/** A branch is as old as its earliest member, whatever order the writes committed in. */
export async function settleCreationTimes(tx: TransactionClient, version: number, branchIds: string[] | "all"): Promise<void> {
  const scope = branchIds === "all" ? null : branchIds;
  if (scope && scope.length === 0) return;
  await tx.$executeRaw`
    UPDATE memory_branches b SET created_at = first.created_at
    FROM (SELECT branch_id, min(member_created_at) AS created_at FROM branch_memberships
          WHERE version = ${version} AND (${scope}::uuid[] IS NULL OR branch_id = ANY(${scope}::uuid[])) GROUP BY branch_id) first
    WHERE b.version = ${version} AND b.id = first.branch_id AND b.kind <> 'PROJECT' AND b.created_at <> first.created_at`;
}

/** Branches an object is a member of (a supersession changes their checkpoints). */
export async function branchesOfObjects(tx: TransactionClient, version: number, objectIds: string[]): Promise<string[]> {
  if (objectIds.length === 0) return [];
  const rows = await tx.branchMembership.findMany({ where: { version, researchObjectId: { in: objectIds } }, select: { branchId: true } });
  return [...new Set(rows.map((row) => row.branchId))];
}
