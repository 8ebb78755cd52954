// Maintains checkpoints of branches and the heads of projects and targets in one view version.
// Counts (members, current, evidence and kind mix) and the newest member move by deltas, so a refresh
// costs what its batch touched, never the size of a branch; the summary text is recomputed from the
// bounded window of the newest current members (memory-windows.ts).
import type { EvidenceGrade, ResearchKind } from "../../../generated/prisma/enums.js";
import { sql, type SqlRunner } from "../../../platform/db/sql.js";
import {
  applyCountDelta,
  checkpointFromCounts,
  countMember,
  emptyDelta,
  EMPTY_COUNTS,
  type CheckpointContent,
  type CheckpointCounts,
  type CountDelta,
} from "../domain/checkpoint.js";
import { buildProjectHead, buildTargetHead, type HeadBranch } from "../domain/heads.js";
import { ROOT_BRANCH } from "../domain/branch-derivation.js";
import { coldSources, windowsOf, type WindowSources } from "./memory-windows.js";
import { TimeSlices } from "../../../platform/lib/time-slices.js";

// Branches per statement: the window query returns up to CHECKPOINT_WINDOW bodies per branch.
const BRANCH_CHUNK = 50;
// Projects per head refresh round trip.
const PROJECT_CHUNK = 200;

interface NewestMember {
  id: string;
  at: Date;
}

/** What a batch (or a build) changed in one branch: a count delta and its newest new member. */
export interface BranchChange {
  delta: CountDelta;
  newest: NewestMember | null;
}

/** Newest first by (member time, id), as the member pages and the window order them (uuid text sorts as uuid). */
function newer(left: NewestMember | null, right: NewestMember | null): NewestMember | null {
  if (!left) return right;
  if (!right) return left;
  const byTime = left.at.getTime() - right.at.getTime();
  if (byTime !== 0) return byTime > 0 ? left : right;
  return left.id > right.id ? left : right;
}

/** Per-branch changes, accumulated member by member. */
export class BranchChanges {
  readonly byBranch = new Map<string, BranchChange>();

  private of(branchId: string): BranchChange {
    let change = this.byBranch.get(branchId);
    if (!change) this.byBranch.set(branchId, (change = { delta: emptyDelta(), newest: null }));
    return change;
  }

  /** A new member; `current` is its state as counted (as recorded: current; in a build: its state in the snapshot). */
  added(
    member: {
      branchId: string;
      researchObjectId: string;
      memberCreatedAt: Date;
      kind: ResearchKind;
      evidenceGrade: EvidenceGrade;
    },
    current = true,
  ): void {
    const change = this.of(member.branchId);
    countMember(change.delta, member, { members: 1, current: current ? 1 : 0 });
    change.newest = newer(change.newest, { id: member.researchObjectId, at: member.memberCreatedAt });
  }

  /** A member left CURRENT (superseded or quarantined). */
  superseded(member: { branchId: string; kind: ResearchKind; evidenceGrade: EvidenceGrade }): void {
    countMember(this.of(member.branchId).delta, member, { members: 0, current: -1 });
  }

  /** A quarantined member released back to CURRENT. */
  restored(member: { branchId: string; kind: ResearchKind; evidenceGrade: EvidenceGrade }): void {
    countMember(this.of(member.branchId).delta, member, { members: 0, current: 1 });
  }
}

/** A branch with its stored checkpoint's counts and newest member (null columns: no checkpoint yet). */
interface BranchWithCheckpoint {
  id: string;
  routingTargetId: string;
  projectId: string;
  memberCount: number | null;
  currentCount: number | null;
  evidenceMix: Record<string, number> | null;
  kindMix: Record<string, number> | null;
  newestMemberId: string | null;
  newestMemberMs: number | null;
}

function countsOf(row: BranchWithCheckpoint): CheckpointCounts {
  if (row.memberCount === null) return EMPTY_COUNTS;
  return {
    memberCount: row.memberCount,
    currentCount: row.currentCount ?? 0,
    evidenceMix: row.evidenceMix ?? {},
    kindMix: row.kindMix ?? {},
  };
}

/** Checkpoint rows as JSON, for one upsert over jsonb_to_recordset (any number of rows, two parameters). */
const checkpointRow = ({
  branchId,
  routingTargetId,
  projectId,
  newestMemberId,
  newestMemberAt,
  ...content
}: CheckpointContent & {
  branchId: string;
  routingTargetId: string;
  projectId: string;
  newestMemberId: string | null;
  newestMemberAt: Date | null;
}) => ({
  branch_id: branchId,
  routing_target_id: routingTargetId,
  project_id: projectId,
  summary: content.summary,
  key_terms: content.keyTerms,
  member_count: content.memberCount,
  current_count: content.currentCount,
  evidence_mix: content.evidenceMix,
  kind_mix: content.kindMix,
  newest_member_id: newestMemberId,
  newest_member_at: newestMemberAt?.toISOString() ?? null,
});

async function updateChunk(
  tx: SqlRunner,
  version: number,
  branchIds: string[],
  changes: Map<string, BranchChange>,
  highWaterMark: bigint,
  sources: WindowSources,
): Promise<string[]> {
  const branches = await tx.query<BranchWithCheckpoint>(sql`
    SELECT b.id::text AS id, b.routing_target_id::text AS "routingTargetId", b.project_id::text AS "projectId",
           c.member_count AS "memberCount", c.current_count AS "currentCount", c.evidence_mix AS "evidenceMix",
           c.kind_mix AS "kindMix", c.newest_member_id::text AS "newestMemberId",
           (extract(epoch FROM c.newest_member_at) * 1000)::float8 AS "newestMemberMs"
    FROM memory_branches b LEFT JOIN checkpoints c ON c.version = b.version AND c.branch_id = b.id
    WHERE b.version = ${version} AND b.id = ANY(${branchIds}::uuid[])`);
  const windows = await windowsOf(tx, version, branchIds, sources);
  // Under load a batch brings tens of new members: analysing them and then every checkpoint in one go kept the
  // event loop from the writes for tens of milliseconds, so both go in slices (time-slices.ts).
  const slices = new TimeSlices();
  for (const window of windows.values())
    for (const member of window) {
      sources.texts.prepare(member);
      if (slices.due()) await slices.nextSlice();
    }
  const rows = [];
  for (const branch of branches) {
    const change = changes.get(branch.id);
    const counts = change ? applyCountDelta(countsOf(branch), change.delta) : countsOf(branch);
    const content = checkpointFromCounts(counts, windows.get(branch.id) ?? [], sources.texts.analyseWindow);
    const before =
      branch.newestMemberId && branch.newestMemberMs !== null
        ? { id: branch.newestMemberId, at: new Date(branch.newestMemberMs) }
        : null;
    const latest = newer(before, change?.newest ?? null);
    rows.push(
      checkpointRow({
        branchId: branch.id,
        routingTargetId: branch.routingTargetId,
        projectId: branch.projectId,
        ...content,
        newestMemberId: latest?.id ?? null,
        newestMemberAt: latest?.at ?? null,
      }),
    );
    if (slices.due()) await slices.nextSlice();
  }
  if (rows.length === 0) return [];
  await tx.query(sql`
    INSERT INTO checkpoints (version, branch_id, routing_target_id, project_id, summary, key_terms, member_count,
                             current_count, evidence_mix, kind_mix, newest_member_id, newest_member_at, high_water_mark, updated_at)
    SELECT ${version}::int, r.branch_id, r.routing_target_id, r.project_id, r.summary, r.key_terms, r.member_count,
           r.current_count, r.evidence_mix, r.kind_mix, r.newest_member_id, r.newest_member_at, ${highWaterMark.toString()}::bigint, (now() AT TIME ZONE 'UTC')
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(branch_id uuid, routing_target_id uuid, project_id uuid,
      summary text, key_terms text[], member_count int, current_count int, evidence_mix jsonb, kind_mix jsonb,
      newest_member_id uuid, newest_member_at timestamp(3))
    ON CONFLICT (version, branch_id) DO UPDATE SET routing_target_id = EXCLUDED.routing_target_id,
      project_id = EXCLUDED.project_id, summary = EXCLUDED.summary, key_terms = EXCLUDED.key_terms,
      member_count = EXCLUDED.member_count, current_count = EXCLUDED.current_count, evidence_mix = EXCLUDED.evidence_mix,
      kind_mix = EXCLUDED.kind_mix, newest_member_id = EXCLUDED.newest_member_id,
      newest_member_at = EXCLUDED.newest_member_at, high_water_mark = EXCLUDED.high_water_mark, updated_at = (now() AT TIME ZONE 'UTC')`);
  return branches.map((branch) => branch.projectId);
}

/**
 * Rewrites the checkpoints of `branchIds`: counts are the stored ones plus `changes` (a branch without
 * a checkpoint starts from zero, as in a build), the text comes from each branch's current window.
 * Returns the projects those branches belong to (each once).
 */
export async function updateCheckpoints(
  tx: SqlRunner,
  version: number,
  branchIds: string[],
  changes: BranchChanges,
  highWaterMark: bigint,
  sources: WindowSources = coldSources(),
): Promise<string[]> {
  const unique = [...new Set(branchIds)].sort();
  const projects = new Set<string>();
  for (let start = 0; start < unique.length; start += BRANCH_CHUNK) {
    const chunk = unique.slice(start, start + BRANCH_CHUNK);
    for (const projectId of await updateChunk(tx, version, chunk, changes.byBranch, highWaterMark, sources))
      projects.add(projectId);
  }
  return [...projects];
}

type HeadRow = HeadBranch & { projectId: string; routingTargetId: string; part: "branch" | "root" };

/** Branches with their checkpoints' counts and summaries (a branch without one counts zero). */
const HEAD_ROWS = sql`
  SELECT b.id::text AS id, b.name, b.project_id::text AS "projectId", b.routing_target_id::text AS "routingTargetId",
         coalesce(c.member_count, 0) AS "memberCount", coalesce(c.current_count, 0) AS "currentCount",
         coalesce(c.summary, '') AS summary
  FROM memory_branches b LEFT JOIN checkpoints c ON c.version = b.version AND c.branch_id = b.id`;

/**
 * What the heads of `projectIds` and of their targets are built from, in one read: every branch of those
 * projects ("branch"), and the root branch of every project on their targets ("root"). The roots are probed
 * per target (LATERAL, on the (version, routing target, name) index): joined as `IN (…)`, a plan made while
 * the table was small read every branch of the view version and kept the roots of the touched targets.
 */
function headInputs(tx: SqlRunner, version: number, projectIds: string[]): Promise<HeadRow[]> {
  return tx.query<HeadRow>(sql`
    WITH touched AS (${HEAD_ROWS} WHERE b.version = ${version}::int AND b.project_id = ANY(${projectIds}::uuid[]))
    SELECT touched.*, 'branch' AS part FROM touched
    UNION ALL
    SELECT roots.*, 'root' AS part FROM (SELECT DISTINCT "routingTargetId"::uuid AS id FROM touched) target
    CROSS JOIN LATERAL (${HEAD_ROWS}
      WHERE b.version = ${version}::int AND b.routing_target_id = target.id AND b.name = ${ROOT_BRANCH}::text) AS roots`);
}

interface Head {
  scope: "PROJECT" | "TARGET";
  scopeId: string;
  content: ReturnType<typeof buildProjectHead>;
}

/** Upserts project and target heads in one statement. */
async function writeHeads(tx: SqlRunner, version: number, heads: Head[], highWaterMark: bigint) {
  if (heads.length === 0) return;
  const rows = heads.map(({ scope, scopeId, content }) => ({
    scope,
    scope_id: scopeId,
    branch_ids: content.branchIds,
    summary: content.summary,
    member_count: content.memberCount,
  }));
  await tx.query(sql`
    INSERT INTO checkpoint_heads (version, scope, scope_id, branch_ids, summary, member_count, high_water_mark, updated_at)
    SELECT ${version}::int, r.scope::"HeadScope", r.scope_id, r.branch_ids, r.summary, r.member_count, ${highWaterMark.toString()}::bigint, (now() AT TIME ZONE 'UTC')
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(scope text, scope_id uuid, branch_ids text[], summary text, member_count int)
    ON CONFLICT (version, scope, scope_id) DO UPDATE SET branch_ids = EXCLUDED.branch_ids, summary = EXCLUDED.summary,
      member_count = EXCLUDED.member_count, high_water_mark = EXCLUDED.high_water_mark, updated_at = (now() AT TIME ZONE 'UTC')`);
}

/** Heads of the given projects and of every target those projects belong to. */
export async function refreshHeads(
  tx: SqlRunner,
  version: number,
  projectIds: string[],
  highWaterMark: bigint,
): Promise<void> {
  const unique = [...new Set(projectIds)].sort();
  for (let start = 0; start < unique.length; start += PROJECT_CHUNK) {
    const chunk = unique.slice(start, start + PROJECT_CHUNK);
    const rows = await headInputs(tx, version, chunk);
    const branches = rows.filter((row) => row.part === "branch");
    const roots = rows.filter((row) => row.part === "root");
    const targets = [...new Set(branches.map((branch) => branch.routingTargetId))];
    await writeHeads(
      tx,
      version,
      [
        ...chunk.map((projectId): Head => ({
          scope: "PROJECT",
          scopeId: projectId,
          content: buildProjectHead(branches.filter((branch) => branch.projectId === projectId)),
        })),
        ...targets.map((targetId): Head => ({
          scope: "TARGET",
          scopeId: targetId,
          content: buildTargetHead(roots.filter((root) => root.routingTargetId === targetId)),
        })),
      ],
      highWaterMark,
    );
  }
}
