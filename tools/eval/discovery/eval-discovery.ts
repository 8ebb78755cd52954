// The discovery evaluation: fixtures/discovery/eval.jsonl against an index built in memory from the
// bundled (or shared) data files (unit tests) or loaded from a database's stored sparse documents (`npm run eval`).

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "../../../src/platform/db/database.js";
import type { PrismaClient } from "../../../src/generated/prisma/client.js";
import { createNotifier } from "../../../src/events/notifier.js";
import { createLogger } from "../../../src/logger.js";
import type { CatalogueProblem } from "../../../src/features/catalogue/domain/catalogue.types.js";
import {
  readBundledCatalogue,
  readCatalogueFiles,
} from "../../../src/features/catalogue/domain/read-catalogue-files.js";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover, type DiscoveryResult } from "../../../src/features/discovery/domain/discover.js";
import { discoverProblems } from "../../../src/features/discovery/domain/discover-problems.js";
import type { DiscoveryIndex } from "../../../src/features/discovery/domain/discovery-index.js";
import { DiscoveryService } from "../../../src/features/discovery/domain/discovery-service.js";
import {
  computeRealMetrics,
  parseRealRows,
  realReportLines,
  type RealEvalRow,
  type RealMetrics,
} from "./real-evaluation.js";
import {
  computeDiscoveryMetrics,
  EVAL_SPLITS,
  parseEvalRows,
  type DiscoveryEvalResult,
  type DiscoveryEvalRow,
  type DiscoveryMetrics,
  type EvalSplit,
} from "./evaluation.js";

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const DEFAULT_DATA_DIR = path.resolve(REPOSITORY_ROOT, "../shared/data");
export const DEFAULT_EVAL_PATH = path.resolve(REPOSITORY_ROOT, "fixtures/discovery/eval.jsonl");
/** The real-words development half (split `real-dev`): read from the shared data, never copied into the repository. */
export const DEFAULT_REAL_PATH = path.join(DEFAULT_DATA_DIR, "discovery-real/dev.jsonl");
export const REAL_SPLIT = "real-dev";
/** Below this many stored problems the database holds a fixture, not the full catalogue (1,777 problems). */
export const FULL_CATALOGUE_MINIMUM = 1000;
export const IMPORT_HINT =
  "npm run import -- catalogue --erdos ../shared/data/erdosproblems/problems.yaml " +
  "--erdos-statements ../shared/data/erdosproblems-site/statements.jsonl --formal-conjectures ../shared/data/formal-conjectures/statements.jsonl";

export interface DiscoveryEvalOptions {
  dataDir?: string;
  evalPath?: string;
  /** Where report lines go; defaults to stdout. */
  print?: (line: string) => void;
}

export type DiscoveryEvalReport = Record<EvalSplit | "overall", DiscoveryMetrics>;

export function readEvalRows(evalPath = DEFAULT_EVAL_PATH): DiscoveryEvalRow[] {
  return parseEvalRows(readFileSync(evalPath, "utf8"));
}

function toEvalResult(
  row: DiscoveryEvalRow,
  result: DiscoveryResult,
  stableIdOf: (id: string) => string,
): DiscoveryEvalResult {
  return {
    rowId: row.id,
    outcome: result.outcome,
    abstentionReason: result.abstentionReason,
    rankedIds: result.candidates.map((candidate) => stableIdOf(candidate.problemId)),
    topConfidence: result.candidates[0]?.confidence ?? null,
  };
}

/** The free-text lane alone. `stableIdOf` maps the index's problem ids (database uuids) to the stable ids the eval set names. */
export function runEvalRows(
  index: DiscoveryIndex,
  rows: readonly DiscoveryEvalRow[],
  stableIdOf: (id: string) => string = (id) => id,
): DiscoveryEvalResult[] {
  return rows.map((row) => toEvalResult(row, discover(index, row.query, { limit: 5 }), stableIdOf));
}

/** What the service answers over GraphQL: exact identifiers in the text first, then the free-text lane (discoverProblems). */
export async function runServiceEvalRows(
  prisma: PrismaClient,
  index: DiscoveryIndex,
  rows: readonly DiscoveryEvalRow[],
  stableIdOf: (id: string) => string,
): Promise<DiscoveryEvalResult[]> {
  const results: DiscoveryEvalResult[] = [];
  for (const row of rows)
    results.push(toEvalResult(row, await discoverProblems(prisma, index, row.query, 5), stableIdOf));
  return results;
}

export function readRealRows(realPath = DEFAULT_REAL_PATH): RealEvalRow[] {
  return parseRealRows(readFileSync(realPath, "utf8"), REAL_SPLIT);
}

/** The real texts as discoverProblems answers them (exact identifiers first, then free text), in the synthetic rows' result shape. */
export async function runServiceRealRows(
  prisma: PrismaClient,
  index: DiscoveryIndex,
  rows: readonly RealEvalRow[],
  stableIdOf: (id: string) => string,
): Promise<DiscoveryEvalResult[]> {
  const results: DiscoveryEvalResult[] = [];
  for (const row of rows) {
    const result = await discoverProblems(prisma, index, row.text, 5);
    results.push({
      rowId: row.id,
      outcome: result.outcome,
      abstentionReason: result.abstentionReason,
      rankedIds: result.candidates.map((candidate) => stableIdOf(candidate.problemId)),
      topConfidence: result.candidates[0]?.confidence ?? null,
    });
  }
  return results;
}

/** Measures and prints the `real-dev` split; returns its metrics. */
export async function printRealReport(
  prisma: PrismaClient,
  index: DiscoveryIndex,
  rows: readonly RealEvalRow[],
  stableIdOf: (id: string) => string,
  verbose: boolean,
  print: (line: string) => void,
): Promise<RealMetrics> {
  const metrics = computeRealMetrics(rows, await runServiceRealRows(prisma, index, rows, stableIdOf));
  for (const line of realReportLines(REAL_SPLIT, rows, metrics, verbose)) print(line);
  return metrics;
}

export function formatMetrics(label: string, metrics: DiscoveryMetrics): string {
  const show = (value: number | null): string => (value === null ? "n/a" : value.toFixed(3));
  return (
    `${label.padEnd(8)} rows=${metrics.rows} answerable=${metrics.answerable} abstain=${metrics.mustAbstain} ` +
    `P@1=${show(metrics.precisionAt1)} MRR=${show(metrics.meanReciprocalRank)} R@5=${show(metrics.recallAt5)} ` +
    `abstainP=${show(metrics.abstentionPrecision)} abstainR=${show(metrics.abstentionRecall)} matchP=${show(metrics.matchPrecision)} ECE=${show(metrics.expectedCalibrationError)}`
  );
}

export type SplitChoice = EvalSplit | "all";

export { EVAL_SPLITS };

/** Prints metrics for the chosen split (every split and overall for "all"), then that selection's failures. */
export function printEvalReport(
  rows: readonly DiscoveryEvalRow[],
  results: readonly DiscoveryEvalResult[],
  split: SplitChoice,
  print: (line: string) => void,
): void {
  const selections: [string, DiscoveryEvalRow[]][] =
    split === "all"
      ? [
          ...EVAL_SPLITS.map((name): [string, DiscoveryEvalRow[]] => [name, rows.filter((row) => row.split === name)]),
          ["overall", [...rows]],
        ]
      : [[split, rows.filter((row) => row.split === split)]];
  const metrics = selections.map(([label, selected]) => [label, computeDiscoveryMetrics(selected, results)] as const);
  for (const [label, value] of metrics) print(formatMetrics(label, value));
  for (const failure of metrics.at(-1)?.[1].failures ?? []) {
    print(
      `  FAIL ${failure.rowId}: expected ${failure.expected ?? "abstain"}, got ${failure.got} (${failure.outcome})`,
    );
  }
}

/**
 * The full catalogue: from the files bundled in data/bundled/ when no directory is given (the same Erdős
 * database and formal-conjectures files as the shared data, so every clone can measure it), else from
 * `dataDir`'s shared-data layout; throws when those files are missing.
 */
export async function readFullCatalogue(dataDir?: string | null): Promise<CatalogueProblem[]> {
  if (!dataDir) return readBundledCatalogue();
  const erdosYamlPath = path.join(dataDir, "erdosproblems/problems.yaml");
  const formalConjecturesPath = path.join(dataDir, "formal-conjectures/statements.jsonl");
  if (!existsSync(erdosYamlPath) || !existsSync(formalConjecturesPath)) {
    throw new Error(`the full catalogue is needed: ${erdosYamlPath} and ${formalConjecturesPath} not found`);
  }
  return readCatalogueFiles({ erdosYamlPath, formalConjecturesPath });
}

/** The in-memory index over the full catalogue (see readFullCatalogue). */
export async function buildFullCatalogueIndex(dataDir?: string | null): Promise<DiscoveryIndex> {
  return buildDiscoveryIndex(await readFullCatalogue(dataDir));
}

/** In memory, straight from the catalogue files (bundled unless `dataDir` names shared data): what the unit test measures. */
export async function runDiscoveryEval(options: DiscoveryEvalOptions = {}): Promise<DiscoveryEvalReport> {
  const print = options.print ?? ((line: string) => console.log(line));
  const index = await buildFullCatalogueIndex(options.dataDir);
  const rows = readEvalRows(options.evalPath);
  const results = runEvalRows(index, rows);
  const subset = (split: string) => rows.filter((row) => row.split === split);
  const report: DiscoveryEvalReport = {
    ...(Object.fromEntries(
      EVAL_SPLITS.map((split) => [split, computeDiscoveryMetrics(subset(split), results)]),
    ) as Record<EvalSplit, DiscoveryMetrics>),
    overall: computeDiscoveryMetrics(rows, results),
  };
  print(`catalogue: ${index.size} problems (${index.publishedCount} published), index ${index.version}`);
  printEvalReport(rows, results, "all", print);
  return report;
}

export interface StoredIndex {
  index: DiscoveryIndex;
  stableIdOf: (id: string) => string;
  /** Problems in the database (every publication state). */
  catalogueSize: number;
}

/** The index the service would serve: DiscoveryService over the stored `problem-discovery` view. */
export async function loadStoredIndex(db: Database): Promise<StoredIndex> {
  const logger = createLogger("warn");
  const notifier = await createNotifier({
    kind: db.kind,
    pool: db.pool,
    connectionString: db.connectionString,
    logger,
  });
  const service = new DiscoveryService(db.prisma, db.pool, notifier, logger);
  try {
    await service.start();
    const index = service.current();
    if (index === null) throw new Error("the discovery index did not load");
    const problems = await db.prisma.problem.findMany({ select: { id: true, stableId: true } });
    const stableIds = new Map(problems.map((problem) => [problem.id, problem.stableId]));
    return { index, stableIdOf: (id) => stableIds.get(id) ?? id, catalogueSize: problems.length };
  } finally {
    service.stop();
    await notifier.close();
  }
}
