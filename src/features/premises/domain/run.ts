// The seed's runners over a fixture directory: `run` (positive inputs plus the five negative cases)
// and `run-retrieval-bundle` (an exported bundle, no negative cases). Both end in one sealed record.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { missingIds, recallAtK } from "./grading.js";
import {
  EXPECTED_NEGATIVE_CASES,
  missingNegativeCases,
  type NegativeCase,
  observeNegativeCase,
  parseNegativeCase,
} from "./negative-cases.js";
import { loadPremiseIndex } from "./premise-index.js";
import { PremiseRetrievalError } from "./premises.errors.js";
import { REQUIRED_FIXTURE_RECALL, SEED_STRATEGY_ID } from "./premises.constants.js";
import { loadGradedQueries } from "./queries.js";
import { loadContextRecipes, renderContext, resolveRecipe } from "./recipes.js";
import {
  negativeCaseSummary,
  type PremiseRetrievalRecord,
  queryRecord,
  type QueryRecord,
  type RunMode,
  sealRecord,
  AUTHORITY_CEILING,
} from "./result-records.js";
import { createPremiseSearchEngine, searchPremises } from "./search.js";

export const INPUT_FILES = {
  premiseIndex: "premise_index.jsonl",
  queries: "queries.jsonl",
  recipes: "context_recipes.jsonl",
  negativeCases: "negative_cases",
} as const;
export const RESULT_FILES: Record<RunMode, string> = {
  run: "formal_math_premise_retrieval_result.json",
  "run-retrieval-bundle": "exported_premise_retrieval_bundle_validation_result.json",
};

export interface RunInputs {
  premiseIndexText: string;
  queriesText: string;
  recipesText: string;
  /** Null for an exported bundle, which carries no negative cases. */
  negativeCases: NegativeCase[] | null;
}

export function readRunInputs(directory: string, mode: RunMode): RunInputs {
  const read = (name: string): string => readFileSync(join(directory, name), "utf8");
  const negativeDirectory = join(directory, INPUT_FILES.negativeCases);
  const negativeCases =
    mode === "run" && existsSync(negativeDirectory)
      ? readdirSync(negativeDirectory)
          .filter((name) => name.endsWith(".json"))
          .sort()
          .map((name) => parseNegativeCase(readFileSync(join(negativeDirectory, name), "utf8"), name))
      : mode === "run"
        ? []
        : null;
  return {
    premiseIndexText: read(INPUT_FILES.premiseIndex),
    queriesText: read(INPUT_FILES.queries),
    recipesText: read(INPUT_FILES.recipes),
    negativeCases,
  };
}

function retrieveAll(inputs: RunInputs, blocked: string[]): { premiseCount: number; queries: QueryRecord[] } {
  const index = loadPremiseIndex(inputs.premiseIndexText, INPUT_FILES.premiseIndex);
  const graded = loadGradedQueries(inputs.queriesText, { strategy: SEED_STRATEGY_ID }, INPUT_FILES.queries);
  const recipes = loadContextRecipes(inputs.recipesText, INPUT_FILES.recipes);
  const engine = createPremiseSearchEngine(index);
  const queries = graded.map(({ query, expectedPremiseIds }) => {
    const result = searchPremises(engine, query);
    const ids = result.ranked.map((ranked) => ranked.premiseId);
    const recall = recallAtK(ids, expectedPremiseIds, query.topK);
    const missed = missingIds(ids, expectedPremiseIds).length;
    // Counts only: naming the missed ids would put oracle ids into the record.
    if (recall < REQUIRED_FIXTURE_RECALL)
      blocked.push(`query ${query.queryId} missed ${missed} of ${expectedPremiseIds.length} expected premise(s)`);
    const context =
      query.recipeId === null ? null : renderContext(resolveRecipe(recipes, query.recipeId), result, index);
    return queryRecord({
      result,
      topK: query.topK,
      recipeId: query.recipeId,
      recall,
      hitCount: expectedPremiseIds.length - missed,
      expectedCount: expectedPremiseIds.length,
      contextBytes: context?.bytes ?? null,
    });
  });
  return { premiseCount: index.premises.length, queries };
}

export function runPremiseRetrieval(inputs: RunInputs, mode: RunMode): PremiseRetrievalRecord {
  const blocked: string[] = [];
  let retrieval: { premiseCount: number; queries: QueryRecord[] } = { premiseCount: 0, queries: [] };
  try {
    retrieval = retrieveAll(inputs, blocked);
  } catch (error) {
    if (!(error instanceof PremiseRetrievalError)) throw error;
    blocked.push(`${error.code}: ${error.message}`);
  }
  let negativeCases: PremiseRetrievalRecord["negative_cases"] = null;
  if (inputs.negativeCases !== null) {
    const outcomes = inputs.negativeCases.map(observeNegativeCase);
    const missing = missingNegativeCases(outcomes);
    if (missing.length > 0) blocked.push(`expected rejection(s) not observed: ${missing.join(", ")}`);
    negativeCases = negativeCaseSummary(outcomes, EXPECTED_NEGATIVE_CASES, missing);
  }
  return sealRecord({
    component: "formal_math_premise_retrieval",
    mode,
    status: blocked.length === 0 ? "pass" : "blocked",
    blocked_reasons: blocked,
    premise_count: retrieval.premiseCount,
    query_count: retrieval.queries.length,
    considered_candidate_count: retrieval.queries.reduce((sum, query) => sum + query.considered_candidate_count, 0),
    queries: retrieval.queries,
    negative_cases: negativeCases,
    authority_ceiling: AUTHORITY_CEILING,
  });
}
