// Discovery latency over the configured database's catalogue (DATABASE_URL, else DATA_DIR): p50/p95 of
// the pure discover() over the stored index, and end to end through `discoverProblems` over HTTP.

import { openDatabase } from "../../src/platform/db/database.js";
import { parseEnv } from "../../src/env.js";
import { discover } from "../../src/features/discovery/domain/discover.js";
import {
  FULL_CATALOGUE_MINIMUM,
  IMPORT_HINT,
  loadStoredIndex,
  readEvalRows,
} from "../eval/discovery/eval-discovery.js";
import { startService } from "../../src/service.js";
import { percentile } from "../../src/platform/lib/percentile.js";
import { readCommandLine } from "../../src/cli/command-line.js";

const USAGE = [
  "usage: npm run bench:discovery",
  "  discover() and discoverProblems latency over the configured catalogue; takes no arguments",
  "  settings from the environment: BENCH_REPEAT (timed passes, 5), DATABASE_URL (else the embedded database in DATA_DIR), LOG_LEVEL",
].join("\n");
readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);

/** Timed passes over every eval query (BENCH_REPEAT overrides); one untimed pass first warms the JIT and caches. */
const REPETITIONS = Number(process.env.BENCH_REPEAT ?? 5);

const DISCOVER_QUERY = `query Discover($text: String!) {
  discoverProblems(text: $text, limit: 5) { __typename ... on ProblemDiscovery { outcome candidates { score problem { stableId } } } }
}`;

async function timeEach(queries: readonly string[], run: (query: string) => unknown): Promise<string> {
  for (const query of queries) await run(query);
  const latencies: number[] = [];
  for (let round = 0; round < REPETITIONS; round += 1) {
    for (const query of queries) {
      const started = performance.now();
      await run(query);
      latencies.push(performance.now() - started);
    }
  }
  latencies.sort((left, right) => left - right);
  return `p50 ${percentile(latencies, 0.5).toFixed(2)} ms  p95 ${percentile(latencies, 0.95).toFixed(2)} ms  max ${(latencies.at(-1) ?? 0).toFixed(2)} ms  (${latencies.length} queries)`;
}

async function benchInProcess(queries: readonly string[]): Promise<void> {
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    const stored = await loadStoredIndex(db);
    console.log(
      `database: ${db.kind}; catalogue: ${stored.catalogueSize} problems stored, ${stored.index.size} indexed, index ${stored.index.version}`,
    );
    if (stored.catalogueSize < FULL_CATALOGUE_MINIMUM)
      console.log(`WARNING: not the full catalogue; import it first:\n  ${IMPORT_HINT}`);
    console.log(
      `in-process discover(): ${await timeEach(queries, (query) => discover(stored.index, query, { limit: 5 }))}`,
    );
  } finally {
    await db.close();
  }
}

async function benchGraphql(queries: readonly string[]): Promise<void> {
  const service = await startService(
    parseEnv({ ...process.env, PORT: "0", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" }),
  );
  try {
    const post = async (text: string): Promise<void> => {
      const response = await fetch(service.server.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: DISCOVER_QUERY, variables: { text } }),
      });
      const body = (await response.json()) as { errors?: { message: string }[] };
      if (!response.ok || body.errors)
        throw new Error(`discoverProblems failed (${response.status}): ${JSON.stringify(body.errors)}`);
    };
    console.log(`GraphQL HTTP discoverProblems (${service.services.db.kind}): ${await timeEach(queries, post)}`);
  } finally {
    await service.stop();
  }
}

const queries = readEvalRows().map((row) => row.query);
// One database session at a time: the embedded database is a single-process store.
await benchInProcess(queries);
await benchGraphql(queries);
