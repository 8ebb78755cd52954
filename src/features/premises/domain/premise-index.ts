// Loads a premise index from JSONL text: validates every line first (proof bodies, fields, splits,
// duplicate ids) and only then returns an immutable in-memory index sorted by premise id.

import type { Premise, Split } from "./premise.types.js";
import { PROOF_BODY_KEYS } from "./premises.constants.js";
import {
  DuplicatePremiseIdError,
  type LineProblem,
  MalformedJsonlError,
  PremiseIndexProofBodyForbiddenError,
  UnknownSplitError,
} from "./premises.errors.js";
import { FieldReader, type JsonlRow, parseJsonl } from "./jsonl.js";
import { isSplit } from "./splits.js";

export interface PremiseIndex {
  /** Sorted by premise id, so a position order is also the seed's tie-break order. */
  premises: readonly Premise[];
  positionById: ReadonlyMap<string, number>;
}

function refuseProofBody(row: JsonlRow): void {
  const key = PROOF_BODY_KEYS.find((candidate) => row.value[candidate] !== undefined);
  if (key !== undefined) {
    throw new PremiseIndexProofBodyForbiddenError(String(row.value.premise_id ?? "?"), key, row.line);
  }
}

function readPremise(row: JsonlRow, problems: LineProblem[], unknownSplits: string[]): Premise {
  const fields = new FieldReader(row, problems);
  const allowed = fields.stringList("allowed_for_split");
  if (allowed.length === 0)
    problems.push({ line: row.line, reason: `"allowed_for_split" must name at least one split` });
  unknownSplits.push(...allowed.filter((split) => !isSplit(split)));
  return {
    premiseId: fields.string("premise_id", { nonEmpty: true }),
    namespace: fields.string("namespace"),
    declName: fields.string("decl_name", { nonEmpty: true }),
    kind: fields.string("kind", { optional: true }),
    module: fields.string("module", { optional: true }),
    declIndex: fields.nullableInteger("decl_index"),
    statementExcerpt: fields.string("statement_excerpt", { nonEmpty: true }),
    docstring: fields.nullableString("docstring"),
    retrievalTerms: fields.stringList("retrieval_terms"),
    allowedForSplit: allowed.filter(isSplit) as Split[],
    strategyTags: fields.stringList("strategy_tags", { optional: true }),
  };
}

function refuseDuplicates(premises: Premise[], rows: JsonlRow[]): void {
  const linesById = new Map<string, number[]>();
  premises.forEach((premise, position) => {
    const lines = linesById.get(premise.premiseId) ?? [];
    lines.push(rows[position]?.line ?? 0);
    linesById.set(premise.premiseId, lines);
  });
  for (const [premiseId, lines] of linesById) {
    if (lines.length > 1) throw new DuplicatePremiseIdError(premiseId, lines);
  }
}

/** All-or-nothing: any refusal or malformed line throws and no index is returned. */
export function loadPremiseIndex(jsonlText: string, source = "premise index"): PremiseIndex {
  const { rows, problems } = parseJsonl(jsonlText);
  rows.forEach(refuseProofBody);
  const unknownSplits: string[] = [];
  const premises = rows.map((row) => readPremise(row, problems, unknownSplits));
  if (problems.length > 0)
    throw new MalformedJsonlError(
      source,
      problems.sort((a, b) => a.line - b.line),
    );
  if (unknownSplits[0] !== undefined) throw new UnknownSplitError(unknownSplits[0]);
  refuseDuplicates(premises, rows);
  return buildPremiseIndex(premises);
}

export function buildPremiseIndex(premises: readonly Premise[]): PremiseIndex {
  const sorted = [...premises].sort((a, b) => (a.premiseId < b.premiseId ? -1 : a.premiseId > b.premiseId ? 1 : 0));
  return { premises: sorted, positionById: new Map(sorted.map((premise, position) => [premise.premiseId, position])) };
}
