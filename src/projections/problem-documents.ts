// Derived view `problem-discovery`: one sparse document per canonical problem, maintained inside the
// transaction that writes the problem, so the discovery index can never drift from the record.
import type { Prisma } from "../generated/prisma/client.js";
import type { TransactionClient } from "../db/transaction.js";
import { buildSparseDocument, PROBLEM_SPARSE_VERSION, PROBLEM_SPARSE_VIEW, PROBLEM_SPARSE_VIEW_VERSION } from "../modules/discovery/sparse-document.js";
import { PROBLEM_RECORD_INCLUDE, problemRecordToCatalogue, type ProblemRecord } from "./problem-record.js";
import { registerInlineView, servingVersion } from "./projection-state.js";

registerInlineView(PROBLEM_SPARSE_VIEW, PROBLEM_SPARSE_VERSION);

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
  await tx.sparseDocument.createMany({ data: rows.map((row) => problemDocumentRow(row, version)) });
}
