// DB reads of raw records for the bounded candidate union: lean objects by id with their sparse token
// counts, the texts (clipped body, replay) of the few chosen for the packet, relations around graph
// seeds and among candidates, and proof-state matches.
import type { Sql } from "./sql.js";
import type { EvidenceGrade, ResearchKind, ResearchState } from "../generated/prisma/enums.js";
import { replaySummary } from "../modules/research/manifest.js";
import { RESEARCH_SPARSE_VIEW } from "../projections/research-documents.js";
import { GRAPH_EDGE_LIMIT, ITEM_TEXT_MAX, PROOF_STATE_LIMIT } from "./orient.constants.js";
import type { CandidateRecord, FieldCounts, ItemText, RelationEdge } from "./orient.types.js";

type ObjectRow = {
  id: string; accession: number; project_id: string; kind: ResearchKind; title: string;
  evidence_grade: EvidenceGrade; state: ResearchState; branch_name: string | null; created_at: Date;
};

/** Objects with their sparse fields; `known` supplies fields already read by the sparse probe. */
export async function loadRecords(sql: Sql, sparseVersion: number | null, ids: readonly string[], known: ReadonlyMap<string, { fields: FieldCounts; length: number }>): Promise<Map<string, CandidateRecord>> {
  if (ids.length === 0) return new Map();
  const missing = ids.filter((id) => !known.has(id));
  // One statement: the sparse fields of records the probe did not read come along (LEFT JOIN, same view version).
  const objects = await sql<(ObjectRow & { fields: FieldCounts | null; length: number | null })>`
    SELECT o.id::text, o.accession, o.project_id::text, o.kind, o.title,
           o.evidence_grade, o.state, o.branch_name, o.created_at AT TIME ZONE 'UTC' AS created_at, d.fields, d.length
    FROM research_objects o
    LEFT JOIN sparse_documents d ON ${sparseVersion !== null && missing.length > 0} AND d.view = ${RESEARCH_SPARSE_VIEW} AND d.version = ${sparseVersion}::int
      AND d.document_id = o.id::text AND d.document_id = ANY(${missing}::text[])
    WHERE o.id = ANY(${ids}::uuid[])`;
  const fields = new Map<string, { fields: FieldCounts; length: number }>(known);
  for (const row of objects) if (row.fields !== null && !fields.has(row.id)) fields.set(row.id, { fields: row.fields, length: row.length ?? 0 });
  return new Map(objects.map((row) => [row.id, {
    id: row.id, accession: row.accession, projectId: row.project_id, kind: row.kind, title: row.title,
    evidenceGrade: row.evidence_grade, state: row.state, branchName: row.branch_name, createdAt: row.created_at,
    fields: fields.get(row.id)?.fields ?? {}, length: fields.get(row.id)?.length ?? 0,
  }]));
}

/** Clipped bodies and replay summaries of the packet's records (at most MAX_PACKET_ITEMS rows). */
export async function loadItemTexts(sql: Sql, ids: readonly string[]): Promise<Map<string, ItemText>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ id: string; body_prefix: string; artifact: unknown }>`
    SELECT id::text, left(body, ${ITEM_TEXT_MAX * 2}) AS body_prefix, artifact FROM research_objects WHERE id = ANY(${ids}::uuid[])`;
  return new Map(rows.map((row) => [row.id, { bodyPrefix: row.body_prefix, replay: replaySummary(row.artifact) }]));
}

/** Edges touching the seeds, in either direction, as (seed, neighbour, type). */
export async function loadNeighbours(sql: Sql, seedIds: readonly string[]): Promise<{ seedId: string; neighbourId: string; type: string }[]> {
  if (seedIds.length === 0) return [];
  const rows = await sql<{ from_id: string; to_id: string; type: string }>`
    (SELECT from_id::text, to_id::text, type::text FROM research_relations WHERE from_id = ANY(${seedIds}::uuid[]) LIMIT ${GRAPH_EDGE_LIMIT})
    UNION ALL
    (SELECT from_id::text, to_id::text, type::text FROM research_relations WHERE to_id = ANY(${seedIds}::uuid[]) LIMIT ${GRAPH_EDGE_LIMIT})`;
  const seeds = new Set(seedIds);
  return rows.flatMap((row) => [
    ...(seeds.has(row.from_id) ? [{ seedId: row.from_id, neighbourId: row.to_id, type: row.type }] : []),
    ...(seeds.has(row.to_id) ? [{ seedId: row.to_id, neighbourId: row.from_id, type: row.type }] : []),
  ]);
}

/** Relations whose both ends are among `ids` (disagreements and support inside the packet). */
export async function loadRelationsAmong(sql: Sql, ids: readonly string[]): Promise<RelationEdge[]> {
  if (ids.length < 2) return [];
  const rows = await sql<{ from_id: string; to_id: string; type: string }>`
    SELECT from_id::text, to_id::text, type::text FROM research_relations
    WHERE from_id = ANY(${ids}::uuid[]) AND to_id = ANY(${ids}::uuid[]) LIMIT ${GRAPH_EDGE_LIMIT * 2}`;
  return rows.map((row) => ({ fromId: row.from_id, toId: row.to_id, type: row.type }));
}

export async function loadProofMatches(sql: Sql, targetId: string, exact: string[], structural: string[]): Promise<{ exactIds: string[]; structuralIds: string[] }> {
  if (exact.length === 0 && structural.length === 0) return { exactIds: [], structuralIds: [] };
  const rows = await sql<{ id: string; goal_fingerprint: string | null; goal_shape_fingerprint: string | null }>`
    SELECT id::text, goal_fingerprint, goal_shape_fingerprint FROM research_objects
    WHERE routing_target_id = ${targetId}::uuid AND (goal_fingerprint = ANY(${exact}::text[]) OR goal_shape_fingerprint = ANY(${structural}::text[]))
    ORDER BY created_at DESC LIMIT ${PROOF_STATE_LIMIT}`;
  const exactSet = new Set(exact);
  return {
    exactIds: rows.filter((row) => row.goal_fingerprint && exactSet.has(row.goal_fingerprint)).map((row) => row.id),
    structuralIds: rows.filter((row) => !(row.goal_fingerprint && exactSet.has(row.goal_fingerprint))).map((row) => row.id),
  };
}
