// Writes of the `memory-branches` view for one version: branches and memberships derived from
// research objects, project root branches, and branch creation times. Shared by worker and rebuild.
import type { BranchKind, EvidenceGrade, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";
import { sql, type SqlRunner } from "../../../platform/db/sql.js";
import {
  branchId,
  deriveBranches,
  KIND_PRECEDENCE,
  ROOT_BRANCH,
  takesPrecedence,
} from "../domain/branch-derivation.js";
import { CHECKPOINT_BODY_CHARS } from "../domain/memory.constants.js";

// Rows per INSERT: well under Postgres's 65,535 bind parameters for the widest row (8 columns).
const INSERT_CHUNK = 2_000;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) await insert(rows.slice(start, start + INSERT_CHUNK));
}

/** Root branches of projects (members or not): every project has an entry point from its creation. */
export async function ensureRootBranches(tx: SqlRunner, version: number, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const roots = projectIds.map((projectId) => branchId(projectId, ROOT_BRANCH));
  // One statement: the projects that exist get their root (kept if there), and their roots' ids come back.
  const rows = await tx.query<{ id: string }>(sql`
    WITH found AS (
      SELECT r.id, p.id AS project_id, p.routing_target_id, p.created_at
      FROM unnest(${roots}::uuid[], ${projectIds}::uuid[]) AS r(id, project_id) JOIN projects p ON p.id = r.project_id
    ), inserted AS (
      INSERT INTO memory_branches (id, version, project_id, routing_target_id, name, kind, parent_id, created_at)
      SELECT id, ${version}::int, project_id, routing_target_id, ${ROOT_BRANCH}::text, 'PROJECT', NULL, created_at FROM found
      ON CONFLICT DO NOTHING
    )
    SELECT id::text FROM found`);
  return rows.map((row) => row.id);
}

/** The objects a refresh or a build derives branches and memberships from, with their project's creation time. */
export interface MemoryObject {
  id: string;
  projectId: string;
  routingTargetId: string;
  kind: ResearchKind;
  evidenceGrade: EvidenceGrade;
  branchName: string | null;
  createdAt: Date;
  state: ResearchState;
  contentHash: string;
  project: { createdAt: Date };
  /** The title and the body's first CHECKPOINT_BODY_CHARS, when asked for (a new member's window text). */
  title: string | null;
  body: string | null;
}

type MemoryObjectRow = Omit<MemoryObject, "project" | "createdAt"> & { createdMs: number; projectCreatedMs: number };

/**
 * The objects `ids` (all objects when null), in id order; a page starts after `page.afterId`. With
 * `withText` their window text comes along: a refresh's new members are in the windows it recomputes.
 * Each shape is its own statement text: a named statement planned generically for `($1 IS NULL OR
 * id = ANY($1))` would filter the whole primary key on every refresh.
 */
export async function loadMemoryObjects(
  tx: SqlRunner,
  ids: string[] | null,
  page?: { take: number; afterId?: string },
  withText = false,
): Promise<MemoryObject[]> {
  const rows = await tx.query<MemoryObjectRow>(sql`
    SELECT o.id::text AS id, o.project_id::text AS "projectId", o.routing_target_id::text AS "routingTargetId",
           o.kind::text AS kind, o.evidence_grade::text AS "evidenceGrade", o.branch_name AS "branchName",
           (extract(epoch FROM o.created_at) * 1000)::float8 AS "createdMs", o.state::text AS state,
           o.content_hash AS "contentHash", (extract(epoch FROM p.created_at) * 1000)::float8 AS "projectCreatedMs",
           CASE WHEN ${withText}::boolean THEN o.title END AS title,
           CASE WHEN ${withText}::boolean THEN left(o.body, ${CHECKPOINT_BODY_CHARS}::int) END AS body
    FROM research_objects o JOIN projects p ON p.id = o.project_id
    WHERE ${ids === null ? sql`TRUE` : sql`o.id = ANY(${ids}::uuid[])`}
      AND ${page?.afterId === undefined ? sql`TRUE` : sql`o.id > ${page.afterId}::uuid`}
    ORDER BY o.id
    LIMIT ${page?.take ?? null}::int`);
  return rows.map(({ createdMs, projectCreatedMs, ...object }) => ({
    ...object,
    createdAt: new Date(createdMs),
    project: { createdAt: new Date(projectCreatedMs) },
  }));
}

/** One membership a write inserted (it was not there before): the input of incremental checkpoint counts. */
export interface AddedMember {
  branchId: string;
  researchObjectId: string;
  memberCreatedAt: Date;
  kind: MemoryObject["kind"];
  evidenceGrade: MemoryObject["evidenceGrade"];
  /** The object's state when it was read (a build counts it; a refresh counts members as recorded, current). */
  state: MemoryObject["state"];
  contentHash: string;
}

export interface AddedObjects {
  /** Every branch the objects belong to. */
  branchIds: string[];
  /** Memberships actually inserted (already present ones are left out). */
  added: AddedMember[];
}

interface NewBranch {
  id: string;
  projectId: string;
  routingTargetId: string;
  name: string;
  kind: BranchKind;
  parentId: string | null;
  createdAt: Date;
}

/**
 * Inserts the branches not there yet and gives those already there a kind these rows beat (see
 * takesPrecedence), in one statement over arrays whatever the row count. The update reads the table as it
 * was before the statement, so it sees only branches written by earlier batches; the rows inserted here
 * already carry their winning kind. An approach, last in the precedence, never wins.
 */
async function upsertBranches(tx: SqlRunner, version: number, rows: NewBranch[]): Promise<void> {
  await tx.query(sql`
    WITH b AS (
      SELECT * FROM unnest(${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => row.projectId)}::uuid[],
                  ${rows.map((row) => row.routingTargetId)}::uuid[], ${rows.map((row) => row.name)}::text[],
                  ${rows.map((row) => row.kind)}::"BranchKind"[], ${rows.map((row) => row.parentId)}::uuid[],
                  ${rows.map((row) => row.createdAt.toISOString())}::timestamp(3)[])
        AS b(id, project_id, routing_target_id, name, kind, parent_id, created_at)
    ), inserted AS (
      INSERT INTO memory_branches (id, version, project_id, routing_target_id, name, kind, parent_id, created_at)
      SELECT b.id, ${version}::int, b.project_id, b.routing_target_id, b.name, b.kind, b.parent_id, b.created_at FROM b
      ON CONFLICT DO NOTHING
    )
    UPDATE memory_branches existing SET kind = b.kind, parent_id = b.parent_id
    FROM b
    WHERE existing.version = ${version} AND existing.id = b.id
      AND array_position(${KIND_PRECEDENCE}::"BranchKind"[], existing.kind) > array_position(${KIND_PRECEDENCE}::"BranchKind"[], b.kind)`);
}

/**
 * Inserts memberships not there yet and returns those it inserted; a branch whose new members include one
 * created before the branch's time takes that time (its earliest member's, whatever order the writes
 * committed in; a root keeps its project's). One statement over arrays, whatever the row count; the
 * update sees the branches that earlier statements of the batch inserted.
 */
async function insertMemberships(tx: SqlRunner, version: number, rows: AddedMember[]) {
  return tx.query<{ branch_id: string; research_object_id: string }>(sql`
    WITH inserted AS (
      INSERT INTO branch_memberships (version, branch_id, research_object_id, member_created_at)
      SELECT ${version}::int, m.branch_id, m.research_object_id, m.member_created_at
      FROM unnest(${rows.map((row) => row.branchId)}::uuid[], ${rows.map((row) => row.researchObjectId)}::uuid[],
                  ${rows.map((row) => row.memberCreatedAt.toISOString())}::timestamp(3)[]) AS m(branch_id, research_object_id, member_created_at)
      ON CONFLICT DO NOTHING RETURNING branch_id, research_object_id, member_created_at
    ), settled AS (
      UPDATE memory_branches b SET created_at = first.created_at
      FROM (SELECT branch_id, min(member_created_at) AS created_at FROM inserted GROUP BY branch_id) first
      WHERE b.version = ${version} AND b.id = first.branch_id AND b.kind <> 'PROJECT' AND b.created_at > first.created_at
    )
    SELECT branch_id::text, research_object_id::text FROM inserted`);
}

/** Adds the objects' branches and memberships; returns the branches touched and the memberships inserted. */
export async function addObjects(tx: SqlRunner, version: number, objects: MemoryObject[]): Promise<AddedObjects> {
  const branches = new Map<string, NewBranch>();
  const memberships: AddedMember[] = [];
  for (const object of objects) {
    for (const derived of deriveBranches(object)) {
      const id = branchId(object.projectId, derived.name);
      memberships.push({
        branchId: id,
        researchObjectId: object.id,
        memberCreatedAt: object.createdAt,
        kind: object.kind,
        evidenceGrade: object.evidenceGrade,
        state: object.state,
        contentHash: object.contentHash,
      });
      const known = branches.get(id);
      if (known) {
        // The same name derived with a winning kind (and that kind's parent): see takesPrecedence.
        if (takesPrecedence(derived.kind, known.kind)) {
          known.kind = derived.kind;
          known.parentId = derived.parentName ? branchId(object.projectId, derived.parentName) : null;
        }
        continue;
      }
      branches.set(id, {
        id,
        projectId: object.projectId,
        routingTargetId: object.routingTargetId,
        name: derived.name,
        kind: derived.kind,
        parentId: derived.parentName ? branchId(object.projectId, derived.parentName) : null,
        // Provisional: inserting the memberships sets the earliest member's time; the root keeps the project's.
        createdAt: derived.kind === "PROJECT" ? object.project.createdAt : object.createdAt,
      });
    }
  }
  await insertChunks([...branches.values()], (chunk) => upsertBranches(tx, version, chunk));
  const added: AddedMember[] = [];
  // RETURNING tells which memberships are new, so counts never take a member twice.
  await insertChunks(memberships, async (chunk) => {
    const inserted = new Set(
      (await insertMemberships(tx, version, chunk)).map((row) => `${row.branch_id}/${row.research_object_id}`),
    );
    for (const row of chunk) if (inserted.has(`${row.branchId}/${row.researchObjectId}`)) added.push(row);
  });
  return { branchIds: [...branches.keys()], added };
}

/** Memberships of superseded objects, found by derivation and checked on the primary key (no scan by object). */
export async function membershipsOfObjects(
  tx: SqlRunner,
  version: number,
  objects: MemoryObject[],
): Promise<AddedMember[]> {
  const candidates = objects.flatMap((object) =>
    deriveBranches(object).map((derived) => ({
      branchId: branchId(object.projectId, derived.name),
      researchObjectId: object.id,
      memberCreatedAt: object.createdAt,
      kind: object.kind,
      evidenceGrade: object.evidenceGrade,
      state: object.state,
      contentHash: object.contentHash,
    })),
  );
  if (candidates.length === 0) return [];
  const rows = await tx.query<{ branch_id: string; research_object_id: string }>(sql`
    SELECT m.branch_id::text, m.research_object_id::text FROM branch_memberships m
    JOIN unnest(${candidates.map((row) => row.branchId)}::uuid[], ${candidates.map((row) => row.researchObjectId)}::uuid[]) AS c(branch_id, research_object_id)
      ON m.branch_id = c.branch_id AND m.research_object_id = c.research_object_id
    WHERE m.version = ${version}`);
  const present = new Set(rows.map((row) => `${row.branch_id}/${row.research_object_id}`));
  return candidates.filter((row) => present.has(`${row.branchId}/${row.researchObjectId}`));
}
