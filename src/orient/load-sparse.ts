// DB read of the research-memory lane: documents on the target (and project) sharing a query term.
// Two bounded probes in one statement: the query's distinctive terms (those not already common on the
// target), then any term. Scoring happens in the service (bm25.ts); the database only generates candidates.
import type { Sql } from "./sql.js";
import { RESEARCH_SPARSE_VIEW } from "../projections/research-documents.js";
import { SPARSE_POOL_LIMIT } from "./orient.constants.js";
import type { FieldCounts } from "./orient.types.js";
import { documentCounts, documentKey, type DocumentCounts, type OrientCaches } from "./orient-caches.js";
import { readRecordRows, type RecordRow } from "./load-records.js";

export interface SparseHit {
  id: string;
  projectId: string;
  fields: FieldCounts;
  length: number;
  distinctTerms: number;
  eligible: boolean;
}

export interface SparsePool {
  hits: SparseHit[];
  /** True when a probe hit its LIMIT: frequencies in the pool are then a sample. */
  saturated: boolean;
  /** Full rows of hits new to the process, read right after the probe (runOrient absorbs them). */
  rows: RecordRow[];
}

type Row = { probe: number; document_id: string; project_id: string; length: number; eligible: boolean };

/**
 * One statement, two bounded probes. The first asks for the query's distinctive terms (at most half the
 * pool; see term-shares.ts: neither key terms of the target's root checkpoints nor words in a large share
 * of all documents), the second for any query term (the rest). Both take
 * the newest matches first (source_sequence is the record's accession), so a saturated probe is a
 * deterministic, recency-biased sample rather than whatever a scan met first. The term arrays are
 * literal parameters, so the planner sees their selectivity: a newest-first walk of the target's
 * (view, version, target, source_sequence) index that stops at the LIMIT for common terms, the GIN index
 * and a top-N sort for rare ones. Token counts come from the process's document
 * cache. Hits new to the process are read whole (attributes, counts, relations) in a second statement
 * at once, so a first-sight query waits for them here rather than in a later round trip.
 */
export async function loadSparsePool(
  sql: Sql, caches: Pick<OrientCaches, "documents" | "records">, version: number, targetId: string, projectId: string | null, terms: string[], distinctive: string[], eligibleOnly: boolean,
): Promise<SparsePool> {
  if (terms.length === 0) return { hits: [], saturated: false, rows: [] };
  const half = Math.floor(SPARSE_POOL_LIMIT / 2);
  const runFirst = distinctive.length > 0 && distinctive.length < terms.length;
  const probed = await sql.planned<Row>`
    WITH first AS MATERIALIZED (
      SELECT document_id, project_id, length, eligible FROM sparse_documents
      WHERE ${runFirst} AND view = ${RESEARCH_SPARSE_VIEW} AND version = ${version} AND routing_target_id = ${targetId}::uuid
        AND (${projectId}::uuid IS NULL OR project_id = ${projectId}::uuid)
        AND (${eligibleOnly} = false OR eligible) AND terms && ${distinctive}::text[]
      ORDER BY source_sequence DESC LIMIT ${half}),
    second AS (
      SELECT document_id, project_id, length, eligible FROM sparse_documents
      WHERE view = ${RESEARCH_SPARSE_VIEW} AND version = ${version} AND routing_target_id = ${targetId}::uuid
        AND (${projectId}::uuid IS NULL OR project_id = ${projectId}::uuid)
        AND (${eligibleOnly} = false OR eligible) AND terms && ${terms}::text[]
      ORDER BY source_sequence DESC LIMIT ${SPARSE_POOL_LIMIT} - (SELECT count(*) FROM first))
    SELECT 1 AS probe, document_id, project_id::text, length, eligible FROM first
    UNION ALL
    SELECT 2 AS probe, document_id, project_id::text, length, eligible FROM second`;
  const first = probed.filter((row) => row.probe === 1);
  const secondRaw = probed.filter((row) => row.probe === 2);
  const seen = new Set(first.map((row) => row.document_id));
  const kept = [...first, ...secondRaw.filter((row) => !seen.has(row.document_id))];
  const counts = new Map<string, DocumentCounts>();
  const unread: string[] = [];
  for (const { document_id: id } of kept) {
    const cached = caches.documents.get(documentKey(version, id));
    if (cached) counts.set(id, cached);
    if (!cached || !caches.records.get(id)) unread.push(id);
  }
  const rows = await readRecordRows(sql, version, targetId, unread);
  for (const row of rows) {
    if (row.fields === null) continue;
    const document = documentCounts(row.fields, row.length ?? 0);
    counts.set(row.id, document);
    caches.documents.set(documentKey(version, row.id), document);
  }
  return {
    rows,
    hits: kept.flatMap((row) => {
      const document = counts.get(row.document_id);
      return document ? [{ id: row.document_id, projectId: row.project_id, fields: document.fields, length: row.length, distinctTerms: document.distinctTerms, eligible: row.eligible }] : [];
    }),
    saturated: first.length >= half || secondRaw.length >= SPARSE_POOL_LIMIT - first.length,
  };
}
