// DB reads of the hierarchical memory lane: the target's (or project's) branch checkpoints, and the
// newest members of the selected branches. Every read is LIMITed and index-backed.
import type { Sql } from "./sql.js";
import { CHECKPOINT_LIMIT, MEMBERS_PER_BRANCH } from "../domain/orient.constants.js";
import type { CheckpointView } from "../domain/rank-checkpoints.js";
import { checkpointKey, memberKey, type OrientCaches } from "./orient-caches.js";

type CheckpointRow = {
  branch_id: string;
  name: string;
  kind: string;
  project_id: string;
  summary: string;
  key_terms: string[];
  member_count: number;
  current_count: number;
  kind_mix: Record<string, number>;
};

/** Largest branches first, so a target with more than CHECKPOINT_LIMIT branches keeps its main ones. */
async function readCheckpoints(
  sql: Sql,
  version: number,
  targetId: string,
  projectId: string | null,
): Promise<CheckpointView[]> {
  const rows = await sql<CheckpointRow>`
    SELECT c.branch_id::text, b.name, b.kind::text AS kind, c.project_id::text, c.summary, c.key_terms,
           c.member_count, c.current_count, c.kind_mix
    FROM checkpoints c JOIN memory_branches b ON b.version = c.version AND b.id = c.branch_id
    WHERE c.version = ${version} AND c.routing_target_id = ${targetId}::uuid
      AND (${projectId}::uuid IS NULL OR c.project_id = ${projectId}::uuid)
    ORDER BY c.member_count DESC, c.branch_id LIMIT ${CHECKPOINT_LIMIT}`;
  return rows.map((row) => ({
    branchId: row.branch_id,
    name: row.name,
    kind: row.kind,
    projectId: row.project_id,
    summary: row.summary,
    keyTerms: row.key_terms,
    memberCount: row.member_count,
    currentCount: row.current_count,
    kindMix: row.kind_mix ?? {},
  }));
}

/** The cached read when it carries the target head's current mark (see orient-caches.ts), else null. */
export function cachedCheckpoints(
  cache: OrientCaches["checkpoints"],
  version: number,
  targetId: string,
  projectId: string | null,
  headMark: string | null,
): CheckpointView[] | null {
  if (headMark === null) return null;
  const entry = cache.get(checkpointKey(version, targetId, projectId));
  return entry && entry.highWaterMark === headMark ? entry.rows : null;
}

/**
 * The target's (or project's) checkpoints: from the cache when the target head's mark is unchanged,
 * else read and cached under that mark. No head (a target without projects) means nothing to cache.
 */
export async function loadCheckpoints(
  sql: Sql,
  cache: OrientCaches["checkpoints"],
  version: number,
  targetId: string,
  projectId: string | null,
  headMark: string | null,
): Promise<CheckpointView[]> {
  const cached = cachedCheckpoints(cache, version, targetId, projectId, headMark);
  if (cached) return cached;
  const rows = await readCheckpoints(sql, version, targetId, projectId);
  if (headMark !== null) cache.set(checkpointKey(version, targetId, projectId), { highWaterMark: headMark, rows });
  return rows;
}

/**
 * Newest members of each branch (keyset index on version, branch, member time, id), from the cache
 * while the target head's mark is unchanged (memberships change only with it), else read and cached.
 */
export async function loadBranchMembers(
  sql: Sql,
  cache: OrientCaches["members"],
  version: number,
  branches: readonly { branchId: string; name: string }[],
  headMark: string | null,
  perBranch = MEMBERS_PER_BRANCH,
): Promise<{ id: string; branchName: string }[]> {
  if (branches.length === 0) return [];
  const known = new Map<string, string[]>();
  for (const branch of branches) {
    const entry = headMark === null ? undefined : cache.get(memberKey(version, branch.branchId));
    if (entry && entry.highWaterMark === headMark) known.set(branch.branchId, entry.ids);
  }
  const unread = branches.filter((branch) => !known.has(branch.branchId)).map((branch) => branch.branchId);
  if (unread.length > 0) {
    const rows = await sql<{ branch_id: string; id: string }>`
      SELECT b.id::text AS branch_id, m.research_object_id::text AS id FROM unnest(${unread}::uuid[]) AS b(id)
      CROSS JOIN LATERAL (
        SELECT research_object_id FROM branch_memberships
        WHERE version = ${version} AND branch_id = b.id
        ORDER BY member_created_at DESC, research_object_id DESC LIMIT ${perBranch}) m`;
    for (const branchId of unread) known.set(branchId, []);
    for (const row of rows) known.get(row.branch_id)!.push(row.id);
    if (headMark !== null)
      for (const branchId of unread)
        cache.set(memberKey(version, branchId), { highWaterMark: headMark, ids: known.get(branchId)! });
  }
  return branches.flatMap((branch) => known.get(branch.branchId)!.map((id) => ({ id, branchName: branch.name })));
}
