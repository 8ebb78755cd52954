// DB reads of the hierarchical memory lane: serving versions, the target's (or project's) branch
// checkpoints, and the newest members of the selected branches. Every read is LIMITed and index-backed.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Sql } from "./sql.js";
import { MEMORY_VIEW } from "../modules/memory/memory.constants.js";
import { RESEARCH_SPARSE_VIEW } from "../projections/research-documents.js";
import { CHECKPOINT_LIMIT, MEMBERS_PER_BRANCH } from "./orient.constants.js";
import type { CheckpointView } from "./rank-checkpoints.js";

export interface ServingVersions {
  memory: number | null;
  sparse: number | null;
}

export async function servingVersions(prisma: PrismaClient): Promise<ServingVersions> {
  const pointers = await prisma.projectionPointer.findMany({ where: { view: { in: [MEMORY_VIEW, RESEARCH_SPARSE_VIEW] } } });
  const of = (view: string) => pointers.find((pointer) => pointer.view === view)?.servingVersion ?? null;
  return { memory: of(MEMORY_VIEW), sparse: of(RESEARCH_SPARSE_VIEW) };
}

type CheckpointRow = {
  branch_id: string; name: string; kind: string; project_id: string; summary: string; key_terms: string[];
  member_count: number; current_count: number; kind_mix: Record<string, number>;
};

/** Largest branches first, so a target with more than CHECKPOINT_LIMIT branches keeps its main ones. */
export async function loadCheckpoints(sql: Sql, version: number, targetId: string, projectId: string | null): Promise<CheckpointView[]> {
  const rows = await sql<CheckpointRow>`
    SELECT c.branch_id::text, b.name, b.kind::text AS kind, c.project_id::text, c.summary, c.key_terms,
           c.member_count, c.current_count, c.kind_mix
    FROM checkpoints c JOIN memory_branches b ON b.version = c.version AND b.id = c.branch_id
    WHERE c.version = ${version} AND c.routing_target_id = ${targetId}::uuid
      AND (${projectId}::uuid IS NULL OR c.project_id = ${projectId}::uuid)
    ORDER BY c.member_count DESC, c.branch_id LIMIT ${CHECKPOINT_LIMIT}`;
  return rows.map((row) => ({
    branchId: row.branch_id, name: row.name, kind: row.kind, projectId: row.project_id, summary: row.summary, keyTerms: row.key_terms,
    memberCount: row.member_count, currentCount: row.current_count, kindMix: row.kind_mix ?? {},
  }));
}

/** Newest members of each branch (keyset index on version, branch, member time, id). */
export async function loadBranchMembers(sql: Sql, version: number, branches: readonly { branchId: string; name: string }[], perBranch = MEMBERS_PER_BRANCH): Promise<{ id: string; branchName: string }[]> {
  if (branches.length === 0) return [];
  const rows = await sql<{ branch_id: string; id: string }>`
    SELECT b.id::text AS branch_id, m.research_object_id::text AS id FROM unnest(${branches.map((branch) => branch.branchId)}::uuid[]) AS b(id)
    CROSS JOIN LATERAL (
      SELECT research_object_id FROM branch_memberships
      WHERE version = ${version} AND branch_id = b.id
      ORDER BY member_created_at DESC, research_object_id DESC LIMIT ${perBranch}) m`;
  const names = new Map(branches.map((branch) => [branch.branchId, branch.name]));
  return rows.map((row) => ({ id: row.id, branchName: names.get(row.branch_id)! }));
}
