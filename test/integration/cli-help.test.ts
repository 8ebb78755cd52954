// Every command of package.json answers `--help` with its usage (exit 0, its options named) and a
// malformed command line with the usage on stderr (exit 2), before it opens a database or starts anything.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../../src/env.js";

/** What each command's usage must name: its subcommands, options or environment settings. */
const NAMED_IN_USAGE: Record<string, string[]> = {
  import: ["catalogue", "--bundled", "--erdos", "--erdos-statements", "--formal-conjectures", "fetch-erdos-statements"],
  operator: ["create", "list", "revoke", "rotate", "--name", "--role", "--expires-in-days", "--url"],
  premises: ["load", "run", "run-retrieval-bundle", "eval", "--corpus", "--queries", "--strategy", "--top-k"],
  eval: ["--split", "--real", "--verbose", "discovery", "orient"],
  projections: ["rebuild", "status", "--dry-run"],
  worker: ["DATABASE_URL", "LOG_LEVEL"],
  mcp: ["RMS_TOKEN", "RMS_URL", "MCP_MODE"],
  "schema:print": ["--check"],
  "schema:check": ["--check"],
  "migration:new": ["snake_case_name", "MIGRATION_TOOL_DATABASE_URL"],
  "bundle:data": ["--source", "--check"],
  "seed:synthetic": ["--objects", "--seed", "--problem"],
  "bench:premises": ["takes no arguments"],
  "bench:projections": ["BENCH_WRITE_SECONDS", "BENCH_SIZES", "BENCH_DATABASE_URL"],
  "bench:discovery": ["BENCH_REPEAT", "DATABASE_URL"],
  "bench:writes": ["--writes", "--clients", "--retry-fraction", "--seed", "--matrix-writes", "--pgbench-seconds"],
  "bench:http": ["BENCH_SECONDS", "BENCH_ROUNDS", "BENCH_CONNECTIONS", "--profile"],
  "bench:mcp": ["BENCH_ROUNDS", "CATALOGUE"],
  "bench:orient": ["--sizes", "--runs", "--keep", "--reuse"],
  "bench:abuse": ["BENCH_URL", "BENCH_TOKEN", "BENCH_PROBES"],
  "bench:subscriptions": ["--writes", "--clients", "--subscribers", "--rounds", "--warmup", "DATABASE_URL"],
  "bench:text": ["takes no arguments"],
  "fit:confidence": ["--held-out", "--data-dir"],
  "fit:rerank": ["--l2", "--data-dir"],
};
/**
 * Commands whose usage errors come from their own code; the others reject a stray argument through the
 * shared readCommandLine, so one of them stands for all (each child process costs seconds of CPU).
 */
const USAGE_ERROR_CHECKED = new Set([
  "import",
  "operator",
  "premises",
  "eval",
  "projections",
  "migration:new",
  "bench:writes",
  "worker",
]);
/** Child processes at once: each loads the service's modules, and the machine may be shared. */
const PARALLEL = 4;
const TSX = path.join(projectRoot, "node_modules/.bin/tsx");

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The entry file of an npm script (`tsx FILE` or `node --import tsx FILE`) and the arguments it passes. */
function entryOf(script: string): { file: string; args: string[] } {
  const words = script.replace(/^exec /, "").split(/\s+/);
  const fileIndex = words.findIndex((word) => word.endsWith(".ts"));
  return { file: words[fileIndex]!, args: words.slice(fileIndex + 1) };
}

function run(file: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(TSX, [file, ...args], { cwd: projectRoot, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}

const scripts = (
  JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

describe("every command answers --help", () => {
  it("covers every command, bench and fit of package.json", () => {
    const commands = Object.keys(scripts).filter((name) => /^(?:bench|fit):/.test(name));
    for (const name of commands) expect(NAMED_IN_USAGE, `${name} has no expected usage`).toHaveProperty([name]);
    for (const name of Object.keys(NAMED_IN_USAGE)) expect(scripts, `no npm script ${name}`).toHaveProperty([name]);
  });

  it("prints the usage with every option named and exits 0; a malformed command line exits 2 with the usage", async () => {
    const names = Object.keys(NAMED_IN_USAGE);
    const outcomes = await inBatches(names, PARALLEL, async (name) => {
      const { file, args } = entryOf(scripts[name]!);
      const help = await run(file, [...args, "--help"]);
      const mistake = USAGE_ERROR_CHECKED.has(name) ? await run(file, [...args, "--no-such-option"]) : null;
      return { name, help, mistake };
    });
    for (const { name, help, mistake } of outcomes) {
      expect(help.code, `${name} --help: ${help.stderr}`).toBe(0);
      expect(help.stdout, name).toMatch(/^usage:/);
      for (const word of NAMED_IN_USAGE[name]!) expect(help.stdout, `${name} --help names ${word}`).toContain(word);
      if (!mistake) continue;
      expect(mistake.code, `${name} --no-such-option: ${mistake.stdout}${mistake.stderr}`).toBe(2);
      expect(mistake.stderr, name).toContain("usage:");
    }
  }, 600_000);
});
