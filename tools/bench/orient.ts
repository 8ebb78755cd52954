// `npm run bench:orient [-- --sizes 1000,10000,100000 --runs 120 --keep --reuse]`: p50/p95 of orient (in
// process) at several history sizes on one target, each in a fresh database, next to a single plain SQL
// full-text query over the same target without and with a GIN index (the two floors), and the ratios.
// The fair floor is the indexed one: the target is orient p95 <= 3x it. DATABASE_URL: server databases
// per size; --keep leaves them, --reuse measures a kept, already seeded one again instead of reseeding.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { readCommandLine } from "../../src/cli/command-line.js";
import { openDatabase, type Database } from "../../src/platform/db/database.js";
import { parseEnv } from "../../src/env.js";
import { loadFixtureCatalogue } from "../../src/features/catalogue/domain/fixture-catalogue.js";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import { seedSynthetic } from "../seed/synthetic.js";
import { syntheticQuery } from "../seed/synthetic-text.js";
import { seededRandom as random32 } from "../../src/platform/lib/seeded-random.js";
import { createOrientService, runOrient } from "../../src/features/orient/queries/orient.service.js";
import { openImpressionWriter } from "../../src/features/telemetry/domain/impressions.js";
import { percentileOf } from "../../src/platform/lib/percentile.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const USAGE = [
  "usage: npm run bench:orient [-- --sizes 1000,10000,100000] [--runs 120] [--keep] [--reuse]",
  "  --sizes N,N,...  history sizes to measure, each in a fresh database (default 1000,10000,100000)",
  "  --runs N         timed orient calls per size (default 120)",
  "  --keep           leave the server databases in place (DATABASE_URL set)",
  "  --reuse          measure a kept, already seeded database again instead of reseeding",
].join("\n");
const { values } = readCommandLine(
  {
    args: process.argv.slice(2),
    options: {
      sizes: { type: "string" },
      runs: { type: "string" },
      keep: { type: "boolean" },
      reuse: { type: "boolean" },
    },
  },
  USAGE,
);
const sizes = (values.sizes ?? "1000,10000,100000").split(",").map(Number);
// p95 of 40 runs was the second-slowest call, so one stall swung the ratio by a third between runs; 120
// runs over half as many distinct queries make p95 the sixth-slowest and keep about half the calls
// first-sight (a query's first run in the process), more than the 40-run mix did.
const runs = Number(values.runs ?? 120);
const DISTINCT_QUERIES = Math.max(20, Math.round(runs / 2));
const env = parseEnv();

const FLOOR_SQL = `SELECT id FROM research_objects WHERE routing_target_id = $1 AND to_tsvector('english', title || ' ' || body) @@ plainto_tsquery('english', $2) LIMIT 50`;

async function freshDatabase(size: number): Promise<{ db: Database; reused: boolean; drop(): Promise<void> }> {
  if (!env.databaseUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), `bench-orient-${size}-`));
    const db = await openDatabase({ databaseUrl: null, dataDir: dir });
    return {
      db,
      reused: false,
      drop: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `rms_bench_orient_${size}`;
  const admin = new URL(env.databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const reused =
    Boolean(values.reuse) &&
    (await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 1;
  if (!reused) {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  }
  await client.end();
  const url = new URL(env.databaseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    db,
    reused,
    drop: async () => {
      await db.close();
      if (values.keep || values.reuse) return;
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Timings of `count` calls cycling through `queries` after 5 warm-ups. */
async function timeEach(queries: string[], run: (query: string) => Promise<unknown>, count: number): Promise<number[]> {
  for (const query of queries.slice(0, 5)) await run(query);
  const timings: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await run(queries[index % queries.length]!);
    timings.push(performance.now() - started);
  }
  return timings;
}

/**
 * Orient and the floor on the same query, one after the other (alternating which goes first), so both
 * see the same machine: on a shared machine their ratio is steadier than their absolute times.
 * `firstSight` marks an orient call on a query this process has not oriented before.
 */
async function timePaired(
  queries: string[],
  orient: (query: string) => Promise<unknown>,
  floor: (query: string) => Promise<unknown>,
) {
  const seen = new Set<string>();
  for (const query of queries.slice(0, 5)) {
    await orient(query);
    await floor(query);
    seen.add(query);
  }
  const timings = { all: [] as number[], firstSight: [] as number[], repeat: [] as number[], floor: [] as number[] };
  const time = async (run: (query: string) => Promise<unknown>, query: string) => {
    const started = performance.now();
    await run(query);
    return performance.now() - started;
  };
  for (let index = 0; index < runs; index += 1) {
    const query = queries[index % queries.length]!;
    const floorFirst = index % 2 === 1;
    if (floorFirst) timings.floor.push(await time(floor, query));
    const elapsed = await time(orient, query);
    if (!floorFirst) timings.floor.push(await time(floor, query));
    timings.all.push(elapsed);
    (seen.has(query) ? timings.repeat : timings.firstSight).push(elapsed);
    seen.add(query);
  }
  return timings;
}

/** The unindexed floor scans every record: at 100k one call takes seconds, so it gets fewer runs. */
const SEQ_FLOOR_RUNS = 20;

const results: {
  size: number;
  o50: number;
  o95: number;
  first50: number;
  first95: number;
  firstCount: number;
  repeatCount: number;
  repeat50: number;
  repeat95: number;
  f50: number;
  f95: number;
  i50: number;
  i95: number;
}[] = [];
for (const size of sizes) {
  const { db, reused, drop } = await freshDatabase(size);
  try {
    let problemId: string;
    if (reused) {
      await db.pool.query("DROP INDEX IF EXISTS bench_fts");
      const { rows: seededRows } = await db.pool.query<{ routing_target_id: string }>(
        "SELECT routing_target_id::text FROM research_objects LIMIT 1",
      );
      problemId = seededRows[0]!.routing_target_id;
      process.stdout.write(`${size}: reusing the seeded database\n`);
    } else {
      await importCatalogue({
        inlineViews,
        prisma: db.prisma,
        problems: loadFixtureCatalogue(),
        afterWrite: maintainProblemDocuments,
      });
      const seeded = Date.now();
      ({ problemId } = await seedSynthetic(db, {
        objects: size,
        seed: 7,
        onProgress: (stage, done, total) =>
          process.stdout.write(`\r${size}: ${stage} ${done}${total ? `/${total}` : ""}      `),
      }));
      process.stdout.write(`\r${size}: seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s${" ".repeat(30)}\n`);
    }
    await db.pool.query("ANALYZE");
    const random = random32(size);
    const queries = Array.from({ length: DISTINCT_QUERIES }, () => syntheticQuery(random));
    const floorQuery = (text: string) => db.pool.query(FLOOR_SQL, [problemId, text]);
    const floor = await timeEach(queries, floorQuery, Math.min(runs, SEQ_FLOOR_RUNS));
    // The same query with a GIN expression index (bench database only): the strongest plain-SQL floor,
    // timed in pairs with orient.
    await db.pool.query(
      `CREATE INDEX bench_fts ON research_objects USING gin (to_tsvector('english', title || ' ' || body))`,
    );
    await db.pool.query("ANALYZE research_objects");
    // One orient service per database, as the service keeps one per process and database.
    const impressions = openImpressionWriter(db.pool);
    db.beforeClose(() => impressions.flush()); // orient writes impressions behind its answers
    const orientService = createOrientService(db.pool, impressions);
    const orient = await timePaired(
      queries,
      (text) =>
        runOrient(orientService, {
          mode: "orient",
          problemRef: "cp:erdos:1",
          text,
          intent: "ORIENT",
          maxChars: 20_000,
          operatorId: null,
        }),
      floorQuery,
    );
    const indexed = orient.floor;
    results.push({
      size,
      o50: percentileOf(orient.all, 0.5),
      o95: percentileOf(orient.all, 0.95),
      first50: percentileOf(orient.firstSight, 0.5),
      first95: percentileOf(orient.firstSight, 0.95),
      firstCount: orient.firstSight.length,
      repeatCount: orient.repeat.length,
      repeat50: percentileOf(orient.repeat, 0.5),
      repeat95: percentileOf(orient.repeat, 0.95),
      f50: percentileOf(floor, 0.5),
      f95: percentileOf(floor, 0.95),
      i50: percentileOf(indexed, 0.5),
      i95: percentileOf(indexed, 0.95),
    });
  } finally {
    await drop();
  }
}
const ms = (value: number) => value.toFixed(1).padStart(8);
const ratio = (value: number) => `${value.toFixed(1)}x`.padStart(9);
console.log(
  `\ndatabase: ${env.databaseUrl ? "server" : "embedded"}; ${runs} timed orient runs per size over ${DISTINCT_QUERIES} distinct queries after 5 warm-ups, each paired with the GIN floor on the same query; ${Math.min(runs, SEQ_FLOOR_RUNS)} runs of the unindexed floor`,
);
console.log(`floor query (one plain SQL full-text query over the same target): ${FLOOR_SQL}`);
console.log(
  "  seq floor: without an index (sequential scan); GIN floor: with a GIN tsvector expression index (the fair floor)",
);
console.log(
  " objects | orient p50 | orient p95 | seq floor p50 | seq floor p95 | GIN floor p50 | GIN floor p95 | orient p95 / seq floor p95 | orient p95 / GIN floor p95 (target <= 3x)",
);
for (const row of results) {
  console.log(
    `${String(row.size).padStart(8)} |${ms(row.o50)}   |${ms(row.o95)}   |${ms(row.f50)}      |${ms(row.f95)}      |${ms(row.i50)}      |${ms(row.i95)}      |${ratio(row.o95 / row.f95)}                  |${ratio(row.o95 / row.i95)}`,
  );
}
const [smallest, largest] = [results[0], results.at(-1)];
if (smallest && largest && smallest !== largest) {
  console.log(
    `orient p95 growth ${smallest.size} -> ${largest.size} objects: ${(largest.o95 / smallest.o95).toFixed(2)}x (target < 2x)`,
  );
}
console.log(
  "orient by cache state: first sight = a query's first run in this process (records it reaches may be new to the caches); repeat = seen before",
);
console.log(
  " objects | first-sight calls | first-sight p50 | first-sight p95 | repeat calls | repeat p50 | repeat p95",
);
for (const row of results)
  console.log(
    `${String(row.size).padStart(8)} |${String(row.firstCount).padStart(8)}           |${ms(row.first50)}        |${ms(row.first95)}        |${String(row.repeatCount).padStart(8)}      |${ms(row.repeat50)}   |${ms(row.repeat95)}`,
  );
console.log("(all times ms)");
