// DB reads of the hierarchical memory lane: the target's (or project's) branch checkpoints, and the
// newest members of the selected branches. Every read is LIMITed and index-backed.
import type { Sql } from "./sql.js";
import type { ResearchState } from "../generated/prisma/enums.js";
import { CHECKPOINT_LIMIT, MEMBERS_PER_BRANCH } from "./orient.constants.js";
import type { CheckpointView } from "./rank-checkpoints.js";
import { checkpointKey, type OrientCaches } from "./orient-caches.js";

type CheckpointRow = {
  branch_id: string; name: string; kind: string; project_id: string; summary: string; key_terms: string[];
  member_count: number; current_count: number; kind_mix: Record<string, number>;
};

/** Largest branches first, so a target with more than CHECKPOINT_LIMIT branches keeps its main ones. */
async function readCheckpoints(sql: Sql, version: number, targetId: string, projectId: string | null): Promise<CheckpointView[]> {
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

/** The cached read when it carries the target head's current mark (see orient-caches.ts), else null. */
export function cachedCheckpoints(cache: OrientCaches["checkpoints"], version: number, targetId: string, projectId: string | null, headMark: string | null): CheckpointView[] | null {
  if (headMark === null) return null;
  const entry = cache.get(checkpointKey(version, targetId, projectId));
  return entry && entry.highWaterMark === headMark ? entry.rows : null;
}

/**
 * The target's (or project's) checkpoints: from the cache when the target head's mark is unchanged,
 * else read and cached under that mark. No head (a target without projects) means nothing to cache.
 */
export async function loadCheckpoints(sql: Sql, cache: OrientCaches["checkpoints"], version: number, targetId: string, projectId: string | null, headMark: string | null): Promise<CheckpointView[]> {
  const cached = cachedCheckpoints(cache, version, targetId, projectId, headMark);
  if (cached) return cached;
  const rows = await readCheckpoints(sql, version, targetId, projectId);
  if (headMark !== null) cache.set(checkpointKey(version, targetId, projectId), { highWaterMark: headMark, rows });
  return rows;
}

/** Newest members of each branch (keyset index on version, branch, member time, id), with their current state. */
export async function loadBranchMembers(sql: Sql, version: number, branches: readonly { branchId: string; name: string }[], perBranch = MEMBERS_PER_BRANCH): Promise<{ id: string; branchName: string; state: ResearchState }[]> {
  if (branches.length === 0) return [];
  const rows = await sql<{ branch_id: string; id: string; state: ResearchState }>`
    SELECT b.id::text AS branch_id, m.research_object_id::text AS id, o.state FROM unnest(${branches.map((branch) => branch.branchId)}::uuid[]) AS b(id)
    CROSS JOIN LATERAL (
      SELECT research_object_id FROM branch_memberships
      WHERE version = ${version} AND branch_id = b.id
      ORDER BY member_created_at DESC, research_object_id DESC LIMIT ${perBranch}) m
    JOIN research_objects o ON o.id = m.research_object_id`;
  const names = new Map(branches.map((branch) => [branch.branchId, branch.name]));
  return rows.map((row) => ({ id: row.id, branchName: names.get(row.branch_id)!, state: row.state }));
}
