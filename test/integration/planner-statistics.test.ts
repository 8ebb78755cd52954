// The planner-statistics keeper on both databases: a prepared statement's generic plan, made while its
// table was empty, is kept however much the table grows until an ANALYZE; the keeper analyses a table
// once it has doubled since the planner last measured it, and then the statement is planned again.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_PAGES, PlannerStatistics } from "../../src/platform/db/planner-statistics.js";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";

const TABLE = "planner_probe";
const QUALIFIED = `public.${TABLE}`;

/** The planner's row estimate for the prepared statement `probe`, as its (kept) plan says. */
async function estimatedRows(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(
    "EXPLAIN (FORMAT JSON) EXECUTE probe(1)",
  );
  return rows[0]!["QUERY PLAN"][0].Plan["Plan Rows"];
}

async function pages(client: pg.PoolClient): Promise<{ onDisk: number; recorded: number }> {
  const { rows } = await client.query<{ on_disk: number; recorded: number }>(
    `SELECT (pg_relation_size('${TABLE}') / current_setting('block_size')::int)::int AS on_disk, relpages AS recorded
     FROM pg_class WHERE oid = '${TABLE}'::regclass`,
  );
  return { onDisk: rows[0]!.on_disk, recorded: rows[0]!.recorded };
}

const insertRows = (client: pg.PoolClient, from: number, to: number) =>
  client.query(
    `INSERT INTO ${TABLE} (grp, note) SELECT g % 4, repeat('x', 60) FROM generate_series(${from}, ${to}) AS g`,
  );

describe.each(testDatabaseTargets())("planner statistics ($name database)", (target) => {
  let database: TestDatabase;
  let client: pg.PoolClient;
  let keeper: PlannerStatistics;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    // One connection for everything: a prepared statement lives in its session, and the embedded pool has one.
    client = await database.db.pool.connect();
    keeper = new PlannerStatistics(client, {
      onError: (error) => {
        throw error;
      },
    });
    await client.query(`CREATE TABLE ${TABLE} (id serial PRIMARY KEY, grp int NOT NULL, note text NOT NULL)`);
    await client.query(`CREATE INDEX ${TABLE}_grp ON ${TABLE} (grp)`);
    await client.query("SET plan_cache_mode = force_generic_plan");
    await client.query(`PREPARE probe(int) AS SELECT id FROM ${TABLE} WHERE grp = $1`);
  });

  afterAll(async () => {
    await client?.query("DEALLOCATE ALL").catch(() => undefined);
    await client?.query("RESET plan_cache_mode").catch(() => undefined);
    client?.release();
    await database?.cleanup();
  });

  it("keeps a plan made on an empty table until the grown table is analysed, then plans it again", async () => {
    const onEmpty = await estimatedRows(client);
    await insertRows(client, 1, 4_000);
    expect((await pages(client)).onDisk).toBeGreaterThanOrEqual(2 * MIN_PAGES);
    // The table is forty pages now, and the kept plan still expects what it expected of an empty one.
    expect(await estimatedRows(client)).toBe(onEmpty);

    expect(await keeper.analyseGrownTables()).toContain(QUALIFIED);
    // A quarter of 4,000 rows share each grp: the new plan knows it.
    expect(await estimatedRows(client)).toBeGreaterThan(500);
  });

  it("analyses a table again only once it has doubled since", async () => {
    const { onDisk } = await pages(client);
    expect((await pages(client)).recorded).toBe(onDisk);
    expect(await keeper.analyseGrownTables()).not.toContain(QUALIFIED);

    await insertRows(client, 4_001, 5_000); // a quarter more: not yet
    expect(await keeper.analyseGrownTables()).not.toContain(QUALIFIED);

    await insertRows(client, 5_001, 8_200); // past twice the recorded size
    expect((await pages(client)).onDisk).toBeGreaterThanOrEqual(2 * onDisk);
    expect(await keeper.analyseGrownTables()).toContain(QUALIFIED);
    expect((await pages(client)).recorded).toBe((await pages(client)).onDisk);
  });

  it("takes the most grown table first, one a check when asked to (the embedded database's setting)", async () => {
    const oneAtATime = new PlannerStatistics(client, {
      tablesPerCheck: 1,
      onError: (error) => {
        throw error;
      },
    });
    await client.query(`CREATE TABLE ${TABLE}_small (note text NOT NULL)`);
    await client.query(`CREATE TABLE ${TABLE}_large (note text NOT NULL)`);
    await client.query(`INSERT INTO ${TABLE}_small SELECT repeat('x', 60) FROM generate_series(1, 400)`);
    await client.query(`INSERT INTO ${TABLE}_large SELECT repeat('x', 60) FROM generate_series(1, 4000)`);
    expect(await oneAtATime.analyseGrownTables()).toEqual([`${QUALIFIED}_large`]);
    expect(await oneAtATime.analyseGrownTables()).toEqual([`${QUALIFIED}_small`]);
    expect(await oneAtATime.analyseGrownTables()).toEqual([]);
  });
});
