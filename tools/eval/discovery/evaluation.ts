// Offline evaluation of discovery as pure functions over (eval rows, results): P@1, MRR, recall@5,
// abstention precision and recall, and expected calibration error of the top candidate's confidence.

import { createHash } from "node:crypto";

/**
 * dev and test follow the hash rule below (splitOf). The test split was consulted at three normaliser
 * releases (v3 to v5), so v6 was developed on dev and test alike. holdout rows were written afterwards
 * by someone who saw neither the ranking code nor any result, and are measured once per release, after
 * its last change. Its failures were read after v7 and it became development data for v8; holdout2 (written
 * the same way for v8, by another writer, on problems new to the set) was measured once on v8's first
 * change and then read; holdout3 (124 rows, 40 of them generic) was measured once on v8's release and
 * then read; holdout4 (110 rows, 34 generic) was measured once after the topic-phrase rule; holdout5
 * (116 rows, 40 generic, a fourth writer) was measured once on that same code, figures only, and added.
 * holdout6 (120 rows, 40 generic, a fifth writer) was measured once on v9's first rule (a topic phrase or
 * a request for several problems abstains) and on v8, figures only, and added; holdout7 (126 rows, 41 generic,
 * a sixth writer) was measured once on v9's first commit and on v8, and added; contrasted clauses were then
 * developed on both; holdout8 (128 rows, 40 generic, a seventh writer) was measured once on that code, on v9's
 * first commit and on v8, and added; holdout9 (121 rows, 40 generic, an eighth writer) was measured once on
 * the code after that (the confidence refit) and on v8, and added; holdout10 (135 rows, 42 generic, a ninth
 * writer, no Erdős problems left to sample) was measured once on v9's release and on v8, and added; holdout11
 * (126 rows, 42 generic, a tenth writer) was measured once on v10's first rule (a request for any one problem,
 * help, a definition or literature abstains) and on v9, then read, and added; holdout12 (122 rows, 40 generic,
 * an eleventh writer) was measured once on v10 with normaliser v9 (one-variable forms), on v10 before it and on
 * v9, then read, and added; holdout13 (124 rows, 40 generic, a twelfth writer, the last 55 unused problems) was
 * measured once on v10 as released and on v9, and added; holdout14 (121 rows, 40 generic, a thirteenth writer; its 60 problems
 * a seeded uniform sample of all published ones, so most are named by other splits too, in other words) was measured once on
 * v11 (the learned second stage) and on v10, and added; holdout15 (122 rows, 40 generic, a fourteenth writer, another seeded
 * sample of 60) was measured once on v12 (the request-form rules, normaliser v11) and on v11, and added; holdout16 (122
 * rows, 40 generic, a fifteenth writer, a third seeded sample of 60) was measured once on v12 as released and with the
 * size-claim rule, and added; holdout17 (127 rows, 40 generic, a sixteenth writer, a fourth seeded sample of 60, written as
 * agents mid-research ask) was measured once on v12.1 (the request forms and normaliser v12) and on v12, and added;
 * holdout18 (128 rows, 40 generic, a seventeenth writer, a fifth seeded sample of 60, search-box, spoken and pasted LaTeX)
 * was measured once on v12.1 as released (normaliser v13) and on v12, and added; holdout19 (125 rows, 40 generic, an
 * eighteenth writer, a sixth seeded sample of 60, in varied voices with pasted Lean) was measured once on v12.1 as
 * released, and added; holdout20 (127 rows, 41 generic, a nineteenth writer, a seventh seeded sample of 60) was measured once
 * on v12.3 (formula shingles, normaliser v14) and on v12.2, then read, and added; holdout21 (125 rows, 40 generic, a twentieth
 * writer, an eighth seeded sample of 60) was measured once on v12.4 (ded41aa), on v12.3 and on v12.2, then read, and added;
 * holdout22 (127 rows, 41 generic, a twenty-first writer, a ninth seeded sample of 60) was measured once on v12.5 (da26eb0),
 * on v12.4 and on v12.2, then read, and added; holdout23 (127 rows, 41 generic, a twenty-second writer, a tenth seeded sample
 * of 60) was measured once on v12.6 (44f0eb3) and on v12.5, then read, and added; holdout24 (127 rows, 41 generic, a
 * twenty-third writer, an eleventh seeded sample of 60) was measured once on v12.7 (d5146c1), on v12.6 and on v12.5, then read,
 * and added; holdout25 (127 rows, 41 generic, a twenty-fourth writer, a twelfth seeded sample of 60) was measured once on
 * v12.8 (961680d), on v12.7, v12.6 and v12.5, then read, and added; holdout26 (127 rows, 41 generic, a twenty-fifth writer, a
 * thirteenth seeded sample of 60) was measured once on v12.9 (010ef1a), then read, and added; holdout27 (127 rows, 41 generic,
 * a twenty-sixth writer, a fourteenth seeded sample of 60) was measured once on v12.10 (af60b11) and on v12.9, then read, and
 * added; holdout28 (127 rows, 41 generic, a twenty-seventh writer, a fifteenth seeded sample of 60) was measured once on v12.11
 * (d729a92) and on v12.9, then read, and added. Each blind measurement is recorded in the README.
 */
export const EVAL_SPLITS = [
  "dev",
  "test",
  "holdout",
  "holdout2",
  "holdout3",
  "holdout4",
  "holdout5",
  "holdout6",
  "holdout7",
  "holdout8",
  "holdout9",
  "holdout10",
  "holdout11",
  "holdout12",
  "holdout13",
  "holdout14",
  "holdout15",
  "holdout16",
  "holdout17",
  "holdout18",
  "holdout19",
  "holdout20",
  "holdout21",
  "holdout22",
  "holdout23",
  "holdout24",
  "holdout25",
  "holdout26",
  "holdout27",
  "holdout28",
] as const;
export type EvalSplit = (typeof EVAL_SPLITS)[number];
export type EvalKind = "paraphrase" | "symbolic" | "hard_negative" | "abstain";

export interface DiscoveryEvalRow {
  id: string;
  split: EvalSplit;
  query: string;
  expected: string | null;
  kind: EvalKind;
  note: string;
}

export interface DiscoveryEvalResult {
  rowId: string;
  outcome: "MATCH" | "AMBIGUOUS" | "ABSTAINED";
  abstentionReason: string | null;
  rankedIds: string[];
  topConfidence: number | null;
}

export interface DiscoveryMetrics {
  rows: number;
  answerable: number;
  mustAbstain: number;
  precisionAt1: number;
  meanReciprocalRank: number;
  recallAt5: number;
  abstentionPrecision: number | null;
  abstentionRecall: number | null;
  /** Share of MATCH outcomes naming the expected problem (a MATCH on a generic row is wrong): how far a commitment can be trusted. */
  matchPrecision: number | null;
  expectedCalibrationError: number | null;
  failures: { rowId: string; expected: string | null; got: string; outcome: string }[];
}

/** The dev/test rule: sha256(id) mod 100 < 50 is dev. The eval file records it; tests check they agree. */
export function splitOf(id: string): "dev" | "test" {
  return Number.parseInt(createHash("sha256").update(id).digest("hex").slice(0, 8), 16) % 100 < 50 ? "dev" : "test";
}

export function parseEvalRows(text: string): DiscoveryEvalRow[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as DiscoveryEvalRow);
}

const CALIBRATION_BINS = 10;

/** Expected calibration error over (confidence, correct) pairs, equal-width bins. */
export function expectedCalibrationError(pairs: readonly { confidence: number; correct: boolean }[]): number | null {
  if (pairs.length === 0) return null;
  const bins = Array.from({ length: CALIBRATION_BINS }, () => ({ count: 0, confidence: 0, correct: 0 }));
  for (const pair of pairs) {
    const bin = bins[Math.min(CALIBRATION_BINS - 1, Math.floor(pair.confidence * CALIBRATION_BINS))];
    if (bin === undefined) continue;
    bin.count += 1;
    bin.confidence += pair.confidence;
    bin.correct += pair.correct ? 1 : 0;
  }
  return bins.reduce(
    (total, bin) => total + (bin.count === 0 ? 0 : Math.abs(bin.correct - bin.confidence) / pairs.length),
    0,
  );
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/**
 * P@1 counts a row only when discovery committed (MATCH or AMBIGUOUS) and ranked the expected
 * problem first; MRR and recall@5 read the ranked list whatever the outcome.
 */
export function computeDiscoveryMetrics(
  rows: readonly DiscoveryEvalRow[],
  results: readonly DiscoveryEvalResult[],
): DiscoveryMetrics {
  const byId = new Map(results.map((result) => [result.rowId, result]));
  let hits = 0,
    reciprocal = 0,
    recalled = 0,
    answerable = 0,
    mustAbstain = 0,
    abstained = 0,
    rightlyAbstained = 0,
    matches = 0,
    rightMatches = 0;
  const calibration: { confidence: number; correct: boolean }[] = [];
  const failures: DiscoveryMetrics["failures"] = [];
  for (const row of rows) {
    const result = byId.get(row.id);
    if (result === undefined) throw new Error(`no result for eval row ${row.id}`);
    const top = result.rankedIds[0] ?? null;
    const isAbstained = result.outcome === "ABSTAINED";
    if (isAbstained) abstained += 1;
    if (result.outcome === "MATCH") {
      matches += 1;
      if (row.expected !== null && top === row.expected) rightMatches += 1;
    }
    if (result.topConfidence !== null)
      calibration.push({ confidence: result.topConfidence, correct: top === row.expected });
    if (row.expected === null) {
      mustAbstain += 1;
      if (isAbstained) rightlyAbstained += 1;
      else failures.push({ rowId: row.id, expected: null, got: top ?? "-", outcome: result.outcome });
      continue;
    }
    answerable += 1;
    const rank = result.rankedIds.indexOf(row.expected) + 1;
    if (!isAbstained && rank === 1) hits += 1;
    else
      failures.push({
        rowId: row.id,
        expected: row.expected,
        got: top ?? "-",
        outcome: `${result.outcome}${result.abstentionReason ? `/${result.abstentionReason}` : ""} rank=${rank || "-"}`,
      });
    if (rank > 0) reciprocal += 1 / rank;
    if (rank > 0 && rank <= 5) recalled += 1;
  }
  return {
    rows: rows.length,
    answerable,
    mustAbstain,
    precisionAt1: ratio(hits, answerable) ?? 0,
    meanReciprocalRank: ratio(reciprocal, answerable) ?? 0,
    recallAt5: ratio(recalled, answerable) ?? 0,
    abstentionPrecision: ratio(rightlyAbstained, abstained),
    abstentionRecall: ratio(rightlyAbstained, mustAbstain),
    matchPrecision: ratio(rightMatches, matches),
    expectedCalibrationError: expectedCalibrationError(calibration),
    failures,
  };
}
