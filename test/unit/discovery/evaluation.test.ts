// The evaluation set's shape and split rule, the pure metric computation, and the measured figures on the
// full catalogue, built from the files bundled in data/bundled/ so they run on every clone.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_EVAL_PATH,
  EVAL_SPLITS,
  readFullCatalogue,
  runDiscoveryEval,
} from "../../../tools/eval/discovery/eval-discovery.js";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import {
  computeDiscoveryMetrics,
  expectedCalibrationError,
  parseEvalRows,
  splitOf,
} from "../../../tools/eval/discovery/evaluation.js";
import { questionOf } from "../../../src/features/discovery/domain/sparse-document.js";

const rows = parseEvalRows(readFileSync(DEFAULT_EVAL_PATH, "utf8"));

describe("evaluation set", () => {
  it("has the required composition and follows the recorded split rules", () => {
    const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
    expect(new Set(rows.filter((row) => row.expected !== null).map((row) => row.expected)).size).toBeGreaterThanOrEqual(
      180,
    );
    expect(count("hard_negative")).toBeGreaterThanOrEqual(40);
    expect(count("abstain")).toBeGreaterThanOrEqual(46);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    for (const row of rows.filter((entry) => !entry.split.startsWith("holdout")))
      expect(row.split).toBe(splitOf(row.id));
    // The blind held-out sets, each written after a release's development, every kind represented.
    const holdouts = EVAL_SPLITS.filter((split) => split.startsWith("holdout"));
    expect(holdouts).toHaveLength(28);
    for (const split of holdouts) {
      const holdout = rows.filter((row) => row.split === split);
      expect(holdout.length).toBeGreaterThanOrEqual(80);
      for (const kind of ["paraphrase", "symbolic", "hard_negative", "abstain"])
        expect(holdout.filter((row) => row.kind === kind).length).toBeGreaterThanOrEqual(12);
    }
    // holdout2 to holdout13 ask only for problems no other split names. By then no published problem was unused, so
    // holdout14 on sample all published problems and ask for them in new words.
    const reworded = new Set<string>(holdouts.slice(holdouts.indexOf("holdout14")));
    for (const split of holdouts.filter((name) => name !== "holdout" && !reworded.has(name))) {
      const earlier = new Set(
        rows.filter((row) => row.split !== split && !reworded.has(row.split)).map((row) => row.expected),
      );
      expect(rows.filter((row) => row.split === split && row.expected !== null && earlier.has(row.expected))).toEqual(
        [],
      );
    }
    for (const split of holdouts.filter((name) => name !== "holdout" && name !== "holdout2"))
      expect(rows.filter((row) => row.split === split && row.kind === "abstain").length).toBeGreaterThanOrEqual(30);
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
      {
        rowId: "c",
        outcome: "ABSTAINED",
        abstentionReason: "UNDERSPECIFIED_QUERY",
        rankedIds: [],
        topConfidence: null,
      },
    ]);
    expect(metrics).toMatchObject({
      precisionAt1: 0.5,
      meanReciprocalRank: 0.75,
      recallAt5: 1,
      abstentionPrecision: 0.5,
      abstentionRecall: 1,
      matchPrecision: 1,
    });
  });

  it("match precision counts a MATCH on a generic row, or on the wrong problem, as wrong", () => {
    const evalRows = [
      { id: "a", split: "dev" as const, query: "", expected: "x", kind: "paraphrase" as const, note: "" },
      { id: "b", split: "dev" as const, query: "", expected: "y", kind: "paraphrase" as const, note: "" },
      { id: "c", split: "dev" as const, query: "", expected: null, kind: "abstain" as const, note: "" },
      { id: "d", split: "dev" as const, query: "", expected: "w", kind: "paraphrase" as const, note: "" },
    ];
    const metrics = computeDiscoveryMetrics(evalRows, [
      { rowId: "a", outcome: "MATCH", abstentionReason: null, rankedIds: ["x"], topConfidence: 0.9 },
      { rowId: "b", outcome: "MATCH", abstentionReason: null, rankedIds: ["z", "y"], topConfidence: 0.8 },
      { rowId: "c", outcome: "MATCH", abstentionReason: null, rankedIds: ["x"], topConfidence: 0.7 },
      { rowId: "d", outcome: "AMBIGUOUS", abstentionReason: null, rankedIds: ["w"], topConfidence: 0.5 },
    ]);
    expect(metrics.matchPrecision).toBeCloseTo(1 / 3);
    expect(metrics.precisionAt1).toBeCloseTo(2 / 3); // AMBIGUOUS with the right problem first still counts for P@1
  });

  it("ECE is zero for perfectly calibrated bins", () => {
    expect(
      expectedCalibrationError([
        { confidence: 1, correct: true },
        { confidence: 0, correct: false },
      ]),
    ).toBe(0);
  });
});

describe("full catalogue", () => {
  // Regression floors a point under discovery v12.11's figures (normaliser v21) (in memory and on the database alike). The README's
  // discovery table gives every split's figures, and each blind split's single measurement before it was read.
  // v9 made a topic phrase or a request for several problems abstain unless it calls a problem by name, and v10
  // a request for any one problem, help, a definition or literature, and v12 the state of an area and missing details, so abstention
  // recall has floors too. Latency is a benchmark's business (npm run bench:discovery), not a test's. The Lean statements'
  // formulas (layout 8) moved single rows both ways (overall P@1 0.907 unchanged, real-dev +2 texts): holdout24 and
  // holdout26 lost one first rank each and their P@1 floors went to 0.91. A power after its coefficient (`2x^2` holds
  // `x^2`) cost holdout28 one row of recall (floor 0.95): its query's `2x^2+y^2+8z^2` now shares `x^2` with Sun's
  // four-squares conjectures.
  const floors = {
    dev: { precisionAt1: 0.93, recallAt5: 0.97, abstentionPrecision: 0.99, abstentionRecall: 0.96 },
    test: { precisionAt1: 0.86, recallAt5: 0.91, abstentionPrecision: 0.99, abstentionRecall: 0.99 },
    holdout: { precisionAt1: 0.8, recallAt5: 0.9, abstentionPrecision: 0.99, abstentionRecall: 0.9 },
    holdout2: { precisionAt1: 0.92, recallAt5: 0.99, abstentionPrecision: 0.99, abstentionRecall: 0.7 },
    holdout3: { precisionAt1: 0.89, recallAt5: 0.93, abstentionPrecision: 0.99, abstentionRecall: 0.66 },
    holdout4: { precisionAt1: 0.95, recallAt5: 0.99, abstentionPrecision: 0.99, abstentionRecall: 0.78 },
    holdout5: { precisionAt1: 0.84, recallAt5: 0.99, abstentionPrecision: 0.96, abstentionRecall: 0.84 },
    holdout6: { precisionAt1: 0.89, recallAt5: 0.95, abstentionPrecision: 0.99, abstentionRecall: 0.94 },
    holdout7: { precisionAt1: 0.87, recallAt5: 0.95, abstentionPrecision: 0.95, abstentionRecall: 0.74 },
    holdout8: { precisionAt1: 0.87, recallAt5: 0.96, abstentionPrecision: 0.99, abstentionRecall: 0.79 },
    holdout9: { precisionAt1: 0.89, recallAt5: 0.94, abstentionPrecision: 0.99, abstentionRecall: 0.81 },
    holdout10: { precisionAt1: 0.81, recallAt5: 0.91, abstentionPrecision: 0.93, abstentionRecall: 0.79 },
    holdout11: { precisionAt1: 0.93, recallAt5: 0.95, abstentionPrecision: 0.99, abstentionRecall: 0.75 },
    holdout12: { precisionAt1: 0.9, recallAt5: 0.94, abstentionPrecision: 0.96, abstentionRecall: 0.81 },
    holdout13: { precisionAt1: 0.89, recallAt5: 0.93, abstentionPrecision: 0.99, abstentionRecall: 0.86 },
    holdout14: { precisionAt1: 0.86, recallAt5: 0.95, abstentionPrecision: 0.96, abstentionRecall: 0.91 },
    holdout15: { precisionAt1: 0.91, recallAt5: 0.92, abstentionPrecision: 0.99, abstentionRecall: 0.64 },
    holdout16: { precisionAt1: 0.94, recallAt5: 0.97, abstentionPrecision: 0.95, abstentionRecall: 0.69 },
    holdout17: { precisionAt1: 0.92, recallAt5: 0.95, abstentionPrecision: 0.94, abstentionRecall: 0.51 },
    holdout18: { precisionAt1: 0.91, recallAt5: 0.94, abstentionPrecision: 0.99, abstentionRecall: 0.66 },
    holdout19: { precisionAt1: 0.89, recallAt5: 0.95, abstentionPrecision: 0.99, abstentionRecall: 0.84 },
    holdout20: { precisionAt1: 0.88, recallAt5: 0.96, abstentionPrecision: 0.94, abstentionRecall: 0.5 },
    holdout21: { precisionAt1: 0.89, recallAt5: 0.95, abstentionPrecision: 0.95, abstentionRecall: 0.64 },
    holdout22: { precisionAt1: 0.88, recallAt5: 0.95, abstentionPrecision: 0.93, abstentionRecall: 0.4 },
    holdout23: { precisionAt1: 0.89, recallAt5: 0.95, abstentionPrecision: 0.94, abstentionRecall: 0.52 },
    holdout24: { precisionAt1: 0.91, recallAt5: 0.94, abstentionPrecision: 0.99, abstentionRecall: 0.4 },
    holdout25: { precisionAt1: 0.85, recallAt5: 0.93, abstentionPrecision: 0.89, abstentionRecall: 0.47 },
    holdout26: { precisionAt1: 0.91, recallAt5: 0.95, abstentionPrecision: 0.99, abstentionRecall: 0.47 },
    holdout27: { precisionAt1: 0.93, recallAt5: 0.95, abstentionPrecision: 0.99, abstentionRecall: 0.52 },
    holdout28: { precisionAt1: 0.88, recallAt5: 0.95, abstentionPrecision: 0.99, abstentionRecall: 0.55 },
  } as const;
  // The catalogue is the bundled one (data/bundled/: the shared data's problems.yaml and statements.jsonl, byte for byte).
  it("keeps the measured figures of every split", async () => {
    const report = await runDiscoveryEval({ print: () => undefined });
    for (const [split, floor] of Object.entries(floors)) {
      const measured = report[split as keyof typeof floors];
      expect(measured.precisionAt1, `${split} P@1`).toBeGreaterThanOrEqual(floor.precisionAt1);
      expect(measured.recallAt5, `${split} recall@5`).toBeGreaterThanOrEqual(floor.recallAt5);
      expect(measured.abstentionPrecision ?? 0, `${split} abstention precision`).toBeGreaterThanOrEqual(
        floor.abstentionPrecision,
      );
      expect(measured.abstentionRecall ?? 0, `${split} abstention recall`).toBeGreaterThanOrEqual(
        floor.abstentionRecall,
      );
    }
  }, 240_000); // builds the full catalogue's index and runs 2,651 queries: about 30 s alone, several times that on a busy 2-core machine

  // A known item: an agent pasting a published problem's opening question (the statement up to its remarks) should get that
  // problem first in a committed answer. v12.11 does for 1,132 of the 1,170 (v12.1: 1,130); most of the rest are questions with no context
  // of their own ("Are all terms integers?"), where abstaining is right.
  it("finds a published problem from its own opening question", async () => {
    const problems = (await readFullCatalogue()).filter((problem) => problem.publicationState === "PUBLISHED");
    const index = buildDiscoveryIndex(problems);
    const found = problems.filter((problem) => {
      const result = discover(index, questionOf(problem.statement)!.slice(0, 2000), { limit: 5 });
      return result.outcome !== "ABSTAINED" && result.candidates[0]?.problemId === problem.stableId;
    });
    expect(found.length / problems.length).toBeGreaterThanOrEqual(0.95);
  }, 240_000);
});
