// Reads of the serving version of `memory-branches` for the GraphQL layer: branches, checkpoints,
// heads, ancestry and keyset pages of members. Nothing here writes; everything follows the pointer.
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { ROOT_BRANCH } from "./branch-derivation.js";
import { MEMORY_VIEW } from "./memory.constants.js";

export type BranchRow = Prisma.MemoryBranchGetPayload<object>;
export type CheckpointRow = Prisma.CheckpointGetPayload<object>;
export type HeadRow = Prisma.CheckpointHeadGetPayload<object>;

// Four name segments under the root (research.limits BRANCH_NAME) plus the root itself.
const MAX_DEPTH = 5;

/** The serving version, or null before the view was ever built. */
export async function servingMemoryVersion(prisma: PrismaClient): Promise<number | null> {
  return (await prisma.projectionPointer.findUnique({ where: { view: MEMORY_VIEW } }))?.servingVersion ?? null;
}

export async function branchesById(prisma: PrismaClient, ids: readonly string[]): Promise<Map<string, BranchRow>> {
  const version = await servingMemoryVersion(prisma);
  if (version === null || ids.length === 0) return new Map();
  const rows = await prisma.memoryBranch.findMany({ where: { version, id: { in: [...ids] } } });
  return new Map(rows.map((row) => [row.id, row]));
}

/** A project's branches: root first, then by name (the order an index page lists them). */
export async function projectBranches(prisma: PrismaClient, projectId: string): Promise<BranchRow[]> {
  const version = await servingMemoryVersion(prisma);
  if (version === null) return [];
  const rows = await prisma.memoryBranch.findMany({ where: { version, projectId }, orderBy: { name: "asc" } });
  return [...rows.filter((row) => row.name === ROOT_BRANCH), ...rows.filter((row) => row.name !== ROOT_BRANCH)];
}

export async function checkpointsByBranch(
  prisma: PrismaClient,
  branches: readonly BranchRow[],
): Promise<Map<string, CheckpointRow>> {
  if (branches.length === 0) return new Map();
  const rows = await prisma.checkpoint.findMany({
    where: {
      OR: [...new Set(branches.map((branch) => branch.version))].map((version) => ({
        version,
        branchId: { in: branches.filter((branch) => branch.version === version).map((branch) => branch.id) },
      })),
    },
  });
  return new Map(rows.map((row) => [`${row.version}:${row.branchId}`, row]));
}

export async function headOf(
  prisma: PrismaClient,
  scope: "PROJECT" | "TARGET",
  scopeId: string,
): Promise<HeadRow | null> {
  const version = await servingMemoryVersion(prisma);
  if (version === null) return null;
  return prisma.checkpointHead.findUnique({ where: { version_scope_scopeId: { version, scope, scopeId } } });
}

/** Branch ids from the project root down to `branch`: the traversed set a member cursor is bound to. */
export async function ancestry(prisma: PrismaClient, branch: BranchRow): Promise<string[]> {
  const chain = [branch.id];
  let parentId = branch.parentId;
  while (parentId && chain.length < MAX_DEPTH) {
    const parent = await prisma.memoryBranch.findUnique({
      where: { version_id: { version: branch.version, id: parentId } },
    });
    if (!parent) break;
    chain.unshift(parent.id);
    parentId = parent.parentId;
  }
  return chain;
}

export interface MemberKey {
  researchObjectId: string;
  memberCreatedAt: Date;
}

/** `take` members after the keyset position, in (creation time, record id) order. */
export async function memberKeys(
  prisma: PrismaClient,
  branch: BranchRow,
  take: number,
  after: { createdAt: Date; id: string } | null,
): Promise<MemberKey[]> {
  const keyset: Prisma.BranchMembershipWhereInput = after
    ? {
        OR: [
          { memberCreatedAt: { gt: after.createdAt } },
          { memberCreatedAt: after.createdAt, researchObjectId: { gt: after.id } },
        ],
      }
    : {};
  return prisma.branchMembership.findMany({
    where: { version: branch.version, branchId: branch.id, ...keyset },
    orderBy: [{ memberCreatedAt: "asc" }, { researchObjectId: "asc" }],
    take,
    select: { researchObjectId: true, memberCreatedAt: true },
  });
}
