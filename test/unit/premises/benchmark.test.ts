import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  evaluateStrategy,
  leaveOneOutCitations,
  loadTrainingCitations,
} from "../../../src/features/premises/domain/evaluate.js";
import { loadPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import { TestSplitTuningAttemptError } from "../../../src/features/premises/domain/premises.errors.js";
import { loadGradedQueries } from "../../../src/features/premises/domain/queries.js";
import { createPremiseSearchEngine } from "../../../src/features/premises/domain/search.js";

// The benchmark sits next to the repository (../shared from the repo root), not inside it.
const DATA_DIRECTORY = fileURLToPath(new URL("../../../../shared/data/premises/", import.meta.url));
const dataMissing = !existsSync(`${DATA_DIRECTORY}corpus.jsonl`) || !existsSync(`${DATA_DIRECTORY}queries-dev.jsonl`);
if (dataMissing)
  console.warn(
    `skipped: premise benchmark tests need ${DATA_DIRECTORY}corpus.jsonl and queries-dev.jsonl, which were not found`,
  );

/** The targets for the stronger strategy on dev. */
const TARGET_RECALL_AT_10 = 0.7;
const TARGET_MRR = 0.6;

describe("premise retrieval on the Batteries dev split", () => {
  it.skipIf(dataMissing)("symbol-vote beats BM25 and meets the dev targets (citations leave-one-out)", () => {
    const index = loadPremiseIndex(readFileSync(`${DATA_DIRECTORY}corpus.jsonl`, "utf8"), "corpus");
    const graded = loadGradedQueries(readFileSync(`${DATA_DIRECTORY}queries-dev.jsonl`, "utf8"), { split: "dev" });
    expect(index.premises).toHaveLength(3138);
    expect(graded).toHaveLength(297);
    const engine = createPremiseSearchEngine(index, leaveOneOutCitations(graded, "queries-dev.jsonl"));
    const bm25 = evaluateStrategy(engine, graded, "bm25");
    const strong = evaluateStrategy(engine, graded, "symbol-vote");
    expect(strong.recallAt10).toBeGreaterThan(bm25.recallAt10);
    expect(strong.mrr).toBeGreaterThan(bm25.mrr);
    expect(strong.recallAt10).toBeGreaterThanOrEqual(TARGET_RECALL_AT_10);
    expect(strong.mrr).toBeGreaterThanOrEqual(TARGET_MRR);
  });

  it.skipIf(dataMissing)("refuses a training file made of test-split queries", () => {
    const devText = readFileSync(`${DATA_DIRECTORY}queries-dev.jsonl`, "utf8");
    const asTest = devText.replaceAll("batteries-dev-", "batteries-test-");
    expect(() => loadTrainingCitations(asTest, "queries-holdout.jsonl")).toThrow(TestSplitTuningAttemptError);
    expect(() => loadTrainingCitations(devText, "queries-test.jsonl")).toThrow(TestSplitTuningAttemptError);
    expect(loadTrainingCitations(devText, "queries-dev.jsonl")).toHaveLength(297);
  });
});
