import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { citationsFromGradedQueries } from "../../../src/features/premises/domain/citations.js";
import { loadPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import {
  ContextRecipeBudgetOverflowError,
  PremiseIndexProofBodyForbiddenError,
  QueryOracleIdsForbiddenError,
  TestSplitTuningAttemptError,
  UnknownStrategyIdError,
} from "../../../src/features/premises/domain/premises.errors.js";
import { loadGradedQueries, parseRetrievalInput } from "../../../src/features/premises/domain/queries.js";
import { parseContextRecipe } from "../../../src/features/premises/domain/recipes.js";
import { readRunInputs, runPremiseRetrieval } from "../../../src/features/premises/domain/run.js";

const FIXTURE_INPUT = fileURLToPath(new URL("../../../fixtures/premises/input/", import.meta.url));
const premiseRow = {
  premise_id: "Std.TransCmp.le_trans",
  namespace: "Std.TransCmp",
  decl_name: "le_trans",
  statement_excerpt: "theorem le_trans : cmp x y ≠ .gt",
  retrieval_terms: ["le"],
  allowed_for_split: ["dev"],
};
const queryRow = { query_id: "q", text: "transitivity", split: "dev", strategy: "term-overlap", top_k: 3 };

describe("the five refusals", () => {
  it("refuses a proof body in the premise index", () => {
    expect(() => loadPremiseIndex(JSON.stringify({ ...premiseRow, proof_body: "by simp" }))).toThrow(
      PremiseIndexProofBodyForbiddenError,
    );
  });

  it("refuses oracle ids smuggled into a retrieval input, in any spelling", () => {
    expect(() => parseRetrievalInput({ ...queryRow, oracle_premise_ids: ["a"] })).toThrow(QueryOracleIdsForbiddenError);
    expect(() => parseRetrievalInput({ ...queryRow, expectedPremiseIds: ["a"] })).toThrow(QueryOracleIdsForbiddenError);
    const graded = JSON.stringify({ ...queryRow, expected_premise_ids: ["a"], oracle_ids: ["a"] });
    expect(() => loadGradedQueries(graded)).toThrow(QueryOracleIdsForbiddenError);
  });

  it("keeps grading truth out of the retrieval input of a graded row", () => {
    const [graded] = loadGradedQueries(JSON.stringify({ ...queryRow, expected_premise_ids: ["a"] }));
    expect(graded?.expectedPremiseIds).toEqual(["a"]);
    expect(JSON.stringify(graded?.query)).not.toContain("expected");
  });

  it("refuses tuning on test-split truth", () => {
    const testRows = loadGradedQueries(JSON.stringify({ ...queryRow, split: "test", expected_premise_ids: ["a"] }));
    expect(() => citationsFromGradedQueries(testRows, "train file")).toThrow(TestSplitTuningAttemptError);
  });

  it("refuses a context recipe over its budget or over the global ceiling", () => {
    const recipe = {
      recipe_id: "r",
      byte_budget: 1000,
      max_premises: 10,
      per_premise_bytes: 200,
      fields: ["premise_id"],
    };
    expect(() => parseContextRecipe(recipe)).toThrow(ContextRecipeBudgetOverflowError);
    expect(() => parseContextRecipe({ ...recipe, byte_budget: 10_000_000, max_premises: 1 })).toThrow(
      ContextRecipeBudgetOverflowError,
    );
    expect(parseContextRecipe({ ...recipe, max_premises: 5 }).byteBudget).toBe(1000);
  });

  it("refuses a strategy id outside the allowed set", () => {
    expect(() => parseRetrievalInput({ ...queryRow, strategy: "learned-embedding" })).toThrow(UnknownStrategyIdError);
  });
});

describe("run over the hand-written fixture", () => {
  it("passes with all five rejections observed", () => {
    const record = runPremiseRetrieval(readRunInputs(FIXTURE_INPUT, "run"), "run");
    expect(record.status).toBe("pass");
    expect(record.negative_cases?.missing).toEqual([]);
    expect(record.negative_cases?.observed).toHaveLength(5);
    expect([record.premise_count, record.query_count]).toEqual([11, 4]);
  });

  it("is blocked when an expected rejection is missing", () => {
    const inputs = readRunInputs(FIXTURE_INPUT, "run");
    const record = runPremiseRetrieval(
      { ...inputs, negativeCases: inputs.negativeCases?.filter((c) => c.caseId !== "unknown_strategy_id") ?? [] },
      "run",
    );
    expect(record.status).toBe("blocked");
    expect(record.negative_cases?.missing).toEqual(["unknown_strategy_id"]);
  });

  it("is blocked when a negative-case input is accepted instead of refused", () => {
    const inputs = readRunInputs(FIXTURE_INPUT, "run");
    const defanged =
      inputs.negativeCases?.map((negative) =>
        negative.caseId === "unknown_strategy_id"
          ? { ...negative, input: { ...queryRow, strategy: "bm25" } }
          : negative,
      ) ?? [];
    const record = runPremiseRetrieval({ ...inputs, negativeCases: defanged }, "run");
    expect(record.status).toBe("blocked");
    expect(record.blocked_reasons.join(" ")).toContain("unknown_strategy_id");
  });

  it("blocks when a fixture query misses an expected premise", () => {
    const inputs = readRunInputs(FIXTURE_INPUT, "run");
    const queriesText = inputs.queriesText.replace(
      '"expected_premise_ids": ["Ordering.byKey"]',
      '"expected_premise_ids": ["Ordering.byKey", "lexOrd_def"]',
    );
    const record = runPremiseRetrieval({ ...inputs, queriesText }, "run");
    expect(record.status).toBe("blocked");
    expect(record.blocked_reasons).toEqual(["query fixture-q4-ordering-by-key missed 1 of 2 expected premise(s)"]);
  });

  it("runs the exported bundle without negative cases", () => {
    const bundle = fileURLToPath(
      new URL("../../../fixtures/premises/exported_premise_retrieval_bundle/", import.meta.url),
    );
    const record = runPremiseRetrieval(readRunInputs(bundle, "run-retrieval-bundle"), "run-retrieval-bundle");
    expect(record.status).toBe("pass");
    expect(record.negative_cases).toBeNull();
    expect(readFileSync(`${bundle}premise_index.jsonl`, "utf8")).not.toContain("proof_body");
  });
});
