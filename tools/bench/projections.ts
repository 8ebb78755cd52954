// `npm run bench:projections`: refresh lag of the memory-branches worker under a steady write load
// (p50/p95, commit to incorporated), and rebuild time at 10k and 100k research objects, on the
// embedded database and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on a PostgreSQL server.
// Bulk objects are inserted in batches with their change events (memory-seed.ts), not one write each.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/platform/db/database.js";
import { createNotifier } from "../../src/events/notifier.js";
import { createLogger } from "../../src/logger.js";
import { loadFixtureCatalogue } from "../../src/features/catalogue/domain/fixture-catalogue.js";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { createProject } from "../../src/features/research/commands/create-project.command.js";
import { recordResearch } from "../../src/features/research/commands/record-research.command.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import { seedResearchObjects } from "../seed/memory-seed.js";
import { seededRandom } from "../../src/platform/lib/seeded-random.js";
import { benchRecord } from "./bench-records.js";
import { drainView, startProjectionWorker } from "../../src/projections/worker.js";
import { rebuildView } from "../../src/projections/rebuild.js";
import { readCommandLine } from "../../src/cli/command-line.js";

const USAGE = [
  "usage: npm run bench:projections",
  "  refresh lag under a write load and rebuild time at several sizes; takes no arguments",
  "  settings from the environment: BENCH_WRITE_SECONDS (10), BENCH_WRITE_RATE (20 writes/s), BENCH_SIZES (10000,100000),",
  "  BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server as well), BENCH_EMBEDDED=false (skip the embedded run)",
].join("\n");
readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);
import { createProjectionRegistry } from "../../src/projectors.js";
const registry = createProjectionRegistry();
const { inlineViews } = registry;
import { createMemoryProjector } from "../../src/features/memory/projection/memory-projector.js";

const WRITE_SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 10);
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITE_RATE ?? 20);
const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? null;
// The embedded run at 100k takes a few minutes, mostly seeding (one wasm session); BENCH_EMBEDDED=false skips it.
const RUN_EMBEDDED = process.env.BENCH_EMBEDDED !== "false";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function withServerDatabase<T>(baseUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_projections_${randomBytes(4).toString("hex")}`;
  const admin = new URL(baseUrl);
  admin.pathname = "/postgres";
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

async function setUp(db: Database) {
  const notifier = await createNotifier({
    kind: db.kind,
    pool: db.pool,
    connectionString: db.connectionString,
    logger: createLogger("silent"),
  });
  const problems = loadFixtureCatalogue();
  await importCatalogue({ inlineViews, prisma: db.prisma, problems, afterWrite: maintainProblemDocuments });
  const { operator } = await createOperator({
    prisma: db.prisma,
    name: `bench-${randomBytes(3).toString("hex")}`,
    role: "AGENT",
  });
  const { project } = await createProject({
    prisma: db.prisma,
    notifier,
    inlineViews,
    operator,
    input: { problemRef: problems[0]!.stableId, name: "Bench", idempotencyKey: "bench-project" },
  });
  return { notifier, operator, projectId: project.id };
}

async function refreshLag(db: Database, setup: Awaited<ReturnType<typeof setUp>>): Promise<string> {
  const committed = new Map<bigint, number>();
  const lags: number[] = [];
  const worker = startProjectionWorker({
    pool: db.pool,
    notifier: setup.notifier,
    logger: createLogger("warn"),
    projectors: registry.ofKind("worker"),
    onRefresh: (result) => {
      if (result.status !== "applied") return;
      for (const [sequence, at] of committed)
        if (sequence <= result.highWaterMark) {
          lags.push(Date.now() - at);
          committed.delete(sequence);
        }
    },
  });
  const total = WRITE_SECONDS * WRITES_PER_SECOND;
  const started = Date.now();
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / WRITES_PER_SECOND;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const result = await recordResearch({
      prisma: db.prisma,
      pool: db.pool,
      notifier: setup.notifier,
      inlineViews,
      operator: setup.operator,
      input: {
        projectId: setup.projectId,
        ...benchRecord(seededRandom(index), index),
        idempotencyKey: `load-${index}`,
      },
    });
    if (result.sequence !== null) committed.set(result.sequence, Date.now());
  }
  while (committed.size > 0 && Date.now() - started < (WRITE_SECONDS + 60) * 1000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  await worker.stop();
  const achieved = (total / ((Date.now() - started) / 1000)).toFixed(1);
  return `refresh lag over ${lags.length} writes at ${WRITES_PER_SECOND}/s target (${achieved}/s overall): p50 ${percentile(lags, 50)} ms, p95 ${percentile(lags, 95)} ms`;
}

async function rebuildTimes(label: string, db: Database, projectId: string): Promise<void> {
  let seeded = await db.prisma.researchObject.count();
  for (const size of SIZES) {
    const seedStarted = Date.now();
    await seedResearchObjects(db.prisma, {
      projectId,
      count: size - seeded,
      branches: ["approach/a", "approach/a/b", "approach/c", null],
    });
    seeded = size;
    const catchUpStarted = Date.now();
    const memoryProjector = createMemoryProjector();
    await drainView(db.pool, memoryProjector);
    const catchUpMs = Date.now() - catchUpStarted;
    const report = await rebuildView(db.prisma, memoryProjector);
    const differences = report.diff.reduce((total, table) => total + table.added + table.removed + table.changed, 0);
    console.log(
      `[${label}] ${size} objects: rebuild ${report.durationMs} ms (switched ${report.switched}, ${differences} differences); incremental catch-up ${catchUpMs} ms; seeding ${catchUpStarted - seedStarted} ms`,
    );
  }
}

async function bench(label: string, databaseUrl: string | null): Promise<void> {
  const db = await openDatabase({ databaseUrl, dataDir: null });
  try {
    const setup = await setUp(db);
    console.log(`[${label}] ${await refreshLag(db, setup)}`);
    await rebuildTimes(label, db, setup.projectId);
    await setup.notifier.close();
  } finally {
    await db.close();
  }
}

if (RUN_EMBEDDED) await bench("embedded", null);
if (SERVER_URL) await withServerDatabase(SERVER_URL, (url) => bench("postgres", url));
else console.log("[postgres] skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server");
process.exit(0);
