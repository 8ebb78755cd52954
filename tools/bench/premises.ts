// Premise retrieval throughput: every dev query through each strategy over the full corpus,
// with explanations (the GraphQL path), printing queries/s and p50/p95 latency.

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { leaveOneOutCitations } from "../../src/features/premises/domain/evaluate.js";
import { loadPremiseIndex } from "../../src/features/premises/domain/premise-index.js";
import { STRATEGY_IDS } from "../../src/features/premises/domain/premises.constants.js";
import { loadGradedQueries } from "../../src/features/premises/domain/queries.js";
import { createPremiseSearchEngine, searchPremises } from "../../src/features/premises/domain/search.js";
import { percentile } from "../../src/platform/lib/percentile.js";
import { readCommandLine } from "../../src/cli/command-line.js";

const USAGE = [
  "usage: npm run bench:premises",
  "  every dev query of ../shared/data/premises through each strategy: queries/s and p50/p95; takes no arguments",
].join("\n");
readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);

const DATA_DIRECTORY = fileURLToPath(new URL("../../../shared/data/premises/", import.meta.url));
/** One untimed pass first so preparation and JIT warm-up do not count as query time. */
const WARMUP_PASSES = 1;
/** Rounds enough that each strategy is timed for about a second at a fraction of a millisecond per query. */
const TIMED_PASSES = 30;

function main(): void {
  const corpusFile = `${DATA_DIRECTORY}corpus.jsonl`;
  const queriesFile = `${DATA_DIRECTORY}queries-dev.jsonl`;
  if (!existsSync(corpusFile) || !existsSync(queriesFile)) {
    console.log(
      `skipped: premise benchmark data not found at ${DATA_DIRECTORY} (expects corpus.jsonl and queries-dev.jsonl)`,
    );
    return;
  }
  const loadStarted = performance.now();
  const index = loadPremiseIndex(readFileSync(corpusFile, "utf8"), "corpus");
  const graded = loadGradedQueries(readFileSync(queriesFile, "utf8"), { split: "dev" });
  const engine = createPremiseSearchEngine(index, leaveOneOutCitations(graded, "queries-dev.jsonl"));
  console.log(
    `loaded ${index.premises.length} premises and ${graded.length} dev queries in ${(performance.now() - loadStarted).toFixed(0)} ms`,
  );
  // Strategies take turns, round by round in rotating order, so a change in the machine's load
  // (other processes on a shared box) falls on every strategy alike and the ratios stay meaningful.
  const workloads = STRATEGY_IDS.map((strategy) => ({
    strategy,
    queries: graded.map(({ query }) => ({ ...query, strategy, topK: 10 })),
  }));
  for (const { queries } of workloads)
    for (let pass = 0; pass < WARMUP_PASSES; pass += 1) queries.forEach((query) => searchPremises(engine, query));
  const latencies = new Map<string, number[]>(STRATEGY_IDS.map((strategy) => [strategy, []]));
  for (let round = 0; round < TIMED_PASSES; round += 1) {
    for (let turn = 0; turn < workloads.length; turn += 1) {
      const { strategy, queries } = workloads[(round + turn) % workloads.length]!;
      for (const query of queries) {
        const queryStarted = performance.now();
        searchPremises(engine, query);
        latencies.get(strategy)!.push(performance.now() - queryStarted);
      }
    }
  }
  const rates = new Map<string, number>();
  for (const strategy of STRATEGY_IDS) {
    const times = latencies.get(strategy)!.sort((a, b) => a - b);
    const seconds = times.reduce((sum, time) => sum + time, 0) / 1000;
    rates.set(strategy, times.length / seconds);
    console.log(
      `${strategy.padEnd(14)} ${(times.length / seconds).toFixed(0)} queries/s  p50 ${percentile(times, 0.5).toFixed(2)} ms  p95 ${percentile(times, 0.95).toFixed(2)} ms  (${times.length} queries over ${index.premises.length} premises)`,
    );
  }
  const ratio = (rates.get("symbol-vote") ?? 0) / (rates.get("bm25") ?? 1);
  console.log(`symbol-vote / bm25 queries/s: ${ratio.toFixed(2)} (same run, interleaved rounds)`);
}

main();
