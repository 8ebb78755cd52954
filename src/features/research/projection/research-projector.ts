// The `research-memory` projector: one sparse document per research object, written by the research
// write transactions (research-documents.ts) and rebuilt or caught up by the engine with the same row builder.
import { selectionArgs, sparseViewProjector } from "../../../projections/sparse-projector.js";
import {
  RESEARCH_SPARSE_VERSION,
  RESEARCH_SPARSE_VIEW,
  RESEARCH_SPARSE_VIEW_VERSION,
  researchDocumentRow,
} from "./research-documents.js";

export const researchMemoryProjector = sparseViewProjector({
  view: RESEARCH_SPARSE_VIEW,
  codeVersion: RESEARCH_SPARSE_VERSION,
  viewVersion: RESEARCH_SPARSE_VIEW_VERSION,
  canonicalTable: "research_objects",
  eligibleSql: `c.state = 'CURRENT'`,
  countRecords: (tx) => tx.researchObject.count(),
  async rows(tx, version, selection) {
    const rows = await tx.researchObject.findMany(selectionArgs(selection));
    return { rows: rows.map((row) => researchDocumentRow(row, version)), lastId: rows.at(-1)?.id };
  },
  touched: (events) =>
    events.filter((event) => event.resourceType === "research_object").map((event) => event.resourceId),
});
