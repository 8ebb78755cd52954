// Builds the site-statements JSONL file from erdosproblems.com itself, politely: one request per
// delay, each page cached on disk, rows appended as they come, so an interrupted run resumes.

import { existsSync } from "node:fs";
import { appendFile, mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { jsonlObjects } from "../domain/jsonl-lines.js";
import { ErdosSiteFetchError } from "./fetch-errors.js";
import { parseProblemPage, type ErdosSiteRow } from "./parse-problem-page.js";
import { PoliteClient } from "./polite-client.js";

/** At least a second between requests: the pace a person reading the site would keep. */
export const DEFAULT_DELAY_MS = 1000;
export const DEFAULT_BASE_URL = "https://www.erdosproblems.com";
/** The problems the shared snapshot holds (1..1217); `--to` reads further as the site grows. */
export const DEFAULT_LAST_PROBLEM = 1217;
const DEFAULT_RETRIES = 3;
/** This many problems failing in a row (after retries) means the site is down: stop rather than keep knocking. */
const CONSECUTIVE_FAILURES_TO_STOP = 5;
const USER_AGENT = "erdos-research-memory/0.1 (statement index for search and reference; one request per second)";

export type FetchOutcome = "fetched" | "cached" | "missing" | "failed";

export interface FetchProgress {
  done: number;
  total: number;
  number: number;
  outcome: FetchOutcome;
  /** Estimated time left, from the pace of the network fetches so far; null until one has finished. */
  etaMs: number | null;
}

export interface FetchErdosStatementsProps {
  numbers: number[];
  outPath: string;
  cacheDir: string;
  baseUrl?: string;
  delayMs?: number;
  retries?: number;
  fetchPage?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (progress: FetchProgress) => void;
}

export interface FetchSummary {
  requested: number;
  /** Rows the output file already held: skipped. */
  alreadyInOutput: number;
  fromCache: number;
  fetched: number;
  /** Problems the site answered 404 (or another permanent status) for. */
  missing: number[];
  failed: { number: number; reason: string }[];
  httpRequests: number;
  /** Rows in the output file at the end. */
  rowsInOutput: number;
  durationMs: number;
}

export async function fetchErdosStatements(props: FetchErdosStatementsProps): Promise<FetchSummary> {
  const started = Date.now();
  const baseUrl = (props.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const delayMs = props.delayMs ?? DEFAULT_DELAY_MS;
  const client = new PoliteClient({
    delayMs,
    retries: props.retries ?? DEFAULT_RETRIES,
    fetchPage: props.fetchPage ?? fetch,
    sleep: props.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    userAgent: USER_AGENT,
  });
  await mkdir(props.cacheDir, { recursive: true });
  await mkdir(path.dirname(path.resolve(props.outPath)), { recursive: true });
  const existing = await readExistingRows(props.outPath);
  const cached = new Set(
    (await readdir(props.cacheDir))
      .map((name) => /^(\d+)\.html$/.exec(name)?.[1])
      .filter(Boolean)
      .map(Number),
  );
  const todo = props.numbers.filter((number) => !existing.has(number));
  const summary: FetchSummary = {
    requested: props.numbers.length,
    alreadyInOutput: props.numbers.length - todo.length,
    fromCache: 0,
    fetched: 0,
    missing: [],
    failed: [],
    httpRequests: 0,
    rowsInOutput: 0,
    durationMs: 0,
  };
  let networkLeft = todo.filter((number) => !cached.has(number)).length;
  let networkAttempts = 0;
  let networkMs = 0;
  let consecutiveFailures = 0;
  for (const [index, number] of todo.entries()) {
    const fromCache = cached.has(number);
    const fetchStarted = Date.now();
    const result = await readProblem({
      number,
      url: `${baseUrl}/${number}`,
      cachePath: path.join(props.cacheDir, `${number}.html`),
      fromCache,
      client,
    });
    if (!fromCache) {
      networkLeft -= 1;
      networkAttempts += 1;
      networkMs += Date.now() - fetchStarted;
    }
    if (result.row) {
      await appendFile(props.outPath, `${JSON.stringify(result.row)}\n`);
      existing.set(number, result.row);
    }
    if (result.outcome === "cached") summary.fromCache += 1;
    if (result.outcome === "fetched") summary.fetched += 1;
    if (result.outcome === "missing") summary.missing.push(number);
    if (result.outcome === "failed") summary.failed.push({ number, reason: result.reason ?? "unknown" });
    consecutiveFailures = result.outcome === "failed" && !fromCache ? consecutiveFailures + 1 : 0;
    const etaMs = networkAttempts > 0 ? (networkMs / networkAttempts) * networkLeft : null;
    props.onProgress?.({ done: index + 1, total: todo.length, number, outcome: result.outcome, etaMs });
    if (consecutiveFailures >= CONSECUTIVE_FAILURES_TO_STOP) {
      await writeSorted(props.outPath, existing);
      throw new ErdosSiteFetchError(
        "SITE_UNREACHABLE",
        `${consecutiveFailures} problems in a row failed (last: #${number}, ${result.reason}); ${existing.size} rows kept in ${props.outPath}, run again to resume`,
      );
    }
  }
  await writeSorted(props.outPath, existing);
  return { ...summary, httpRequests: client.requests, rowsInOutput: existing.size, durationMs: Date.now() - started };
}

interface ProblemRead {
  outcome: FetchOutcome;
  row: ErdosSiteRow | null;
  reason: string | null;
}

/** One problem's page, from the cache or the site (cached once fetched), and its row. */
async function readProblem(input: {
  number: number;
  url: string;
  cachePath: string;
  fromCache: boolean;
  client: PoliteClient;
}): Promise<ProblemRead> {
  const response = input.fromCache
    ? { kind: "page" as const, html: await readFile(input.cachePath, "utf8") }
    : await input.client.get(input.url);
  if (response.kind === "missing") return { outcome: "missing", row: null, reason: `HTTP ${response.status}` };
  if (response.kind === "failed") return { outcome: "failed", row: null, reason: response.reason };
  if (!input.fromCache) await writeFile(input.cachePath, response.html);
  const row = parseProblemPage(response.html, input.number, input.url, new Date());
  if (!row) return { outcome: "failed", row: null, reason: "the page holds no statement" };
  return { outcome: input.fromCache ? "cached" : "fetched", row, reason: null };
}

/** Rows already written, by problem number; a broken line is a typed error naming the file and line. */
async function readExistingRows(outPath: string): Promise<Map<number, unknown>> {
  if (!existsSync(outPath)) return new Map();
  const lines = jsonlObjects(await readFile(outPath, "utf8"), outPath);
  return new Map(lines.map(({ value }) => [Number(value.number), value]));
}

/** Rewrites the file in problem order, through a temporary file so a crash never leaves half of it. */
async function writeSorted(outPath: string, rows: Map<number, unknown>): Promise<void> {
  const text = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => `${JSON.stringify(row)}\n`)
    .join("");
  const temporary = `${outPath}.partial`;
  await writeFile(temporary, text);
  await rename(temporary, outPath);
}
