// DB reads of raw records for the bounded candidate union: lean objects by id with their sparse token
// counts, the texts (clipped body, replay) of the few chosen for the packet, relations around graph
// seeds and among the records a packet can include, and proof-state matches. Every read that finds a
// candidate also returns its state, so records already in the process cache need no second read.
import type { Sql } from "./sql.js";
import type { EvidenceGrade, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";
import { replaySummary } from "../../research/domain/manifest.js";
import { RESEARCH_SPARSE_VIEW } from "../../research/projection/research-documents.js";
import { GRAPH_EDGE_LIMIT, ITEM_TEXT_MAX, PROOF_STATE_LIMIT } from "../domain/orient.constants.js";
import type { CandidateRecord, FieldCounts, ItemText, RelationEdge } from "../domain/orient.types.js";
import {
  documentCounts,
  type DocumentCounts,
  type OrientCaches,
  type RecordAttributes,
  type TargetGraph,
} from "./orient-caches.js";

export type RecordRow = {
  id: string;
  accession: number;
  project_id: string;
  kind: ResearchKind;
  title: string;
  state: ResearchState;
  evidence_grade: EvidenceGrade;
  branch_name: string | null;
  created_at: Date;
  fields: FieldCounts | null;
  length: number | null;
  outgoing: { toId: string; type: string }[];
  /** The target's generation in the snapshot the row was read in (see absorbRecordRows). */
  generation: string;
};

function toRecord(
  attributes: RecordAttributes,
  state: ResearchState,
  counts: DocumentCounts | undefined,
): CandidateRecord {
  return {
    id: attributes.id,
    accession: attributes.accession,
    projectId: attributes.projectId,
    kind: attributes.kind,
    title: attributes.title,
    evidenceGrade: attributes.evidenceGrade,
    branchName: attributes.branchName,
    createdAt: attributes.createdAt,
    state,
    fields: counts?.fields ?? {},
    length: counts?.length ?? 0,
    distinctTerms: counts?.distinctTerms ?? 0,
  };
}

/** Records whose attributes or token counts this process lacks. */
export function uncachedRecords(
  ids: readonly string[],
  sparseVersion: number | null,
  caches: Pick<OrientCaches, "records" | "documents">,
): string[] {
  return ids.filter(
    (id) => !caches.records.get(id) || (sparseVersion !== null && !caches.documents.get(sparseVersion, id)),
  );
}

/**
 * Full rows of records on one target with their token counts (LEFT JOIN, same view version) and the
 * relations leaving each (one index probe per row), so a record new to the process needs no second
 * read; with the target's generation in the same snapshot.
 */
export async function readRecordRows(
  sql: Sql,
  sparseVersion: number | null,
  targetId: string,
  ids: readonly string[],
): Promise<RecordRow[]> {
  if (ids.length === 0) return [];
  return sql<RecordRow>`
    SELECT o.id::text, o.accession, o.project_id::text, o.kind, o.title, o.state,
           o.evidence_grade, o.branch_name, o.created_at AT TIME ZONE 'UTC' AS created_at, d.fields, d.length,
           COALESCE((SELECT json_agg(json_build_object('toId', r.to_id, 'type', r.type)) FROM research_relations r WHERE r.from_id = o.id), '[]'::json) AS outgoing,
           COALESCE((SELECT max(e.sequence)::text FROM change_events e WHERE e.routing_target_id = ${targetId}::uuid), '0') AS generation
    FROM research_objects o
    LEFT JOIN sparse_documents d ON ${sparseVersion !== null} AND d.view = ${RESEARCH_SPARSE_VIEW} AND d.version = ${sparseVersion}::int AND d.document_id = o.id::text
    WHERE o.id = ANY(${ids}::uuid[])`;
}

/**
 * Caches what the rows carry and returns their records. Attributes and counts never change; states and
 * relations enter the target graph only when the rows were read at the graph's generation. A read that
 * raced the identity read (the speculative member rows) may predate a supersession the generation
 * already counts, and must not be remembered as that generation's state.
 */
export function absorbRecordRows(
  rows: readonly RecordRow[],
  sparseVersion: number | null,
  fresh: ReadonlyMap<string, DocumentCounts>,
  states: ReadonlyMap<string, ResearchState>,
  caches: Pick<OrientCaches, "records" | "documents">,
  graph: TargetGraph,
): Map<string, CandidateRecord> {
  const records = new Map<string, CandidateRecord>();
  for (const row of rows) {
    const atGraphGeneration = row.generation === graph.generation;
    if (atGraphGeneration)
      graph.outgoing.set(
        row.id,
        row.outgoing.map((edge) => ({ fromId: row.id, toId: edge.toId, type: edge.type })),
      );
    const attributes: RecordAttributes = {
      id: row.id,
      accession: row.accession,
      projectId: row.project_id,
      kind: row.kind,
      title: row.title,
      evidenceGrade: row.evidence_grade,
      branchName: row.branch_name,
      createdAt: row.created_at,
    };
    caches.records.set(row.id, attributes);
    if (atGraphGeneration) graph.states.set(row.id, row.state);
    let counts = fresh.get(row.id);
    if (!counts && row.fields !== null) {
      counts = documentCounts(row.fields, row.length ?? 0);
      caches.documents.set(sparseVersion!, row.id, counts);
    }
    records.set(row.id, toRecord(attributes, states.get(row.id) ?? row.state, counts));
  }
  return records;
}

/**
 * Candidate records for `ids`. States come from `states` (what the read that found a record saw, or the
 * target graph at this generation); attributes and token counts from the process cache or `fresh` (the
 * sparse probe's hits). Only records missing any of these are read (readRecordRows) and cached.
 */
export async function loadRecords(
  sql: Sql,
  sparseVersion: number | null,
  targetId: string,
  ids: readonly string[],
  states: ReadonlyMap<string, ResearchState>,
  fresh: ReadonlyMap<string, DocumentCounts>,
  caches: Pick<OrientCaches, "records" | "documents">,
  graph: TargetGraph,
): Promise<Map<string, CandidateRecord>> {
  const records = new Map<string, CandidateRecord>();
  const unread: string[] = [];
  for (const id of ids) {
    const state = states.get(id) ?? graph.states.get(id);
    const attributes = caches.records.get(id);
    const counts = fresh.get(id) ?? (sparseVersion === null ? undefined : caches.documents.get(sparseVersion, id));
    if (state && attributes && (counts || sparseVersion === null)) records.set(id, toRecord(attributes, state, counts));
    else unread.push(id);
  }
  if (unread.length === 0) return records;
  for (const [id, record] of absorbRecordRows(
    await readRecordRows(sql, sparseVersion, targetId, unread),
    sparseVersion,
    fresh,
    states,
    caches,
    graph,
  ))
    records.set(id, record);
  return records;
}

/** Clipped bodies and replay summaries of the packet's records (at most MAX_PACKET_ITEMS), cached ones without a read. */
export async function loadItemTexts(
  sql: Sql,
  ids: readonly string[],
  cache: OrientCaches["texts"],
): Promise<Map<string, ItemText>> {
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

/** Fills the target graph's outgoing relation lists of `outgoingIds` and both lists of `bothIds`, for records it lacks. */
async function loadEdges(
  sql: Sql,
  graph: TargetGraph,
  outgoingIds: readonly string[],
  bothIds: readonly string[],
): Promise<void> {
  const into = bothIds.filter((id) => !graph.incoming.has(id));
  const unread = [...new Set([...outgoingIds, ...bothIds])].filter((id) => !graph.outgoing.has(id));
  if (unread.length === 0 && into.length === 0) return;
  // One probe of an index per id and direction; OFFSET 0 keeps the planner from turning hundreds of
  // probes into a scan of every relation.
  const rows = await sql<{ from_id: string; to_id: string; type: string }>`
    SELECT r.from_id::text, r.to_id::text, r.type::text FROM unnest(${unread}::uuid[]) AS f(id)
    CROSS JOIN LATERAL (SELECT from_id, to_id, type FROM research_relations WHERE from_id = f.id OFFSET 0) r
    UNION ALL
    SELECT r.from_id::text, r.to_id::text, r.type::text FROM unnest(${into}::uuid[]) AS t(id)
    CROSS JOIN LATERAL (SELECT from_id, to_id, type FROM research_relations WHERE to_id = t.id OFFSET 0) r`;
  const requested = new Set(unread);
  const requestedInto = new Set(into);
  for (const id of unread) graph.outgoing.set(id, []);
  for (const id of into) graph.incoming.set(id, []);
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.from_id}>${row.to_id}>${row.type}`;
    if (seen.has(key)) continue; // an edge between two requested records comes back from both probes
    seen.add(key);
    const edge = { fromId: row.from_id, toId: row.to_id, type: row.type };
    if (requested.has(row.from_id)) graph.outgoing.get(row.from_id)!.push(edge);
    if (requestedInto.has(row.to_id)) graph.incoming.get(row.to_id)!.push(edge);
  }
}

/**
 * Edges touching the seeds, in either direction, as (seed, neighbour, type): from the target graph,
 * read for seeds it lacks. At most GRAPH_EDGE_LIMIT per direction, seeds in rank order. The same
 * statement reads the outgoing edges of `alsoOutgoing` (the likely packet records), which the relations
 * among the packet's candidates need later (loadRelationsAmong then finds them in the graph).
 */
export async function loadNeighbours(
  sql: Sql,
  graph: TargetGraph,
  seedIds: readonly string[],
  alsoOutgoing: readonly string[] = [],
): Promise<{ seedId: string; neighbourId: string; type: string }[]> {
  await loadEdges(sql, graph, alsoOutgoing, seedIds);
  if (seedIds.length === 0) return [];
  const out = seedIds.flatMap((seedId) =>
    graph.outgoing.get(seedId)!.map((edge) => ({ seedId, neighbourId: edge.toId, type: edge.type })),
  );
  const into = seedIds.flatMap((seedId) =>
    graph.incoming.get(seedId)!.map((edge) => ({ seedId, neighbourId: edge.fromId, type: edge.type })),
  );
  return [...out.slice(0, GRAPH_EDGE_LIMIT), ...into.slice(0, GRAPH_EDGE_LIMIT)];
}

/** Relations whose both ends are among `ids` (disagreements and support inside the packet), from the target graph. */
export async function loadRelationsAmong(
  sql: Sql,
  graph: TargetGraph,
  ids: readonly string[],
): Promise<RelationEdge[]> {
  if (ids.length < 2) return [];
  await loadEdges(sql, graph, ids, []);
  return cachedRelationsAmong(graph, ids);
}

/** The same relations as far as the target graph already holds them, without a read (records it lacks contribute none). */
export function cachedRelationsAmong(graph: TargetGraph, ids: readonly string[]): RelationEdge[] {
  const among = new Set(ids);
  return ids
    .flatMap((id) => graph.outgoing.get(id)?.filter((edge) => among.has(edge.toId)) ?? [])
    .slice(0, GRAPH_EDGE_LIMIT * 2);
}

export interface ProofMatches {
  exactIds: string[];
  structuralIds: string[];
  states: Map<string, ResearchState>;
}

/** Fingerprint matches on the target, within `projectId` when the request is scoped to one project. */
export async function loadProofMatches(
  sql: Sql,
  targetId: string,
  projectId: string | null,
  exact: string[],
  structural: string[],
): Promise<ProofMatches> {
  if (exact.length === 0 && structural.length === 0) return { exactIds: [], structuralIds: [], states: new Map() };
  const rows = await sql<{
    id: string;
    state: ResearchState;
    goal_fingerprint: string | null;
    goal_shape_fingerprint: string | null;
  }>`
    SELECT id::text, state, goal_fingerprint, goal_shape_fingerprint FROM research_objects
    WHERE routing_target_id = ${targetId}::uuid AND (${projectId}::uuid IS NULL OR project_id = ${projectId}::uuid)
      AND (goal_fingerprint = ANY(${exact}::text[]) OR goal_shape_fingerprint = ANY(${structural}::text[]))
    ORDER BY created_at DESC LIMIT ${PROOF_STATE_LIMIT}`;
  const exactSet = new Set(exact);
  return {
    exactIds: rows.filter((row) => row.goal_fingerprint && exactSet.has(row.goal_fingerprint)).map((row) => row.id),
    structuralIds: rows
      .filter((row) => !(row.goal_fingerprint && exactSet.has(row.goal_fingerprint)))
      .map((row) => row.id),
    states: new Map(rows.map((row) => [row.id, row.state])),
  };
}
