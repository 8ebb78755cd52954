// DB read of the research-memory lane: documents on the target (and project) sharing a query term.
// Two bounded probes: the query's distinctive terms (those not already common on the target), then
// any term. Scoring happens in the service (bm25.ts); the database only generates candidates.
import type { PrismaClient } from "../generated/prisma/client.js";
import { RESEARCH_SPARSE_VIEW } from "../projections/research-documents.js";
import { SPARSE_POOL_LIMIT } from "./orient.constants.js";
import type { FieldCounts } from "./orient.types.js";

export interface SparseHit {
  id: string;
  projectId: string;
  fields: FieldCounts;
  length: number;
  eligible: boolean;
}

export interface SparsePool {
  hits: SparseHit[];
  /** True when a probe hit its LIMIT: frequencies in the pool are then a sample. */
  saturated: boolean;
}

type Row = { document_id: string; project_id: string; fields: FieldCounts; length: number; eligible: boolean };

async function probe(prisma: PrismaClient, version: number, targetId: string, projectId: string | null, terms: string[], eligibleOnly: boolean, limit: number): Promise<Row[]> {
  if (terms.length === 0) return [];
  return prisma.$queryRaw<Row[]>`
    SELECT document_id, project_id::text, fields, length, eligible FROM sparse_documents
    WHERE view = ${RESEARCH_SPARSE_VIEW} AND version = ${version} AND routing_target_id = ${targetId}::uuid
      AND (${projectId}::uuid IS NULL OR project_id = ${projectId}::uuid)
      AND (${eligibleOnly} = false OR eligible) AND terms && ${terms}::text[]
    LIMIT ${limit}`;
}

/** `commonTerms`: terms the target's checkpoints list as key terms; they say little about any one record. */
export async function loadSparsePool(
  prisma: PrismaClient, version: number, targetId: string, projectId: string | null, terms: string[], commonTerms: ReadonlySet<string>, eligibleOnly: boolean,
): Promise<SparsePool> {
  const distinctive = terms.filter((term) => !commonTerms.has(term));
  const half = Math.floor(SPARSE_POOL_LIMIT / 2);
  const first = distinctive.length > 0 && distinctive.length < terms.length ? await probe(prisma, version, targetId, projectId, distinctive, eligibleOnly, half) : [];
  const seen = new Set(first.map((row) => row.document_id));
  const secondLimit = SPARSE_POOL_LIMIT - first.length;
  const secondRaw = await probe(prisma, version, targetId, projectId, terms, eligibleOnly, secondLimit);
  const rows = [...first, ...secondRaw.filter((row) => !seen.has(row.document_id))];
  return {
    hits: rows.map((row) => ({ id: row.document_id, projectId: row.project_id, fields: row.fields, length: row.length, eligible: row.eligible })),
    saturated: first.length >= half || secondRaw.length >= secondLimit,
  };
}
