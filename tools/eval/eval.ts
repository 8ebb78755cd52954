// `npm run eval -- <suite> [--split <split>|all]` (splits: EVAL_SPLITS in evaluation.ts): offline evaluation suites, one entry per suite in
// SUITES. Each measures the configured database (DATABASE_URL, else the embedded DATA_DIR).

import { parseArgs } from "node:util";
import { answerHelp } from "../../src/cli/command-line.js";
import { openDatabase, type Database } from "../../src/platform/db/database.js";
import { ConfigurationError, parseEnv } from "../../src/env.js";
import { DatabaseStartupError } from "../../src/platform/db/embedded.js";
import { runOrientSuite } from "./orient/eval-orient.js";
import {
  PROBLEM_SPARSE_VIEW,
  PROBLEM_SPARSE_VIEW_VERSION,
} from "../../src/features/discovery/domain/sparse-document.js";
import { staleViews } from "../../src/projections/stale-views.js";
import { createProjectionRegistry } from "../../src/projectors.js";
import { existsSync } from "node:fs";
import {
  DEFAULT_REAL_PATH,
  EVAL_SPLITS,
  FULL_CATALOGUE_MINIMUM,
  IMPORT_HINT,
  loadStoredIndex,
  printEvalReport,
  printRealReport,
  readEvalRows,
  readRealRows,
  REAL_SPLIT,
  runServiceEvalRows,
  type SplitChoice,
} from "./discovery/eval-discovery.js";

class UsageError extends Error {}

/** Flags every suite accepts; a suite reads the ones it needs. */
interface SuiteArgs {
  split?: string;
  /** The real-words file for split real-dev (default DEFAULT_REAL_PATH when present). */
  real?: string;
  /** List every miss (real-dev: with the accepted id's rank and the text truncated, on the terminal only). */
  verbose?: boolean;
}

interface Suite {
  description: string;
  run(db: Database, args: SuiteArgs, print: (line: string) => void): Promise<void>;
}

type SplitFlag = SplitChoice | typeof REAL_SPLIT;
const SPLITS: readonly SplitFlag[] = [...EVAL_SPLITS, REAL_SPLIT, "all"];

function splitFlag(args: SuiteArgs): SplitFlag {
  const split = args.split ?? "all";
  if (!SPLITS.includes(split as SplitFlag))
    throw new UsageError(`--split must be one of ${SPLITS.join(", ")}, got "${split}"`);
  return split as SplitFlag;
}

/** The real-words file to read, or null (said loudly) when the default one is absent; a named file must exist. */
function realPath(args: SuiteArgs, print: (line: string) => void): string | null {
  if (args.real !== undefined) {
    if (!existsSync(args.real)) throw new UsageError(`--real ${args.real}: file not found`);
    return args.real;
  }
  if (existsSync(DEFAULT_REAL_PATH)) return DEFAULT_REAL_PATH;
  print(
    `WARNING: ${REAL_SPLIT} NOT MEASURED: ${DEFAULT_REAL_PATH} is absent (give another with --real FILE). ` +
      `The synthetic splits alone do not measure discovery on real people's words.`,
  );
  return null;
}

/**
 * Discovery against the full imported catalogue as the service answers it: the index is the one the service
 * serves, from stored sparse documents, and exact identifiers in a query resolve first (discoverProblems).
 */
async function runDiscoverySuite(db: Database, args: SuiteArgs, print: (line: string) => void): Promise<void> {
  const split = splitFlag(args);
  const stored = await loadStoredIndex(db);
  print(
    `database: ${db.kind}; catalogue: ${stored.catalogueSize} problems stored, ${stored.index.size} indexed ` +
      `(${stored.index.publishedCount} published), index ${stored.index.version}`,
  );
  if (stored.catalogueSize < FULL_CATALOGUE_MINIMUM) {
    print(
      `WARNING: only ${stored.catalogueSize} problems are stored, so this is not the full catalogue and the figures ` +
        `below do not measure discovery. Import it first:\n  ${IMPORT_HINT}`,
    );
  }
  // A rebuild stores a new version number, so compare the view version (code and lexicon) the serving view was built by.
  const stale = (await staleViews(db.prisma, createProjectionRegistry())).find(
    ({ projector }) => projector.view === PROBLEM_SPARSE_VIEW,
  );
  if (stale) {
    print(
      `WARNING: the stored index was built by ${PROBLEM_SPARSE_VIEW}@${stale.builtBy} but this code builds ` +
        `${PROBLEM_SPARSE_VIEW}@${PROBLEM_SPARSE_VIEW_VERSION}, so queries and documents are normalised by different code or data. Start the ` +
        `service once (it rebuilds stale views) or run:\n  npm run projections -- rebuild ${PROBLEM_SPARSE_VIEW}`,
    );
  }
  if (split !== REAL_SPLIT) {
    const rows = readEvalRows();
    printEvalReport(rows, await runServiceEvalRows(db.prisma, stored.index, rows, stored.stableIdOf), split, print);
  }
  if (split !== REAL_SPLIT && split !== "all") return;
  const file = realPath(args, print);
  if (file === null) return;
  print(
    `--- ${REAL_SPLIT} (real people's words, ${file}); P@1, top1 and R@5 over texts whose target is catalogued ---`,
  );
  await printRealReport(db.prisma, stored.index, readRealRows(file), stored.stableIdOf, args.verbose ?? false, print);
}

const SUITES: Readonly<Record<string, Suite>> = {
  discovery: {
    description: `problem discovery: P@1, MRR, R@5, abstention P/R, ECE on fixtures/discovery/eval.jsonl; ${REAL_SPLIT} (--real FILE) on real people's words`,
    run: runDiscoverySuite,
  },
  orient: {
    description: "orient packets on fixtures/orient: coverage by record type, reserves, precision, packet sizes",
    run: runOrientSuite,
  },
};

function usage(): string {
  const suites = Object.entries(SUITES)
    .map(([name, suite]) => `  ${name.padEnd(10)} ${suite.description}`)
    .join("\n");
  return `usage: npm run eval -- <suite> [--split ${SPLITS.join("|")}] [--real FILE] [--verbose]\nsuites:\n${suites}`;
}

function parseFlags(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: { split: { type: "string" }, real: { type: "string" }, verbose: { type: "boolean" } },
  });
}

async function main(argv: string[]): Promise<number> {
  answerHelp(argv, usage());
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(argv);
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage()}`);
  }
  const { values: args, positionals } = parsed;
  const name = positionals[0];
  const suite = name === undefined ? undefined : SUITES[name];
  if (suite === undefined) throw new UsageError(name === undefined ? usage() : `unknown suite "${name}"\n${usage()}`);
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    await suite.run(db, args, (line) => console.log(line));
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(2);
    }
    const known = error instanceof ConfigurationError || error instanceof DatabaseStartupError;
    console.error(known ? `eval failed: ${(error as Error).message}` : error);
    process.exit(1);
  },
);
