// DB read of the research-memory lane: documents on the target (and project) sharing a query term.
// Two bounded probes in one statement: the query's distinctive terms (those not already common on the
// target), then any term. Scoring happens in the service (bm25.ts); the database only generates candidates.
import type { Sql } from "./sql.js";
import { RESEARCH_SPARSE_VIEW } from "../../research/projection/research-documents.js";
import { SPARSE_POOL_LIMIT, WITHHELD_LIMIT } from "../domain/orient.constants.js";
import type { ResearchState } from "../../../generated/prisma/enums.js";
import type { FieldCounts } from "../domain/orient.types.js";
import { documentCounts, type DocumentCounts, type OrientCaches } from "./orient-caches.js";

export interface SparseHit {
  id: string;
  projectId: string;
  fields: FieldCounts;
  length: number;
  distinctTerms: number;
  eligible: boolean;
}

/** An ineligible record (superseded or quarantined) sharing a query term: what eligibility withheld. */
export interface WithheldMatch {
  id: string;
  state: ResearchState;
}

export interface SparsePool {
  hits: SparseHit[];
  /** Only when ineligible records were left out of the probes: the newest few of them that match. */
  withheld: WithheldMatch[];
  /** True when a probe hit its LIMIT: frequencies in the pool are then a sample. */
  saturated: boolean;
}

type Row = {
  probe: number;
  document_id: string;
  project_id: string;
  length: number;
  eligible: boolean;
  state: ResearchState | null;
};

/**
 * One statement, two bounded probes. The first asks for the query's distinctive terms (at most half the
 * pool; see term-shares.ts: neither key terms of the target's root checkpoints nor words in a large share
 * of all documents), the second for any query term (the rest). Both take
 * the newest matches first (source_sequence is the record's accession), so a saturated probe is a
 * deterministic, recency-biased sample rather than whatever a scan met first. The term arrays are
 * literal parameters, so the planner sees their selectivity: a newest-first walk of the target's
 * (view, version, target, source_sequence) index that stops at the LIMIT for common terms, the GIN index
 * and a top-N sort for rare ones. The third part, the newest ineligible matches, walks the partial index
 * of ineligible documents (sparse_documents_ineligible_idx): on the target's full index it stepped past
 * thousands of eligible entries to find them, most of the statement's time. Token counts come from the
 * process's document cache; those it lacks are read by key in a second statement (a cold target only).
 */
export async function loadSparsePool(
  sql: Sql,
  cache: OrientCaches["documents"],
  version: number,
  targetId: string,
  projectId: string | null,
  terms: string[],
  distinctive: string[],
  eligibleOnly: boolean,
): Promise<SparsePool> {
  if (terms.length === 0) return { hits: [], withheld: [], saturated: false };
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
      ORDER BY source_sequence DESC LIMIT ${SPARSE_POOL_LIMIT} - (SELECT count(*) FROM first)),
    withheld AS (
      SELECT d.document_id, o.state::text AS state FROM sparse_documents d JOIN research_objects o ON o.id = d.document_id::uuid
      WHERE ${eligibleOnly} AND d.view = ${RESEARCH_SPARSE_VIEW} AND d.version = ${version} AND d.routing_target_id = ${targetId}::uuid
        AND (${projectId}::uuid IS NULL OR d.project_id = ${projectId}::uuid)
        AND NOT d.eligible AND d.terms && ${terms}::text[]
      ORDER BY d.source_sequence DESC LIMIT ${WITHHELD_LIMIT})
    SELECT 1 AS probe, document_id, project_id::text, length, eligible, NULL AS state FROM first
    UNION ALL
    SELECT 2 AS probe, document_id, project_id::text, length, eligible, NULL AS state FROM second
    UNION ALL
    SELECT 3 AS probe, document_id, NULL AS project_id, 0 AS length, false AS eligible, state FROM withheld`;
  const first = rows.filter((row) => row.probe === 1);
  const secondRaw = rows.filter((row) => row.probe === 2);
  const withheld = rows.filter((row) => row.probe === 3).map((row) => ({ id: row.document_id, state: row.state! }));
  const seen = new Set(first.map((row) => row.document_id));
  const kept = [...first, ...secondRaw.filter((row) => !seen.has(row.document_id))];
  const counts = await documentCountsOf(
    sql,
    cache,
    version,
    kept.map((row) => row.document_id),
  );
  return {
    hits: kept.flatMap((row) => {
      const document = counts.get(row.document_id);
      return document
        ? [
            {
              id: row.document_id,
              projectId: row.project_id,
              fields: document.fields,
              length: row.length,
              distinctTerms: document.distinctTerms,
              eligible: row.eligible,
            },
          ]
        : [];
    }),
    withheld,
    saturated: first.length >= half || secondRaw.length >= SPARSE_POOL_LIMIT - first.length,
  };
}

/** Token counts of the given documents: cached ones at once, the rest read by key and cached. */
async function documentCountsOf(
  sql: Sql,
  cache: OrientCaches["documents"],
  version: number,
  ids: readonly string[],
): Promise<Map<string, DocumentCounts>> {
  const counts = new Map<string, DocumentCounts>();
  for (const id of ids) {
    const cached = cache.get(version, id);
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
    cache.set(version, row.document_id, document);
  }
  return counts;
}
