// DB read of the research-memory lane: documents on the target (and project) sharing a query term.
// Two bounded probes in one statement: the query's distinctive terms (those not already common on the
// target), then any term. Scoring happens in the service (bm25.ts); the database only generates candidates.
import type { Sql } from "./sql.js";
import { RESEARCH_SPARSE_VIEW } from "../projections/research-documents.js";
import { SPARSE_POOL_LIMIT } from "./orient.constants.js";
import type { FieldCounts } from "./orient.types.js";
import { documentCounts, documentKey, type DocumentCounts, type OrientCaches } from "./orient-caches.js";

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
 * cache; those it lacks are read by key in a second statement (a cold target only).
 */
export async function loadSparsePool(
  sql: Sql, cache: OrientCaches["documents"], version: number, targetId: string, projectId: string | null, terms: string[], distinctive: string[], eligibleOnly: boolean,
): Promise<SparsePool> {
  if (terms.length === 0) return { hits: [], saturated: false };
  const half = Math.floor(SPARSE_POOL_LIMIT / 2);
  const runFirst = distinctive.length > 0 && distinctive.length < terms.length;
  const rows = await sql.planned<Row>`
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
  const first = rows.filter((row) => row.probe === 1);
  const secondRaw = rows.filter((row) => row.probe === 2);
  const seen = new Set(first.map((row) => row.document_id));
  const kept = [...first, ...secondRaw.filter((row) => !seen.has(row.document_id))];
  const counts = await documentCountsOf(sql, cache, version, kept.map((row) => row.document_id));
  return {
    hits: kept.flatMap((row) => {
      const document = counts.get(row.document_id);
      return document ? [{ id: row.document_id, projectId: row.project_id, fields: document.fields, length: row.length, distinctTerms: document.distinctTerms, eligible: row.eligible }] : [];
    }),
    saturated: first.length >= half || secondRaw.length >= SPARSE_POOL_LIMIT - first.length,
  };
}

/** Token counts of the given documents: cached ones at once, the rest read by key and cached. */
async function documentCountsOf(sql: Sql, cache: OrientCaches["documents"], version: number, ids: readonly string[]): Promise<Map<string, DocumentCounts>> {
  const counts = new Map<string, DocumentCounts>();
  for (const id of ids) {
    const cached = cache.get(documentKey(version, id));
    if (cached) counts.set(id, cached);
  }
  const missing = ids.filter((id) => !counts.has(id));
  if (missing.length === 0) return counts;
  const rows = await sql<{ document_id: string; fields: FieldCounts; length: number }>`
    SELECT document_id, fields, length FROM sparse_documents
    WHERE view = ${RESEARCH_SPARSE_VIEW} AND version = ${version} AND document_id = ANY(${missing}::text[])`;
  for (const row of rows) {
    const document = documentCounts(row.fields, row.length);
    counts.set(row.document_id, document);
    cache.set(documentKey(version, row.document_id), document);
  }
  return counts;
}
