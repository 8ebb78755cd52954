// Derived view `problem-discovery`: one sparse document per canonical problem, maintained inside the
// transaction that writes the problem, so the discovery index can never drift from the record.
import type { Prisma } from "../../../generated/prisma/client.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import {
  buildSparseDocument,
  PROBLEM_SPARSE_VERSION,
  PROBLEM_SPARSE_VIEW,
  PROBLEM_SPARSE_VIEW_VERSION,
} from "../domain/sparse-document.js";
import { PROBLEM_RECORD_INCLUDE, problemRecordToCatalogue, type ProblemRecord } from "./problem-record.js";
import { servingVersion } from "../../../projections/projection-state.js";

export function problemDocumentRow(row: ProblemRecord, version: number): Prisma.SparseDocumentCreateManyInput {
  const document = buildSparseDocument(problemRecordToCatalogue(row));
  return {
    view: PROBLEM_SPARSE_VIEW,
    version,
    documentId: row.id,
    routingTargetId: row.id,
    fields: document.fields as unknown as Prisma.InputJsonObject,
    terms: document.terms,
    length: document.length,
    eligible: row.publicationState === "PUBLISHED" || row.publicationState === "CHALLENGE_PERIOD",
  };
}

/** Rewrites the sparse documents of the given problems in the serving version. */
export async function maintainProblemDocuments(tx: TransactionClient, problemIds: string[]): Promise<void> {
  if (problemIds.length === 0) return;
  const version = await servingVersion(tx, PROBLEM_SPARSE_VIEW, PROBLEM_SPARSE_VERSION, PROBLEM_SPARSE_VIEW_VERSION);
  const rows = await tx.problem.findMany({ where: { id: { in: problemIds } }, include: PROBLEM_RECORD_INCLUDE });
  await tx.sparseDocument.deleteMany({ where: { view: PROBLEM_SPARSE_VIEW, version, documentId: { in: problemIds } } });
  await insertSparseDocuments(
    tx,
    rows.map((row) => problemDocumentRow(row, version)),
  );
}

/**
 * createMany of the rows as one INSERT ... SELECT FROM unnest(arrays): a few parameters for the whole batch
 * instead of one per value (the full catalogue's first import writes 1,777 documents at once).
 */
async function insertSparseDocuments(
  tx: TransactionClient,
  rows: Prisma.SparseDocumentCreateManyInput[],
): Promise<void> {
  if (rows.length === 0) return;
  const now = new Date().toISOString();
  await tx.$executeRaw`
    INSERT INTO sparse_documents (view, version, document_id, routing_target_id, fields, terms, length, eligible, updated_at)
    SELECT v.view, v.version, v.document_id, v.routing_target_id, v.fields::jsonb,
           ARRAY(SELECT jsonb_array_elements_text(v.terms::jsonb)), v.length, v.eligible, (${now}::timestamptz AT TIME ZONE 'UTC')
    FROM unnest(${rows.map((row) => row.view)}::text[], ${rows.map((row) => row.version)}::int[], ${rows.map((row) => row.documentId)}::text[],
                ${rows.map((row) => row.routingTargetId ?? null)}::uuid[], ${rows.map((row) => JSON.stringify(row.fields))}::text[],
                ${rows.map((row) => JSON.stringify(row.terms ?? []))}::text[], ${rows.map((row) => row.length)}::int[],
                ${rows.map((row) => row.eligible ?? true)}::boolean[])
         AS v(view, version, document_id, routing_target_id, fields, terms, length, eligible)`;
}
