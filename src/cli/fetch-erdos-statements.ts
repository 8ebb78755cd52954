// `npm run import -- fetch-erdos-statements --out FILE`: builds the site-statements JSONL that
// `import catalogue --erdos-statements` reads, from erdosproblems.com, one page per delay.
import path from "node:path";
import { parseArgs } from "node:util";
import {
  DEFAULT_BASE_URL,
  DEFAULT_DELAY_MS,
  DEFAULT_LAST_PROBLEM,
  fetchErdosStatements,
  type FetchProgress,
} from "../features/catalogue/site-fetch/fetch-erdos-statements.js";
import { ErdosSiteFetchError } from "../features/catalogue/site-fetch/fetch-errors.js";
import { UsageError } from "./run-command.js";

const USAGE =
  "usage: npm run import -- fetch-erdos-statements --out FILE [--delay-ms 1000] [--base-url https://www.erdosproblems.com]\n" +
  `       [--cache-dir DIR (default: FILE.cache)] [--from 1] [--to ${DEFAULT_LAST_PROBLEM}]`;

export async function fetchErdosStatementsCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      out: { type: "string" },
      "delay-ms": { type: "string" },
      "base-url": { type: "string" },
      "cache-dir": { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
    },
  });
  if (!values.out) throw new UsageError(`${USAGE}\n(--out is required)`);
  const delayMs = wholeNumber(values["delay-ms"], DEFAULT_DELAY_MS, "--delay-ms");
  const from = wholeNumber(values.from, 1, "--from");
  const to = wholeNumber(values.to, DEFAULT_LAST_PROBLEM, "--to");
  if (from < 1 || to < from) throw new UsageError(`${USAGE}\n(--from must be at least 1 and at most --to)`);
  const cacheDir = values["cache-dir"] ?? `${values.out}.cache`;
  const baseUrl = values["base-url"] ?? DEFAULT_BASE_URL;
  if (delayMs < DEFAULT_DELAY_MS)
    console.error(
      `note: --delay-ms ${delayMs} is below the polite default of ${DEFAULT_DELAY_MS} ms; use it only against a server you run`,
    );
  console.error(
    `fetching problems ${from}..${to} from ${baseUrl} into ${values.out} (cache ${cacheDir}, ${delayMs} ms between requests)`,
  );
  const numbers = Array.from({ length: to - from + 1 }, (_, index) => from + index);
  const fetching = fetchErdosStatements({
    numbers,
    outPath: values.out,
    cacheDir,
    baseUrl,
    delayMs,
    onProgress: printProgress,
  });
  // A stopped fetch has written what it read, unlike a failed import: say so rather than the import's "nothing was written".
  const summary = await fetching.catch((error: unknown) => {
    if (!(error instanceof ErdosSiteFetchError)) throw error;
    console.error(`\nfetch stopped (${error.code}): ${error.message}`);
    return null;
  });
  if (summary === null) return 1;
  if (process.stderr.isTTY) process.stderr.write("\n");
  console.log(
    `${summary.rowsInOutput} rows in ${path.resolve(values.out)}: ${summary.fetched} fetched, ${summary.fromCache} from the cache, ` +
      `${summary.alreadyInOutput} already there; ${summary.missing.length} missing, ${summary.failed.length} failed; ` +
      `${summary.httpRequests} requests in ${(summary.durationMs / 1000).toFixed(1)} s`,
  );
  if (summary.missing.length > 0) console.log(`missing (HTTP 404 or similar): ${summary.missing.join(", ")}`);
  for (const failure of summary.failed) console.log(`failed #${failure.number}: ${failure.reason}`);
  console.log(
    "cite each statement as: T. F. Bloom, Erdős Problem #N, https://www.erdosproblems.com/N (no licence: search and reference only)",
  );
  return summary.failed.length > 0 ? 1 : 0;
}

/** One line per problem, rewritten in place on a terminal, so a log keeps every outcome. */
function printProgress(progress: FetchProgress): void {
  const eta = progress.etaMs === null ? "ETA --" : `ETA ${formatDuration(progress.etaMs)}`;
  const line = `[${progress.done}/${progress.total}] #${progress.number} ${progress.outcome}, ${eta}`;
  process.stderr.write(process.stderr.isTTY ? `\r${line.padEnd(60)}` : `${line}\n`);
}

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${String(seconds % 60).padStart(2, "0")}s` : `${seconds}s`;
}

function wholeNumber(value: string | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value))
    throw new UsageError(`${USAGE}\n(${option} must be a whole number, got ${JSON.stringify(value)})`);
  return Number(value);
}
