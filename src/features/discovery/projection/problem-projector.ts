// The `problem-discovery` projector: one sparse document per canonical problem, written by the problem
// write transactions (problem-documents.ts) and rebuilt or caught up by the engine with the same row builder.
import { selectionArgs, sparseViewProjector } from "../../../projections/sparse-projector.js";
import { PROBLEM_SPARSE_VERSION, PROBLEM_SPARSE_VIEW, PROBLEM_SPARSE_VIEW_VERSION } from "../domain/sparse-document.js";
import { problemDocumentRow } from "./problem-documents.js";
import { PROBLEM_RECORD_INCLUDE } from "./problem-record.js";

/** Events about research records; any other event may touch its problem. */
const RESEARCH_RESOURCES: ReadonlySet<string> = new Set(["research_object", "research_relation", "project"]);

export const problemDiscoveryProjector = sparseViewProjector({
  view: PROBLEM_SPARSE_VIEW,
  codeVersion: PROBLEM_SPARSE_VERSION,
  viewVersion: PROBLEM_SPARSE_VIEW_VERSION,
  canonicalTable: "problems",
  eligibleSql: `c.publication_state IN ('PUBLISHED', 'CHALLENGE_PERIOD')`,
  countRecords: (tx) => tx.problem.count(),
  async rows(tx, version, selection) {
    const rows = await tx.problem.findMany({ ...selectionArgs(selection), include: PROBLEM_RECORD_INCLUDE });
    return { rows: rows.map((row) => problemDocumentRow(row, version)), lastId: rows.at(-1)?.id };
  },
  touched: (events) =>
    events
      .filter((event) => !RESEARCH_RESOURCES.has(event.resourceType) && event.routingTargetId)
      .map((event) => event.routingTargetId!),
});
