// Recomputes checkpoints of branches and the heads of projects and targets in one view version, from
// the memberships and the current canonical state of the members (so supersessions show at once).
import type { Prisma } from "../generated/prisma/client.js";
import type { EvidenceGrade, ResearchKind, ResearchState } from "../generated/prisma/enums.js";
import type { TransactionClient } from "../db/transaction.js";
import { buildCheckpoint, type MemberGroup, type WindowMember } from "../modules/memory/checkpoint.js";
import { buildProjectHead, buildTargetHead, type HeadBranch } from "../modules/memory/heads.js";
import { CHECKPOINT_BODY_CHARS, CHECKPOINT_WINDOW } from "../modules/memory/memory.constants.js";
import { ROOT_BRANCH } from "../modules/memory/branch-derivation.js";

// Branches per statement: the window query returns up to CHECKPOINT_WINDOW bodies per branch.
const BRANCH_CHUNK = 50;
// Projects per head refresh round trip.
const PROJECT_CHUNK = 200;

type GroupRow = { branch_id: string; kind: ResearchKind; evidence_grade: EvidenceGrade; state: ResearchState; count: number };
type NewestRow = { branch_id: string; research_object_id: string; member_created_at: Date };
type WindowRow = WindowMember & { branch_id: string };

function groupBy<T extends { branch_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.branch_id, [...(map.get(row.branch_id) ?? []), row]);
  return map;
}

async function refreshChunk(tx: TransactionClient, version: number, branchIds: string[], highWaterMark: bigint): Promise<void> {
  const branches = await tx.memoryBranch.findMany({ where: { version, id: { in: branchIds } } });
  const groups = groupBy(await tx.$queryRaw<GroupRow[]>`
    SELECT m.branch_id::text, o.kind::text AS kind, o.evidence_grade::text AS evidence_grade, o.state::text AS state, count(*)::int AS count
    FROM branch_memberships m JOIN research_objects o ON o.id = m.research_object_id
    WHERE m.version = ${version} AND m.branch_id = ANY(${branchIds}::uuid[]) GROUP BY 1, 2, 3, 4`);
  const newest = new Map((await tx.$queryRaw<NewestRow[]>`
    SELECT DISTINCT ON (branch_id) branch_id::text, research_object_id::text, member_created_at FROM branch_memberships
    WHERE version = ${version} AND branch_id = ANY(${branchIds}::uuid[])
    ORDER BY branch_id, member_created_at DESC, research_object_id DESC`).map((row) => [row.branch_id, row]));
  const windows = groupBy(await tx.$queryRaw<WindowRow[]>`
    SELECT b.id::text AS branch_id, w.id, w.title, w.body FROM unnest(${branchIds}::uuid[]) AS b(id)
    CROSS JOIN LATERAL (
      SELECT o.id::text AS id, o.title, left(o.body, ${CHECKPOINT_BODY_CHARS}) AS body
      FROM branch_memberships m JOIN research_objects o ON o.id = m.research_object_id
      WHERE m.version = ${version} AND m.branch_id = b.id AND o.state = 'CURRENT'
      ORDER BY m.member_created_at DESC, m.research_object_id DESC LIMIT ${CHECKPOINT_WINDOW}) w`);
  const rows: Prisma.CheckpointCreateManyInput[] = branches.map((branch) => {
    const memberGroups: MemberGroup[] = (groups.get(branch.id) ?? []).map((row) => ({ kind: row.kind, evidenceGrade: row.evidence_grade, state: row.state, count: row.count }));
    const content = buildCheckpoint(memberGroups, windows.get(branch.id) ?? []);
    const latest = newest.get(branch.id);
    return {
      version, branchId: branch.id, routingTargetId: branch.routingTargetId, projectId: branch.projectId, ...content,
      newestMemberId: latest?.research_object_id ?? null, newestMemberAt: latest?.member_created_at ?? null, highWaterMark,
    };
  });
  await tx.checkpoint.deleteMany({ where: { version, branchId: { in: branchIds } } });
  await tx.checkpoint.createMany({ data: rows });
}

export async function refreshCheckpoints(tx: TransactionClient, version: number, branchIds: string[], highWaterMark: bigint): Promise<void> {
  const unique = [...new Set(branchIds)].sort();
  for (let start = 0; start < unique.length; start += BRANCH_CHUNK) {
    await refreshChunk(tx, version, unique.slice(start, start + BRANCH_CHUNK), highWaterMark);
  }
}

async function headBranches(tx: TransactionClient, version: number, where: Prisma.MemoryBranchWhereInput): Promise<(HeadBranch & { projectId: string; routingTargetId: string })[]> {
  const branches = await tx.memoryBranch.findMany({ where: { ...where, version } });
  const checkpoints = new Map((await tx.checkpoint.findMany({ where: { version, branchId: { in: branches.map((branch) => branch.id) } } })).map((row) => [row.branchId, row]));
  return branches.map((branch) => {
    const checkpoint = checkpoints.get(branch.id);
    return {
      id: branch.id, name: branch.name, projectId: branch.projectId, routingTargetId: branch.routingTargetId,
      memberCount: checkpoint?.memberCount ?? 0, currentCount: checkpoint?.currentCount ?? 0, summary: checkpoint?.summary ?? "",
    };
  });
}

async function writeHeads(tx: TransactionClient, version: number, scope: "PROJECT" | "TARGET", heads: Map<string, ReturnType<typeof buildProjectHead>>, highWaterMark: bigint) {
  await tx.checkpointHead.deleteMany({ where: { version, scope, scopeId: { in: [...heads.keys()] } } });
  await tx.checkpointHead.createMany({ data: [...heads].map(([scopeId, head]) => ({ version, scope, scopeId, ...head, highWaterMark })) });
}

/** Heads of the given projects and of every target those projects belong to. */
export async function refreshHeads(tx: TransactionClient, version: number, projectIds: string[], highWaterMark: bigint): Promise<void> {
  const unique = [...new Set(projectIds)].sort();
  for (let start = 0; start < unique.length; start += PROJECT_CHUNK) {
    const chunk = unique.slice(start, start + PROJECT_CHUNK);
    const branches = await headBranches(tx, version, { projectId: { in: chunk } });
    const projectHeads = new Map(chunk.map((projectId) => [projectId, buildProjectHead(branches.filter((branch) => branch.projectId === projectId))]));
    await writeHeads(tx, version, "PROJECT", projectHeads, highWaterMark);
    const targets = [...new Set(branches.map((branch) => branch.routingTargetId))];
    const roots = await headBranches(tx, version, { routingTargetId: { in: targets }, name: ROOT_BRANCH });
    const targetHeads = new Map(targets.map((targetId) => [targetId, buildTargetHead(roots.filter((root) => root.routingTargetId === targetId))]));
    await writeHeads(tx, version, "TARGET", targetHeads, highWaterMark);
  }
}
