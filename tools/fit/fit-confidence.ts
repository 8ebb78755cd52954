// `npm run fit:confidence [-- --held-out holdout8]`: refits discovery's confidence model (CONFIDENCE_MODEL) by
// logistic regression on the first candidate of every eval row outside the held-out split (correct when it
// is the expected problem; a generic row's never is), then prints the constants and the expected calibration
// error of the current and the refit model on the fitted rows and on the held-out split. It writes nothing:
// the constants are copied into discovery.constants.ts by hand, with the figures, so a refit is a reviewed change.
import { readCommandLine } from "../../src/cli/command-line.js";
import {
  buildFullCatalogueIndex,
  DEFAULT_DATA_DIR,
  EVAL_SPLITS,
  readEvalRows,
} from "../eval/discovery/eval-discovery.js";
import {
  candidateConfidence,
  discover,
  topConfidenceFeatures,
  type ConfidenceFeatures,
} from "../../src/features/discovery/domain/discover.js";
import { CONFIDENCE_MODEL } from "../../src/features/discovery/domain/discovery.constants.js";
import { expectedCalibrationError } from "../eval/discovery/evaluation.js";
import { dot, solve } from "./fitting.js";

/** L2 penalty on the weights (not the intercept): enough to keep a rare indicator's weight finite. */
const L2 = 0.001;
const NEWTON_STEPS = 50;
const NAMES = ["intercept", "relevance", "coverage", "advantage", "family", "weakMatch"] as const;

interface Example {
  split: string;
  features: ConfidenceFeatures;
  correct: boolean;
}

function vectorOf(features: ConfidenceFeatures): number[] {
  return [
    1,
    features.relevance,
    features.coverage,
    features.advantage,
    Number(features.family),
    Number(features.weakMatch),
  ];
}

/** Newton's method on the mean log-loss plus L2: the loss is convex, so it converges in a few steps. */
function fitLogistic(examples: readonly Example[]): number[] {
  const size = NAMES.length;
  let weights = new Array<number>(size).fill(0);
  for (let step = 0; step < NEWTON_STEPS; step += 1) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (const example of examples) {
      const x = vectorOf(example.features);
      const p = 1 / (1 + Math.exp(-dot(x, weights)));
      for (let i = 0; i < size; i += 1) {
        gradient[i]! += ((p - Number(example.correct)) * x[i]!) / examples.length;
        for (let j = 0; j < size; j += 1) hessian[i]![j]! += (p * (1 - p) * x[i]! * x[j]!) / examples.length;
      }
    }
    for (let i = 1; i < size; i += 1) {
      gradient[i]! += 2 * L2 * weights[i]!;
      hessian[i]![i]! += 2 * L2;
    }
    const delta = solve(hessian, gradient);
    weights = weights.map((weight, index) => weight - delta[index]!);
    if (Math.max(...delta.map(Math.abs)) < 1e-9) break;
  }
  return weights;
}

function ece(examples: readonly Example[], confidence: (features: ConfidenceFeatures) => number): string {
  return (
    expectedCalibrationError(
      examples.map((example) => ({ confidence: confidence(example.features), correct: example.correct })),
    ) ?? 0
  ).toFixed(3);
}

const USAGE = [
  "usage: npm run fit:confidence [-- --held-out SPLIT] [--data-dir DIR]",
  `  --held-out SPLIT  the split left out of the fit, one of ${EVAL_SPLITS.join(", ")} (default ${EVAL_SPLITS.at(-1)})`,
  `  --data-dir DIR    the full catalogue's sources (default ${DEFAULT_DATA_DIR})`,
  "  prints the refit CONFIDENCE_MODEL and its calibration error; writes nothing",
].join("\n");

async function main(): Promise<void> {
  const { values } = readCommandLine(
    {
      args: process.argv.slice(2),
      options: {
        "held-out": { type: "string", default: EVAL_SPLITS.at(-1) },
        "data-dir": { type: "string", default: DEFAULT_DATA_DIR },
      },
    },
    USAGE,
  );
  const heldOut = values["held-out"]!;
  const dataDir = values["data-dir"]!;
  if (!EVAL_SPLITS.includes(heldOut as never)) throw new Error(`--held-out must be one of ${EVAL_SPLITS.join(", ")}`);
  const index = await buildFullCatalogueIndex(dataDir);
  const examples: Example[] = [];
  for (const row of readEvalRows()) {
    const result = discover(index, row.query, { limit: 5 });
    const features = topConfidenceFeatures(result);
    if (features !== null)
      examples.push({ split: row.split, features, correct: result.candidates[0]!.problemId === row.expected });
  }
  const fitted = examples.filter((example) => example.split !== heldOut);
  const held = examples.filter((example) => example.split === heldOut);
  const weights = fitLogistic(fitted);
  const refit = (features: ConfidenceFeatures) => 1 / (1 + Math.exp(-dot(vectorOf(features), weights)));
  const current = (features: ConfidenceFeatures) => candidateConfidence(features);
  console.log(
    `fitted on ${fitted.length} first candidates (${fitted.filter((example) => example.correct).length} correct), held out ${heldOut}: ${held.length}`,
  );
  console.log(`current CONFIDENCE_MODEL: ${JSON.stringify(CONFIDENCE_MODEL)}`);
  console.log(`  ECE fitted rows ${ece(fitted, current)}, ${heldOut} ${ece(held, current)}`);
  const constants = Object.fromEntries(NAMES.map((name, index) => [name, Number(weights[index]!.toFixed(2))]));
  console.log(`refit: ${JSON.stringify(constants)}`);
  console.log(`  ECE fitted rows ${ece(fitted, refit)}, ${heldOut} ${ece(held, refit)}`);
}

await main();
