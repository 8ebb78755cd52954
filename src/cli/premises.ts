// Premise retrieval runner: `run` and `run-retrieval-bundle` over a fixture directory (seed runners),
// and `eval` over the benchmark JSONL. Exit codes: 0 pass, 1 blocked or failed, 2 usage error.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Citation } from "../features/premises/domain/premise.types.js";
import { DEFAULT_STRATEGY_ID, DEFAULT_TOP_K, STRATEGY_IDS } from "../features/premises/domain/premises.constants.js";
import { PremiseRetrievalError } from "../features/premises/domain/premises.errors.js";
import {
  evaluateStrategy,
  leaveOneOutCitations,
  loadTrainingCitations,
  type StrategyMetrics,
} from "../features/premises/domain/evaluate.js";
import { loadPremiseIndex } from "../features/premises/domain/premise-index.js";
import { loadGradedQueries, parseStrategyId } from "../features/premises/domain/queries.js";
import { readRunInputs, RESULT_FILES, runPremiseRetrieval } from "../features/premises/domain/run.js";
import type { RunMode } from "../features/premises/domain/result-records.js";
import { createPremiseSearchEngine } from "../features/premises/domain/search.js";
import { answerHelp } from "./command-line.js";
import { loadCommand } from "./premises-load.js";
import { parseSplit, parseTopK } from "../features/premises/domain/splits.js";

const USAGE = `usage:
  premises load --corpus FILE|--bundled [--id default]
  premises run --input DIR --out DIR
  premises run-retrieval-bundle --input DIR --out DIR
  premises eval --corpus FILE --queries FILE [--strategy ${STRATEGY_IDS.join("|")}] [--split dev] [--train FILE] [--top-k N]`;

/** Errors a caller fixes by changing the command line rather than the data. */
const USAGE_ERROR_CODES: ReadonlySet<string> = new Set(["UNKNOWN_STRATEGY_ID", "UNKNOWN_SPLIT", "TOP_K_OUT_OF_RANGE"]);

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (value === undefined || value === "") throw new UsageError(`--${name} is required`);
  return value;
}

function runCommand(mode: RunMode, argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: { input: { type: "string" }, out: { type: "string" } },
    strict: true,
  });
  const record = runPremiseRetrieval(readRunInputs(required(values, "input"), mode), mode);
  const outDirectory = required(values, "out");
  mkdirSync(outDirectory, { recursive: true });
  const outFile = join(outDirectory, RESULT_FILES[mode]);
  writeFileSync(outFile, `${JSON.stringify(record, null, 2)}\n`);
  console.log(
    `${mode}: ${record.premise_count} premises, ${record.query_count} queries, ${record.considered_candidate_count} considered candidates`,
  );
  if (record.negative_cases !== null)
    console.log(
      `negative cases observed: ${record.negative_cases.observed.length}/${record.negative_cases.expected.length}`,
    );
  console.log(
    `secret-exclusion scan: ${record.secret_exclusion_scan.blocking_hit_count} blocking hit(s) over ${record.secret_exclusion_scan.scanned_path_count} paths`,
  );
  console.log(`result record: ${outFile}`);
  for (const reason of record.blocked_reasons) console.error(`blocked: ${reason}`);
  console.log(`status=${record.status}`);
  return record.status === "pass" ? 0 : 1;
}

function format(value: number): string {
  return value.toFixed(4);
}

function evalCommand(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      corpus: { type: "string" },
      queries: { type: "string" },
      strategy: { type: "string" },
      split: { type: "string" },
      train: { type: "string" },
      "top-k": { type: "string" },
    },
    strict: true,
  });
  const selected = parseStrategyId(values.strategy ?? DEFAULT_STRATEGY_ID);
  const split = parseSplit(values.split ?? "dev");
  const topK = parseTopK(values["top-k"] === undefined ? DEFAULT_TOP_K : Number(values["top-k"]));
  const queriesFile = required(values, "queries");
  const index = loadPremiseIndex(readFileSync(required(values, "corpus"), "utf8"), "corpus");
  const graded = loadGradedQueries(readFileSync(queriesFile, "utf8"), { split }, basename(queriesFile));
  let citations: Citation[] = [];
  if (values.train !== undefined) {
    // The evaluated file may only train on itself leave-one-out: strategies skip each query's own row.
    citations =
      resolve(values.train) === resolve(queriesFile)
        ? leaveOneOutCitations(graded, basename(queriesFile))
        : loadTrainingCitations(readFileSync(values.train, "utf8"), values.train);
  }
  const engine = createPremiseSearchEngine(index, citations);
  console.log(
    `corpus: ${index.premises.length} premises; ${graded.length} ${split} queries; citations: ${citations.length}${values.train === undefined ? "" : ` from ${values.train}`}`,
  );
  console.log(
    ["strategy".padEnd(14), "R@1", "R@10", topK === 10 ? "" : `R@${topK}`, "MRR", "queries/s"]
      .filter(Boolean)
      .join("\t"),
  );
  const rows: StrategyMetrics[] = [];
  for (const strategy of STRATEGY_IDS) {
    const started = performance.now();
    const metrics = evaluateStrategy(engine, graded, strategy, topK);
    const perSecond = graded.length / ((performance.now() - started) / 1000);
    rows.push(metrics);
    const cells = [
      strategy.padEnd(14),
      format(metrics.recallAt1),
      format(metrics.recallAt10),
      topK === 10 ? "" : format(metrics.recallAtTopK),
      format(metrics.mrr),
      perSecond.toFixed(0),
    ];
    console.log(cells.filter(Boolean).join("\t"));
  }
  const chosen = rows.find((row) => row.strategy === selected) ?? rows[0];
  if (chosen === undefined) return 1;
  console.log(
    `recall@1=${format(chosen.recallAt1)} recall@10=${format(chosen.recallAt10)} mrr=${format(chosen.mrr)} queries=${chosen.queries}`,
  );
  return 0;
}

async function main(argv: string[]): Promise<number> {
  answerHelp(argv, USAGE);
  const [command, ...rest] = argv;
  try {
    if (command === "load") return await loadCommand(rest);
    if (command === "run" || command === "run-retrieval-bundle") return runCommand(command, rest);
    if (command === "eval") return evalCommand(rest);
    throw new UsageError(command === undefined ? "missing command" : `unknown command "${command}"`);
  } catch (error) {
    if (error instanceof PremiseRetrievalError) {
      console.error(`${error.code}: ${error.message}`);
      return USAGE_ERROR_CODES.has(error.code) ? 2 : 1;
    }
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      console.error(`cannot read ${(error as NodeJS.ErrnoException).path ?? "input"}: no such file or directory`);
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
