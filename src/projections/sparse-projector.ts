// The projector shape shared by the inline sparse-document views (`problem-discovery`, `research-memory`):
// built page by page with the row builder the write transactions use, caught up by re-deriving the
// documents the events touched. Each feature supplies its canonical table, row builder and touched ids.
import type { Prisma } from "../generated/prisma/client.js";
import type { TransactionClient } from "../platform/db/transaction.js";
import type { ChangeEventRow } from "../events/change-events.js";
import type { Projector } from "./projector.js";
import type { TableSpec } from "./rebuild-compare.js";

// Records per page: bounded memory for the 100k-object store.
const PAGE = 1_000;

/** The documents of the records `ids` (catch-up), or of the next page of records after `afterId` by id (build). */
export type SparseRowSelection = { ids: string[] } | { afterId: string | undefined; take: number };

/** findMany arguments of a selection over a canonical table keyed by `id`. */
export function selectionArgs(selection: SparseRowSelection): {
  where: { id?: { in: string[] } | { gt: string } };
  orderBy: { id: "asc" };
  take?: number;
} {
  const orderBy = { id: "asc" as const };
  if ("ids" in selection) return { where: { id: { in: selection.ids } }, orderBy };
  return { where: selection.afterId ? { id: { gt: selection.afterId } } : {}, orderBy, take: selection.take };
}

export interface SparseViewSpec {
  view: string;
  codeVersion: number;
  viewVersion: string;
  /** The canonical table with one document per row (its `id` is the document id). */
  canonicalTable: string;
  /** SQL over the canonical row `c`: whether its document is eligible. */
  eligibleSql: string;
  countRecords(tx: TransactionClient): Promise<number>;
  rows(
    tx: TransactionClient,
    version: number,
    selection: SparseRowSelection,
  ): Promise<{ rows: Prisma.SparseDocumentCreateManyInput[]; lastId?: string }>;
  /** The records whose documents the events may have changed (re-deriving an unchanged one is harmless). */
  touched(events: ChangeEventRow[]): string[];
}

export function sparseViewProjector(spec: SparseViewSpec): Projector {
  const { view, canonicalTable: canonical } = spec;
  const table: TableSpec = {
    table: "sparse_documents",
    key: ["document_id"],
    filter: `view = '${view}'`,
    compare: ["routing_target_id", "project_id", "fields", "terms", "length", "eligible"],
  };
  return {
    view,
    codeVersion: spec.codeVersion,
    viewVersion: spec.viewVersion,
    kind: "inline",
    tables: [table],
    checks: [
      {
        name: `every canonical record has a document`,
        sql: `SELECT count(*) FROM ${canonical} c WHERE NOT EXISTS (SELECT 1 FROM sparse_documents d WHERE d.view = '${view}' AND d.version = $1 AND d.document_id = c.id::text)`,
      },
      {
        name: `no document without its canonical record`,
        sql: `SELECT count(*) FROM sparse_documents d WHERE d.view = '${view}' AND d.version = $1 AND NOT EXISTS (SELECT 1 FROM ${canonical} c WHERE c.id::text = d.document_id)`,
      },
      {
        name: `eligibility follows the canonical state`,
        sql: `SELECT count(*) FROM sparse_documents d JOIN ${canonical} c ON c.id::text = d.document_id WHERE d.view = '${view}' AND d.version = $1 AND d.eligible <> (${spec.eligibleSql})`,
      },
    ],
    async build(tx, version, _mark, progress) {
      const total = await spec.countRecords(tx);
      let done = 0;
      let afterId: string | undefined;
      for (;;) {
        const page = await spec.rows(tx, version, { afterId, take: PAGE });
        if (page.rows.length === 0) break;
        await tx.sparseDocument.createMany({ data: page.rows });
        done += page.rows.length;
        afterId = page.lastId;
        progress("documents", done, total);
      }
    },
    async catchUp(tx, version, events) {
      const ids = [...new Set(spec.touched(events))];
      if (ids.length === 0) return;
      const { rows } = await spec.rows(tx, version, { ids });
      await tx.sparseDocument.deleteMany({ where: { view, version, documentId: { in: ids } } });
      await tx.sparseDocument.createMany({ data: rows });
    },
  };
}
