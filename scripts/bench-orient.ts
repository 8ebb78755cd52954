// `npm run bench:orient [-- --sizes 1000,10000,100000 --runs 40]`: p50/p95 of orient (in process) at
// several history sizes on one target, each in a fresh database, next to a single plain SQL full-text
// query over the same target (the floor), and the ratio. DATABASE_URL: fresh server databases per size.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase, type Database } from "../src/db/database.js";
import { parseEnv } from "../src/env.js";
import { loadFixtureCatalogue } from "../src/modules/catalogue/fixture-catalogue.js";
import { importCatalogue } from "../src/modules/catalogue/import-catalogue.js";
import { maintainProblemDocuments } from "../src/projections/problem-documents.js";
import { seedSynthetic } from "../src/orient/fixtures/synthetic.js";
import { syntheticQuery } from "../src/orient/fixtures/synthetic-text.js";
import { seededRandom as random32 } from "../src/lib/seeded-random.js";
import { runOrient } from "../src/orient/orient.service.js";

const { values } = parseArgs({ options: { sizes: { type: "string" }, runs: { type: "string" }, keep: { type: "boolean" } } });
const sizes = (values.sizes ?? "1000,10000,100000").split(",").map(Number);
const runs = Number(values.runs ?? 40);
const env = parseEnv();

const FLOOR_SQL = `SELECT id FROM research_objects WHERE routing_target_id = $1 AND to_tsvector('english', title || ' ' || body) @@ plainto_tsquery('english', $2) LIMIT 50`;

function quantile(values: number[], share: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

async function freshDatabase(size: number): Promise<{ db: Database; drop(): Promise<void> }> {
  if (!env.databaseUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), `bench-orient-${size}-`));
    const db = await openDatabase({ databaseUrl: null, dataDir: dir });
    return { db, drop: async () => { await db.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `rms_bench_orient_${size}`;
  const admin = new URL(env.databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(env.databaseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    db,
    drop: async () => {
      await db.close();
      if (values.keep) return;
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function timeEach(queries: string[], run: (query: string) => Promise<unknown>): Promise<number[]> {
  for (const query of queries.slice(0, 5)) await run(query);
  const timings: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const started = performance.now();
    await run(queries[index % queries.length]!);
    timings.push(performance.now() - started);
  }
  return timings;
}

const rows: string[] = [];
for (const size of sizes) {
  const { db, drop } = await freshDatabase(size);
  try {
    await importCatalogue({ prisma: db.prisma, problems: loadFixtureCatalogue(), afterWrite: maintainProblemDocuments });
    const seeded = Date.now();
    const { problemId } = await seedSynthetic(db.prisma, { objects: size, seed: 7, onProgress: (stage, done, total) => process.stdout.write(`\r${size}: ${stage} ${done}${total ? `/${total}` : ""}      `) });
    process.stdout.write(`\r${size}: seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s${" ".repeat(30)}\n`);
    await db.pool.query("ANALYZE");
    const random = random32(size);
    const queries = Array.from({ length: 20 }, () => syntheticQuery(random));
    const orient = await timeEach(queries, (text) => runOrient(db.prisma, { mode: "orient", problemRef: "cp:erdos:1", text, intent: "ORIENT", maxChars: 20_000, operatorId: null }));
    const floor = await timeEach(queries, (text) => db.pool.query(FLOOR_SQL, [problemId, text]));
    // The same query with a GIN expression index (bench database only): the strongest plain-SQL floor.
    await db.pool.query(`CREATE INDEX bench_fts ON research_objects USING gin (to_tsvector('english', title || ' ' || body))`);
    await db.pool.query("ANALYZE research_objects");
    const indexed = await timeEach(queries, (text) => db.pool.query(FLOOR_SQL, [problemId, text]));
    const [o50, o95, f50, f95, i95] = [quantile(orient, 0.5), quantile(orient, 0.95), quantile(floor, 0.5), quantile(floor, 0.95), quantile(indexed, 0.95)];
    const cells = [o50, o95, f50, f95, o95 / f95, i95, o95 / i95].map((value, index) => value.toFixed(index === 4 || index === 6 ? 2 : 1).padStart(index === 4 || index === 6 ? 7 : 9));
    rows.push(`${String(size).padStart(7)} |${cells.join(" |")}`);
  } finally {
    await drop();
  }
}
console.log(`\ndatabase: ${env.databaseUrl ? "server" : "embedded"}; ${runs} timed runs per size after 5 warm-ups; floor: ${FLOOR_SQL}`);
console.log(" objects |  orient50 |  orient95 |   floor50 |   floor95 |   ratio | floor95 GIN |   ratio   (ms; ratio = orient p95 / floor p95)");
for (const row of rows) console.log(row);
