// `npm run fit:rerank [-- --l2 0.003]`: refits the second stage's weights (RERANK_MODEL) on the evaluation set
// and prints what they are worth. For each answerable row it takes the first stage's best RERANK_DEPTH published
// candidates, as discover does, and their features (rerank-features.ts) plus the log of the first-stage score.
// The model is a listwise softmax over those candidates (the expected problem is the label), fit by Newton's
// method on standardised features with an L2 penalty. The figure to trust is leave-one-split-out: each split is
// ranked by weights fit on the others. It writes nothing: the constants are copied into discovery.constants.ts
// by hand, with the figures, so a refit is a reviewed change.
import { readCommandLine } from "../../src/cli/command-line.js";
import {
  buildFullCatalogueIndex,
  DEFAULT_DATA_DIR,
  EVAL_SPLITS,
  readEvalRows,
} from "../eval/discovery/eval-discovery.js";
import { isActionable } from "../../src/features/catalogue/domain/catalogue.types.js";
import { queryTermsOf, readQuery } from "../../src/features/discovery/domain/discover.js";
import { RERANK_DEPTH, RERANK_MODEL } from "../../src/features/discovery/domain/discovery.constants.js";
import type { DiscoveryEvalRow } from "../eval/discovery/evaluation.js";
import { RERANK_FEATURES, type RerankFeatureName } from "../../src/features/discovery/domain/rerank-feature-names.js";
import { readRerankQuery, rerankFeatures } from "../../src/features/discovery/domain/rerank-features.js";
import { scoreCandidates } from "../../src/features/discovery/domain/scoring.js";
import { dot, solve } from "./fitting.js";

const NEWTON_STEPS = 100;
/** Column 0 is log(first-stage score); the model's weights are the others over its weight. */
const COLUMNS = ["logScore", ...RERANK_FEATURES] as const;

interface ListExample {
  split: string;
  /** One row of COLUMNS per candidate, best first-stage score first. */
  candidates: number[][];
  /** Index of the expected problem among the candidates, or -1 when the first stage missed it. */
  expected: number;
}

function softmax(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const total = exps.reduce((sum, value) => sum + value, 0);
  return exps.map((value) => value / total);
}

/** Mean and spread of each column over every candidate: the fit runs on standardised columns so one L2 suits all. */
function standardisation(examples: readonly ListExample[]): { mean: number[]; spread: number[] } {
  const rows = examples.flatMap((example) => example.candidates);
  const mean = COLUMNS.map((_, column) => rows.reduce((sum, row) => sum + row[column]!, 0) / rows.length);
  const spread = COLUMNS.map(
    (_, column) =>
      Math.sqrt(rows.reduce((sum, row) => sum + (row[column]! - mean[column]!) ** 2, 0) / rows.length) || 1,
  );
  return { mean, spread };
}

/** Weights on the raw columns (a softmax ignores the constant the standardisation adds). */
function fitListwise(examples: readonly ListExample[], l2: number): number[] {
  const labelled = examples.filter((example) => example.expected >= 0);
  const { mean, spread } = standardisation(labelled);
  const lists = labelled.map((example) => ({
    rows: example.candidates.map((row) => row.map((value, column) => (value - mean[column]!) / spread[column]!)),
    expected: example.expected,
  }));
  const size = COLUMNS.length;
  let weights = new Array<number>(size).fill(0);
  for (let step = 0; step < NEWTON_STEPS; step += 1) {
    const gradient = weights.map((weight) => 2 * l2 * weight);
    const hessian = Array.from({ length: size }, (_, i) =>
      Array.from({ length: size }, (_, j) => (i === j ? 2 * l2 : 0)),
    );
    for (const list of lists) {
      const p = softmax(list.rows.map((row) => dot(row, weights)));
      const expectedRow = COLUMNS.map((_, column) => list.rows.reduce((sum, row, k) => sum + p[k]! * row[column]!, 0));
      for (let i = 0; i < size; i += 1) {
        gradient[i]! += (expectedRow[i]! - list.rows[list.expected]![i]!) / lists.length;
        for (let j = 0; j < size; j += 1) {
          const second = list.rows.reduce((sum, row, k) => sum + p[k]! * row[i]! * row[j]!, 0);
          hessian[i]![j]! += (second - expectedRow[i]! * expectedRow[j]!) / lists.length;
        }
      }
    }
    const delta = solve(hessian, gradient);
    weights = weights.map((weight, index) => weight - delta[index]!);
    if (Math.max(...delta.map(Math.abs)) < 1e-9) break;
  }
  return weights.map((weight, column) => weight / spread[column]!);
}

function firstCorrect(examples: readonly ListExample[], weights: readonly number[]): number {
  return examples.filter((example) => {
    const scores = example.candidates.map((row) => dot(row, weights));
    return example.expected >= 0 && scores.indexOf(Math.max(...scores)) === example.expected;
  }).length;
}

/** The current constants as raw-column weights: log score at 1, each feature at its RERANK_MODEL weight. */
function currentWeights(): number[] {
  return [1, ...RERANK_FEATURES.map((name) => RERANK_MODEL[name])];
}

async function readExamples(dataDir: string, rows: readonly DiscoveryEvalRow[]): Promise<ListExample[]> {
  const index = await buildFullCatalogueIndex(dataDir);
  const examples: ListExample[] = [];
  for (const row of rows) {
    if (row.expected === null) continue;
    const { tokens, terms } = queryTermsOf(index, readQuery(row.query).affirmed);
    const query = readRerankQuery(terms, tokens);
    const head = scoreCandidates(index, terms)
      .slice(0, RERANK_DEPTH)
      .filter((candidate) => isActionable(candidate.document.entry.publicationState));
    if (head.length === 0) continue;
    const candidates = head.map((candidate) => {
      const features = rerankFeatures(index, query, candidate);
      return [Math.log(candidate.score), ...RERANK_FEATURES.map((name) => features[name])];
    });
    examples.push({
      split: row.split,
      candidates,
      expected: head.findIndex((candidate) => candidate.document.entry.problemId === row.expected),
    });
  }
  return examples;
}

const USAGE = [
  "usage: npm run fit:rerank [-- --l2 PENALTY] [--data-dir DIR]",
  "  --l2 PENALTY    the L2 penalty of the listwise fit (default 0.003)",
  `  --data-dir DIR  the full catalogue's sources (default ${DEFAULT_DATA_DIR})`,
  "  prints the refit RERANK_MODEL and its leave-one-split-out figure; writes nothing",
].join("\n");

async function main(): Promise<void> {
  const { values } = readCommandLine(
    {
      args: process.argv.slice(2),
      options: { l2: { type: "string", default: "0.003" }, "data-dir": { type: "string", default: DEFAULT_DATA_DIR } },
    },
    USAGE,
  );
  const l2 = Number(values.l2);
  if (!(l2 >= 0)) throw new Error("--l2 must be a non-negative number");
  const rows = readEvalRows();
  const examples = await readExamples(values["data-dir"]!, rows);
  const answerable = rows.filter((row) => row.expected !== null).length;
  const show = (hits: number) => `${hits}/${answerable} = ${(hits / answerable).toFixed(3)}`;
  const firstStage = [1, ...RERANK_FEATURES.map(() => 0)];
  console.log(
    `${answerable} answerable rows; the expected problem is among the first ${RERANK_DEPTH} candidates for ${examples.filter((example) => example.expected >= 0).length}`,
  );
  console.log(`first stage alone, first-ranked right: ${show(firstCorrect(examples, firstStage))}`);
  console.log(`current RERANK_MODEL (in sample):      ${show(firstCorrect(examples, currentWeights()))}`);
  let heldOutHits = 0;
  for (const split of EVAL_SPLITS) {
    const held = examples.filter((example) => example.split === split);
    const weights = fitListwise(
      examples.filter((example) => example.split !== split),
      l2,
    );
    const hits = firstCorrect(held, weights);
    heldOutHits += hits;
    console.log(
      `  ${split.padEnd(10)} fit on the others: ${hits}/${held.length} first-ranked right (current model ${firstCorrect(held, currentWeights())})`,
    );
  }
  console.log(`refit, leave-one-split-out:            ${show(heldOutHits)}`);
  const weights = fitListwise(examples, l2);
  console.log(`refit on every split (in sample):      ${show(firstCorrect(examples, weights))}`);
  const model = Object.fromEntries(
    RERANK_FEATURES.map((name: RerankFeatureName, column) => [
      name,
      Number((weights[column + 1]! / weights[0]!).toFixed(3)),
    ]),
  );
  console.log(`refit RERANK_MODEL: ${JSON.stringify(model)} (log-score weight ${weights[0]!.toFixed(2)} divided out)`);
}

await main();
