// The five required refusals: each negative-case input goes through the same validator real input
// uses, and counts as observed only if that validator throws the expected typed error.

import { citationsFromGradedQueries } from "./citations.js";
import { loadPremiseIndex } from "./premise-index.js";
import { MalformedJsonlError, PremiseRetrievalError } from "./premises.errors.js";
import { loadGradedQueries, parseRetrievalInput } from "./queries.js";
import { parseContextRecipe } from "./recipes.js";

/** The seed's five shortcuts; a run that does not observe every one of them is blocked. */
export const EXPECTED_NEGATIVE_CASES = [
  "premise_index_proof_body_forbidden",
  "query_oracle_ids_forbidden",
  "test_split_tuning_attempt",
  "context_recipe_budget_overflow",
  "unknown_strategy_id",
] as const;

export type NegativeCaseInputKind = "premise_index_rows" | "retrieval_query" | "training_queries" | "context_recipe";

export interface NegativeCase {
  caseId: string;
  inputKind: NegativeCaseInputKind;
  input: unknown;
}

export interface NegativeCaseOutcome {
  caseId: string;
  expectedCode: string;
  observedCode: string | null;
  observed: boolean;
}

const asRows = (input: unknown): Record<string, unknown>[] =>
  (Array.isArray(input) ? input : [input]) as Record<string, unknown>[];
const toJsonl = (input: unknown): string =>
  asRows(input)
    .map((row) => JSON.stringify(row))
    .join("\n");

const VALIDATORS: Record<NegativeCaseInputKind, (input: unknown) => void> = {
  premise_index_rows: (input) => void loadPremiseIndex(toJsonl(input), "negative case"),
  retrieval_query: (input) => void parseRetrievalInput(asRows(input)[0] ?? {}),
  training_queries: (input) =>
    void citationsFromGradedQueries(
      loadGradedQueries(toJsonl(input), { split: "train" }),
      "negative case training queries",
    ),
  context_recipe: (input) => void parseContextRecipe(asRows(input)[0] ?? {}),
};

export function observeNegativeCase(negative: NegativeCase): NegativeCaseOutcome {
  const expectedCode = negative.caseId.toUpperCase();
  let observedCode: string | null = null;
  try {
    VALIDATORS[negative.inputKind](negative.input);
  } catch (error) {
    observedCode = error instanceof PremiseRetrievalError ? error.code : "UNTYPED_ERROR";
  }
  return { caseId: negative.caseId, expectedCode, observedCode, observed: observedCode === expectedCode };
}

/** Reads one negative-case file; a case that cannot be read is malformed input, not a passed refusal. */
export function parseNegativeCase(jsonText: string, source: string): NegativeCase {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(jsonText) as Record<string, unknown>;
  } catch (error) {
    throw new MalformedJsonlError(source, [{ line: 1, reason: `invalid JSON (${(error as Error).message})` }]);
  }
  const inputKind = String(raw.input_kind) as NegativeCaseInputKind;
  if (typeof raw.case_id !== "string" || !(inputKind in VALIDATORS)) {
    throw new MalformedJsonlError(source, [
      { line: 1, reason: `needs a string "case_id" and "input_kind" in ${Object.keys(VALIDATORS).join(", ")}` },
    ]);
  }
  return { caseId: raw.case_id, inputKind, input: raw.input };
}

/** Expected cases that were not observed (absent, accepted, or refused for another reason). */
export function missingNegativeCases(outcomes: readonly NegativeCaseOutcome[]): string[] {
  const observed = new Set(outcomes.filter((outcome) => outcome.observed).map((outcome) => outcome.caseId));
  return EXPECTED_NEGATIVE_CASES.filter((caseId) => !observed.has(caseId));
}
