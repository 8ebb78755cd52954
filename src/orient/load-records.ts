// DB reads of raw records for the bounded candidate union: lean objects by id with their sparse token
// counts, the texts (clipped body, replay) of the few chosen for the packet, relations around graph
// seeds and among the records a packet can include, and proof-state matches. Every read that finds a
// candidate also returns its state, so records already in the process cache need no second read.
import type { Sql } from "./sql.js";
import type { EvidenceGrade, ResearchKind, ResearchState } from "../generated/prisma/enums.js";
import { replaySummary } from "../modules/research/manifest.js";
import { RESEARCH_SPARSE_VIEW } from "../projections/research-documents.js";
import { GRAPH_EDGE_LIMIT, ITEM_TEXT_MAX, PROOF_STATE_LIMIT } from "./orient.constants.js";
import type { CandidateRecord, FieldCounts, ItemText, RelationEdge } from "./orient.types.js";
import { documentCounts, documentKey, type DocumentCounts, type OrientCaches, type RecordAttributes } from "./orient-caches.js";

type ObjectRow = {
  id: string; accession: number; project_id: string; kind: ResearchKind; title: string; state: ResearchState;
  evidence_grade: EvidenceGrade; branch_name: string | null; created_at: Date; fields: FieldCounts | null; length: number | null;
};

function toRecord(attributes: RecordAttributes, state: ResearchState, counts: DocumentCounts | undefined): CandidateRecord {
  return {
    id: attributes.id, accession: attributes.accession, projectId: attributes.projectId, kind: attributes.kind, title: attributes.title,
    evidenceGrade: attributes.evidenceGrade, branchName: attributes.branchName, createdAt: attributes.createdAt,
    state, fields: counts?.fields ?? {}, length: counts?.length ?? 0, distinctTerms: counts?.distinctTerms ?? 0,
  };
}

/**
 * Candidate records for `states` (id -> state as the read that found it saw it). Attributes and token
 * counts come from the process cache or `fresh` (the sparse probe's hits); only the rest are read, in
 * one statement with their counts (LEFT JOIN, same view version), and cached.
 */
export async function loadRecords(
  sql: Sql, sparseVersion: number | null, states: ReadonlyMap<string, ResearchState>, fresh: ReadonlyMap<string, DocumentCounts>, caches: Pick<OrientCaches, "records" | "documents">,
): Promise<Map<string, CandidateRecord>> {
  const records = new Map<string, CandidateRecord>();
  const unread: string[] = [];
  for (const [id, state] of states) {
    const attributes = caches.records.get(id);
    const counts = fresh.get(id) ?? (sparseVersion === null ? undefined : caches.documents.get(documentKey(sparseVersion, id)));
    if (attributes && (counts || sparseVersion === null)) records.set(id, toRecord(attributes, state, counts));
    else unread.push(id);
  }
  if (unread.length === 0) return records;
  const rows = await sql<ObjectRow>`
    SELECT o.id::text, o.accession, o.project_id::text, o.kind, o.title, o.state,
           o.evidence_grade, o.branch_name, o.created_at AT TIME ZONE 'UTC' AS created_at, d.fields, d.length
    FROM research_objects o
    LEFT JOIN sparse_documents d ON ${sparseVersion !== null} AND d.view = ${RESEARCH_SPARSE_VIEW} AND d.version = ${sparseVersion}::int AND d.document_id = o.id::text
    WHERE o.id = ANY(${unread}::uuid[])`;
  for (const row of rows) {
    const attributes: RecordAttributes = {
      id: row.id, accession: row.accession, projectId: row.project_id, kind: row.kind, title: row.title,
      evidenceGrade: row.evidence_grade, branchName: row.branch_name, createdAt: row.created_at,
    };
    caches.records.set(row.id, attributes);
    let counts = fresh.get(row.id);
    if (!counts && row.fields !== null) {
      counts = documentCounts(row.fields, row.length ?? 0);
      caches.documents.set(documentKey(sparseVersion!, row.id), counts);
    }
    records.set(row.id, toRecord(attributes, row.state, counts));
  }
  return records;
}

/** Clipped bodies and replay summaries of the packet's records (at most MAX_PACKET_ITEMS), cached ones without a read. */
export async function loadItemTexts(sql: Sql, ids: readonly string[], cache: OrientCaches["texts"]): Promise<Map<string, ItemText>> {
  const texts = new Map<string, ItemText>();
  for (const id of ids) {
    const cached = cache.get(id);
    if (cached) texts.set(id, cached);
  }
  const unread = ids.filter((id) => !texts.has(id));
  if (unread.length === 0) return texts;
  const rows = await sql<{ id: string; body_prefix: string; artifact: unknown }>`
    SELECT id::text, left(body, ${ITEM_TEXT_MAX * 2}) AS body_prefix, artifact FROM research_objects WHERE id = ANY(${unread}::uuid[])`;
  for (const row of rows) {
    const text = { bodyPrefix: row.body_prefix, replay: replaySummary(row.artifact) };
    cache.set(row.id, text);
    texts.set(row.id, text);
  }
  return texts;
}

export interface NeighbourEdge {
  seedId: string;
  neighbourId: string;
  type: string;
  neighbourState: ResearchState;
}

/** Edges touching the seeds, in either direction, as (seed, neighbour, type) with the neighbour's state. */
export async function loadNeighbours(sql: Sql, seedIds: readonly string[]): Promise<NeighbourEdge[]> {
  if (seedIds.length === 0) return [];
  const rows = await sql<{ seed_id: string; neighbour_id: string; type: string; state: ResearchState }>`
    (SELECT r.from_id::text AS seed_id, r.to_id::text AS neighbour_id, r.type::text, o.state FROM research_relations r JOIN research_objects o ON o.id = r.to_id
     WHERE r.from_id = ANY(${seedIds}::uuid[]) LIMIT ${GRAPH_EDGE_LIMIT})
    UNION ALL
    (SELECT r.to_id::text AS seed_id, r.from_id::text AS neighbour_id, r.type::text, o.state FROM research_relations r JOIN research_objects o ON o.id = r.from_id
     WHERE r.to_id = ANY(${seedIds}::uuid[]) LIMIT ${GRAPH_EDGE_LIMIT})`;
  return rows.map((row) => ({ seedId: row.seed_id, neighbourId: row.neighbour_id, type: row.type, neighbourState: row.state }));
}

/**
 * Relations whose both ends are among `ids` (disagreements and support inside the packet): the edges
 * leaving each id (one probe of the (from_id, to_id, type) key; OFFSET 0 keeps the planner from
 * turning the probes into a scan of every relation), kept when they land among the ids.
 */
export async function loadRelationsAmong(sql: Sql, ids: readonly string[]): Promise<RelationEdge[]> {
  if (ids.length < 2) return [];
  const rows = await sql<{ from_id: string; to_id: string; type: string }>`
    SELECT r.from_id::text, r.to_id::text, r.type::text
    FROM unnest(${ids}::uuid[]) AS f(id)
    CROSS JOIN LATERAL (SELECT from_id, to_id, type FROM research_relations WHERE from_id = f.id OFFSET 0) r`;
  const among = new Set(ids);
  return rows.filter((row) => among.has(row.to_id)).slice(0, GRAPH_EDGE_LIMIT * 2).map((row) => ({ fromId: row.from_id, toId: row.to_id, type: row.type }));
}

export interface ProofMatches {
  exactIds: string[];
  structuralIds: string[];
  states: Map<string, ResearchState>;
}

export async function loadProofMatches(sql: Sql, targetId: string, exact: string[], structural: string[]): Promise<ProofMatches> {
  if (exact.length === 0 && structural.length === 0) return { exactIds: [], structuralIds: [], states: new Map() };
  const rows = await sql<{ id: string; state: ResearchState; goal_fingerprint: string | null; goal_shape_fingerprint: string | null }>`
    SELECT id::text, state, goal_fingerprint, goal_shape_fingerprint FROM research_objects
    WHERE routing_target_id = ${targetId}::uuid AND (goal_fingerprint = ANY(${exact}::text[]) OR goal_shape_fingerprint = ANY(${structural}::text[]))
    ORDER BY created_at DESC LIMIT ${PROOF_STATE_LIMIT}`;
  const exactSet = new Set(exact);
  return {
    exactIds: rows.filter((row) => row.goal_fingerprint && exactSet.has(row.goal_fingerprint)).map((row) => row.id),
    structuralIds: rows.filter((row) => !(row.goal_fingerprint && exactSet.has(row.goal_fingerprint))).map((row) => row.id),
    states: new Map(rows.map((row) => [row.id, row.state])),
  };
}
