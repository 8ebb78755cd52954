// `npm run eval -- discovery`: builds the catalogue from the shared data files, indexes it in
// memory, runs fixtures/discovery/eval.jsonl and prints P@1, MRR, R@5, abstention P/R and ECE.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readCatalogueFiles } from "../modules/catalogue/read-catalogue-files.js";
import { buildDiscoveryIndex } from "../modules/discovery/build-index.js";
import { discover } from "../modules/discovery/discover.js";
import type { DiscoveryIndex } from "../modules/discovery/discovery-index.js";
import {
  computeDiscoveryMetrics, parseEvalRows, type DiscoveryEvalResult, type DiscoveryEvalRow, type DiscoveryMetrics,
} from "../modules/discovery/evaluation.js";

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEFAULT_DATA_DIR = path.resolve(REPOSITORY_ROOT, "../shared/data");
export const DEFAULT_EVAL_PATH = path.resolve(REPOSITORY_ROOT, "fixtures/discovery/eval.jsonl");

export interface DiscoveryEvalOptions {
  dataDir?: string;
  evalPath?: string;
  /** Where report lines go; defaults to stdout. */
  print?: (line: string) => void;
}

export interface DiscoveryEvalReport {
  dev: DiscoveryMetrics;
  test: DiscoveryMetrics;
  overall: DiscoveryMetrics;
  latency: LatencySummary;
}

export interface LatencySummary {
  queries: number;
  meanMs: number;
  p95Ms: number;
}

export function runEvalRows(index: DiscoveryIndex, rows: readonly DiscoveryEvalRow[]): DiscoveryEvalResult[] {
  return rows.map((row) => {
    const result = discover(index, row.query, { limit: 5 });
    return {
      rowId: row.id,
      outcome: result.outcome,
      abstentionReason: result.abstentionReason,
      rankedIds: result.candidates.map((candidate) => candidate.problemId),
      topConfidence: result.candidates[0]?.confidence ?? null,
    };
  });
}

/** Times each query `repetitions` times after one warm-up pass. */
export function measureDiscoveryLatency(index: DiscoveryIndex, queries: readonly string[], repetitions = 5): LatencySummary {
  for (const query of queries) discover(index, query);
  const timings: number[] = [];
  for (let round = 0; round < repetitions; round += 1) {
    for (const query of queries) {
      const start = performance.now();
      discover(index, query);
      timings.push(performance.now() - start);
    }
  }
  timings.sort((left, right) => left - right);
  const mean = timings.reduce((total, value) => total + value, 0) / Math.max(1, timings.length);
  return { queries: timings.length, meanMs: mean, p95Ms: timings[Math.floor(timings.length * 0.95)] ?? 0 };
}

function formatMetrics(label: string, metrics: DiscoveryMetrics): string {
  const show = (value: number | null): string => (value === null ? "n/a" : value.toFixed(3));
  return `${label.padEnd(8)} rows=${metrics.rows} answerable=${metrics.answerable} abstain=${metrics.mustAbstain} ` +
    `P@1=${show(metrics.precisionAt1)} MRR=${show(metrics.meanReciprocalRank)} R@5=${show(metrics.recallAt5)} ` +
    `abstainP=${show(metrics.abstentionPrecision)} abstainR=${show(metrics.abstentionRecall)} ECE=${show(metrics.expectedCalibrationError)}`;
}

export async function runDiscoveryEval(options: DiscoveryEvalOptions = {}): Promise<DiscoveryEvalReport> {
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const print = options.print ?? ((line: string) => console.log(line));
  const problems = await readCatalogueFiles({
    erdosYamlPath: path.join(dataDir, "erdosproblems/problems.yaml"),
    formalConjecturesPath: path.join(dataDir, "formal-conjectures/statements.jsonl"),
  });
  const index = buildDiscoveryIndex(problems);
  const rows = parseEvalRows(readFileSync(options.evalPath ?? DEFAULT_EVAL_PATH, "utf8"));
  const results = runEvalRows(index, rows);
  const subset = (split: string) => rows.filter((row) => row.split === split);
  const report: DiscoveryEvalReport = {
    dev: computeDiscoveryMetrics(subset("dev"), results),
    test: computeDiscoveryMetrics(subset("test"), results),
    overall: computeDiscoveryMetrics(rows, results),
    latency: measureDiscoveryLatency(index, rows.map((row) => row.query)),
  };
  print(`catalogue: ${index.size} problems (${index.publishedCount} published), index ${index.version}`);
  for (const split of ["dev", "test", "overall"] as const) print(formatMetrics(split, report[split]));
  print(`latency: mean ${report.latency.meanMs.toFixed(2)} ms, p95 ${report.latency.p95Ms.toFixed(2)} ms over ${report.latency.queries} queries`);
  for (const failure of report.overall.failures) {
    print(`  FAIL ${failure.rowId}: expected ${failure.expected ?? "abstain"}, got ${failure.got} (${failure.outcome})`);
  }
  return report;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runDiscoveryEval();
}
