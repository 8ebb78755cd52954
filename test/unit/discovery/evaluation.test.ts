// The evaluation set's shape and split rule, the pure metric computation, and (when the shared
// data is present) the measured figures on the full catalogue's held-out test split.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_EVAL_PATH, runDiscoveryEval } from "../../../src/cli/eval-discovery.js";
import { computeDiscoveryMetrics, expectedCalibrationError, parseEvalRows, splitOf } from "../../../src/modules/discovery/evaluation.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const dataDir = path.resolve(repoRoot, "../shared/data");
const hasData = existsSync(path.join(dataDir, "erdosproblems/problems.yaml")) && existsSync(path.join(dataDir, "formal-conjectures/statements.jsonl"));
const rows = parseEvalRows(readFileSync(DEFAULT_EVAL_PATH, "utf8"));

describe("evaluation set", () => {
  it("has the required composition and follows the recorded split rules", () => {
    const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
    expect(new Set(rows.filter((row) => row.expected !== null).map((row) => row.expected)).size).toBeGreaterThanOrEqual(180);
    expect(count("hard_negative")).toBeGreaterThanOrEqual(40);
    expect(count("abstain")).toBeGreaterThanOrEqual(46);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    for (const row of rows.filter((entry) => entry.split !== "holdout")) expect(row.split).toBe(splitOf(row.id));
    // The blind held-out set: written after v6's development, every kind represented.
    const holdout = rows.filter((row) => row.split === "holdout");
    expect(holdout.length).toBeGreaterThanOrEqual(80);
    for (const kind of ["paraphrase", "symbolic", "hard_negative", "abstain"]) expect(holdout.filter((row) => row.kind === kind).length).toBeGreaterThanOrEqual(12);
  });
});

describe("metrics", () => {
  it("P@1 needs a committed first rank; abstention metrics read ABSTAINED only", () => {
    const evalRows = [
      { id: "a", split: "dev" as const, query: "", expected: "x", kind: "paraphrase" as const, note: "" },
      { id: "b", split: "dev" as const, query: "", expected: "y", kind: "paraphrase" as const, note: "" },
      { id: "c", split: "dev" as const, query: "", expected: null, kind: "abstain" as const, note: "" },
    ];
    const metrics = computeDiscoveryMetrics(evalRows, [
      { rowId: "a", outcome: "MATCH", abstentionReason: null, rankedIds: ["x", "z"], topConfidence: 0.9 },
      { rowId: "b", outcome: "ABSTAINED", abstentionReason: "WEAK_MATCH", rankedIds: ["z", "y"], topConfidence: 0.2 },
      { rowId: "c", outcome: "ABSTAINED", abstentionReason: "UNDERSPECIFIED_QUERY", rankedIds: [], topConfidence: null },
    ]);
    expect(metrics).toMatchObject({ precisionAt1: 0.5, meanReciprocalRank: 0.75, recallAt5: 1, abstentionPrecision: 0.5, abstentionRecall: 1 });
  });

  it("ECE is zero for perfectly calibrated bins", () => {
    expect(expectedCalibrationError([{ confidence: 1, correct: true }, { confidence: 0, correct: false }])).toBe(0);
  });
});

if (!hasData) console.warn(`SKIPPED full-catalogue discovery evaluation: shared data not found under ${dataDir}`);

describe("full catalogue", () => {
  // Regression floors just under normaliser v6's figures (in memory and on the database alike; both splits
  // were development data for v6, judged on two hash folds): test P@1 0.852, R@5 0.907, abstention precision
  // 0.923 (12 of 13: one answerable paraphrase abstains); dev P@1 0.920, abstention precision 1.0.
  // The blind holdout split, measured once for v6 after its last change: P@1 0.729, R@5 0.886,
  // abstention precision 1.0 (3 of 12 generic queries abstain; the rest answer AMBIGUOUS or MATCH).
  // Latency is a benchmark's business (npm run bench:discovery), not a test's.
  it.skipIf(!hasData)("keeps the measured dev, test and holdout figures", async () => {
    const report = await runDiscoveryEval({ dataDir, print: () => undefined });
    expect(report.test.precisionAt1).toBeGreaterThanOrEqual(0.84);
    expect(report.test.abstentionPrecision ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(report.test.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(report.dev.precisionAt1).toBeGreaterThanOrEqual(0.91);
    expect(report.dev.abstentionPrecision ?? 0).toBeGreaterThanOrEqual(0.97);
    expect(report.holdout.precisionAt1).toBeGreaterThanOrEqual(0.71);
    expect(report.holdout.recallAt5).toBeGreaterThanOrEqual(0.87);
    expect(report.holdout.abstentionPrecision ?? 0).toBeGreaterThanOrEqual(0.95);
  });
});
