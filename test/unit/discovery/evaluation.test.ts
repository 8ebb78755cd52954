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
  it("has the required composition and follows the recorded split rule", () => {
    const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
    expect(new Set(rows.filter((row) => row.expected !== null).map((row) => row.expected)).size).toBeGreaterThanOrEqual(180);
    expect(count("hard_negative")).toBeGreaterThanOrEqual(40);
    expect(count("abstain")).toBeGreaterThanOrEqual(46);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    for (const row of rows) expect(row.split).toBe(splitOf(row.id));
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
  // Regression floors just under normaliser v5's figures: test split (run once for v5, after the last
  // change) P@1 0.796, abstention precision 0.917, R@5 0.889; dev (in memory) P@1 0.903, abstention
  // precision 1.0. Latency is a benchmark's business (npm run bench:discovery), not a test's.
  it.skipIf(!hasData)("keeps the measured dev and test-split figures", async () => {
    const report = await runDiscoveryEval({ dataDir, print: () => undefined });
    expect(report.test.precisionAt1).toBeGreaterThanOrEqual(0.78);
    expect(report.test.abstentionPrecision ?? 0).toBeGreaterThanOrEqual(0.9);
    expect(report.test.recallAt5).toBeGreaterThanOrEqual(0.88);
    expect(report.dev.precisionAt1).toBeGreaterThanOrEqual(0.89);
    expect(report.dev.abstentionPrecision ?? 0).toBeGreaterThanOrEqual(0.97);
  });
});
