// The inline sparse views (`problem-discovery`, `research-memory`) for the rebuild runner: built with
// the same row builders the write transactions use, caught up by re-deriving the touched documents.
import type { Prisma } from "../../../generated/prisma/client.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import type { ChangeEventRow } from "../../../events/event-stream.js";
import { PROBLEM_SPARSE_VERSION, PROBLEM_SPARSE_VIEW, PROBLEM_SPARSE_VIEW_VERSION } from "../domain/sparse-document.js";
import { problemDocumentRow } from "./problem-documents.js";
import { PROBLEM_RECORD_INCLUDE } from "./problem-record.js";
import {
  RESEARCH_SPARSE_VERSION,
  RESEARCH_SPARSE_VIEW,
  RESEARCH_SPARSE_VIEW_VERSION,
  researchDocumentRow,
} from "../../research/projection/research-documents.js";
import type { Rebuilder } from "../../../projections/rebuild.js";
import type { TableSpec } from "../../../projections/rebuild-compare.js";

// Records per page: bounded memory for the 100k-object store.
const PAGE = 1_000;

type RowBuilder = (
  tx: TransactionClient,
  ids: string[] | null,
  afterId: string | undefined,
  version: number,
) => Promise<{ rows: Prisma.SparseDocumentCreateManyInput[]; lastId?: string }>;

const problemRows: RowBuilder = async (tx, ids, afterId, version) => {
  const rows = await tx.problem.findMany({
    where: { ...(ids ? { id: { in: ids } } : {}), ...(afterId ? { id: { gt: afterId } } : {}) },
    include: PROBLEM_RECORD_INCLUDE,
    orderBy: { id: "asc" },
    ...(ids ? {} : { take: PAGE }),
  });
  return { rows: rows.map((row) => problemDocumentRow(row, version)), lastId: rows.at(-1)?.id };
};

const researchRows: RowBuilder = async (tx, ids, afterId, version) => {
  const rows = await tx.researchObject.findMany({
    where: { ...(ids ? { id: { in: ids } } : {}), ...(afterId ? { id: { gt: afterId } } : {}) },
    orderBy: { id: "asc" },
    ...(ids ? {} : { take: PAGE }),
  });
  return { rows: rows.map((row) => researchDocumentRow(row, version)), lastId: rows.at(-1)?.id };
};

function sparseRebuilder(
  view: string,
  codeVersion: number,
  viewVersion: string,
  canonical: "problems" | "research_objects",
  rowsOf: RowBuilder,
  touched: (events: ChangeEventRow[]) => string[],
): Rebuilder {
  const table: TableSpec = {
    table: "sparse_documents",
    key: ["document_id"],
    filter: `view = '${view}'`,
    compare: ["routing_target_id", "project_id", "fields", "terms", "length", "eligible"],
  };
  const eligible =
    canonical === "problems" ? `c.publication_state IN ('PUBLISHED', 'CHALLENGE_PERIOD')` : `c.state = 'CURRENT'`;
  return {
    view,
    codeVersion,
    viewVersion,
    inline: true,
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
        sql: `SELECT count(*) FROM sparse_documents d JOIN ${canonical} c ON c.id::text = d.document_id WHERE d.view = '${view}' AND d.version = $1 AND d.eligible <> (${eligible})`,
      },
    ],
    async build(tx, version, _mark, progress) {
      const total = canonical === "problems" ? await tx.problem.count() : await tx.researchObject.count();
      let done = 0;
      let afterId: string | undefined;
      for (;;) {
        const page = await rowsOf(tx, null, afterId, version);
        if (page.rows.length === 0) break;
        await tx.sparseDocument.createMany({ data: page.rows });
        done += page.rows.length;
        afterId = page.lastId;
        progress("documents", done, total);
      }
    },
    async catchUp(tx, version, events) {
      const ids = [...new Set(touched(events))];
      if (ids.length === 0) return;
      const { rows } = await rowsOf(tx, ids, undefined, version);
      await tx.sparseDocument.deleteMany({ where: { view, version, documentId: { in: ids } } });
      await tx.sparseDocument.createMany({ data: rows });
    },
  };
}

const RESEARCH_RESOURCES: ReadonlySet<string> = new Set(["research_object", "research_relation", "project"]);

export const problemDiscoveryRebuilder = sparseRebuilder(
  PROBLEM_SPARSE_VIEW,
  PROBLEM_SPARSE_VERSION,
  PROBLEM_SPARSE_VIEW_VERSION,
  "problems",
  problemRows,
  (events) =>
    // Any non-research event may touch a problem; re-deriving an unchanged one is harmless.
    events
      .filter((event) => !RESEARCH_RESOURCES.has(event.resourceType) && event.routingTargetId)
      .map((event) => event.routingTargetId!),
);

export const researchMemoryRebuilder = sparseRebuilder(
  RESEARCH_SPARSE_VIEW,
  RESEARCH_SPARSE_VERSION,
  RESEARCH_SPARSE_VIEW_VERSION,
  "research_objects",
  researchRows,
  (events) => events.filter((event) => event.resourceType === "research_object").map((event) => event.resourceId),
);
