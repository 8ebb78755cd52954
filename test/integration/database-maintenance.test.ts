// The database-maintenance keeper on both databases: a prepared statement's generic plan, made while its
// table was empty, is kept however much the table grows until an ANALYZE; the keeper analyses a table
// once it has doubled since the planner last measured it, and then the statement is planned again. Told
// to (the embedded database, which has no autovacuum), it vacuums a table whose updates left dead rows.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_PAGES, DatabaseMaintenance, vacuumedByAutovacuum } from "../../src/platform/db/database-maintenance.js";
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

describe.each(testDatabaseTargets())("database maintenance ($name database)", (target) => {
  let database: TestDatabase;
  let client: pg.PoolClient;
  let keeper: DatabaseMaintenance;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    // One connection for everything: a prepared statement lives in its session, and the embedded pool has one.
    client = await database.db.pool.connect();
    keeper = new DatabaseMaintenance(client, {
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

    expect((await keeper.maintain()).analysed).toContain(QUALIFIED);
    // A quarter of 4,000 rows share each grp: the new plan knows it.
    expect(await estimatedRows(client)).toBeGreaterThan(500);
  });

  it("analyses a table again only once it has doubled since", async () => {
    const { onDisk } = await pages(client);
    expect((await pages(client)).recorded).toBe(onDisk);
    expect((await keeper.maintain()).analysed).not.toContain(QUALIFIED);

    await insertRows(client, 4_001, 5_000); // a quarter more: not yet
    expect((await keeper.maintain()).analysed).not.toContain(QUALIFIED);

    await insertRows(client, 5_001, 8_200); // past twice the recorded size
    expect((await pages(client)).onDisk).toBeGreaterThanOrEqual(2 * onDisk);
    expect((await keeper.maintain()).analysed).toContain(QUALIFIED);
    expect((await pages(client)).recorded).toBe((await pages(client)).onDisk);
  });

  it("takes the most grown table first, one a check when asked to (the embedded database's setting)", async () => {
    const oneAtATime = new DatabaseMaintenance(client, {
      tablesPerCheck: 1,
      onError: (error) => {
        throw error;
      },
    });
    await client.query(`CREATE TABLE ${TABLE}_small (note text NOT NULL)`);
    await client.query(`CREATE TABLE ${TABLE}_large (note text NOT NULL)`);
    await client.query(`INSERT INTO ${TABLE}_small SELECT repeat('x', 60) FROM generate_series(1, 400)`);
    await client.query(`INSERT INTO ${TABLE}_large SELECT repeat('x', 60) FROM generate_series(1, 4000)`);
    expect(await oneAtATime.maintain()).toEqual({
      checkpointed: false,
      vacuumed: [],
      analysed: [`${QUALIFIED}_large`],
    });
    expect(await oneAtATime.maintain()).toEqual({
      checkpointed: false,
      vacuumed: [],
      analysed: [`${QUALIFIED}_small`],
    });
    expect(await oneAtATime.maintain()).toEqual({ checkpointed: false, vacuumed: [], analysed: [] });
  });

  it("vacuums a table whose updates left dead rows out of line only when told to, and then not again", async () => {
    const churned = `${TABLE}_churned`;
    // Autovacuum off, so on the server only the keeper vacuums it; the value is long and random, so it lives in TOAST.
    await client.query(
      `CREATE TABLE ${churned} (id int PRIMARY KEY, value text NOT NULL)
       WITH (autovacuum_enabled = false, toast.autovacuum_enabled = false)`,
    );
    await client.query(`ALTER TABLE ${churned} ALTER COLUMN value SET STORAGE EXTERNAL`);
    const rewrite = () =>
      client.query(
        `UPDATE ${churned} SET value = (SELECT string_agg(md5(random()::text), '') FROM generate_series(1, 200))`,
      );
    await client.query(`INSERT INTO ${churned} SELECT g, '' FROM generate_series(1, 5) AS g`);
    for (let round = 0; round < 40; round += 1) await rewrite();
    const deadInToast = async () => {
      await client.query("SELECT pg_stat_force_next_flush()");
      const { rows } = await client.query<{ dead: string }>(
        `SELECT coalesce(s.n_dead_tup, 0) AS dead FROM pg_class c JOIN pg_stat_all_tables s ON s.relid = c.reltoastrelid
         WHERE c.oid = '${churned}'::regclass`,
      );
      return Number(rows[0]?.dead ?? 0);
    };
    expect(await deadInToast()).toBeGreaterThanOrEqual(50);

    expect((await keeper.maintain()).vacuumed).not.toContain(`public.${churned}`);
    const vacuuming = new DatabaseMaintenance(client, {
      vacuumDeadRows: true,
      onError: (error) => {
        throw error;
      },
    });
    expect((await vacuuming.maintain()).vacuumed).toContain(`public.${churned}`);
    expect(await deadInToast()).toBe(0);
    expect((await vacuuming.maintain()).vacuumed).not.toContain(`public.${churned}`);

    // Dead rows again: within the interval since its vacuum the table waits; past it, it is vacuumed.
    for (let round = 0; round < 40; round += 1) await rewrite();
    expect(await deadInToast()).toBeGreaterThanOrEqual(50);
    expect((await vacuuming.maintain()).vacuumed).not.toContain(`public.${churned}`);
    const noWait = new DatabaseMaintenance(client, {
      vacuumDeadRows: true,
      vacuumIntervalSeconds: 0,
      onError: (error) => {
        throw error;
      },
    });
    expect((await noWait.maintain()).vacuumed).toContain(`public.${churned}`);
  });

  it("leaves vacuuming to the server's autovacuum when it runs, and takes it on the embedded database", async () => {
    const { rows } = await client.query<{ on: boolean }>("SELECT current_setting('autovacuum')::boolean AS on");
    const expected = target.name === "embedded" ? false : rows[0]!.on;
    expect(await vacuumedByAutovacuum(client, database.db.kind)).toBe(expected);
  });

  it("checkpoints once the WAL past the last checkpoint reaches the limit, and only then", async () => {
    const walPastCheckpoint = async () => {
      const { rows } = await client.query<{ bytes: number }>(
        "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), (pg_control_checkpoint()).redo_lsn)::float8 AS bytes",
      );
      return rows[0]!.bytes;
    };
    await insertRows(client, 20_001, 30_000);
    const before = await walPastCheckpoint();
    expect(before).toBeGreaterThan(100_000);
    const options = { onError: (error: Error) => expect(error).toBeUndefined() };

    const notYet = new DatabaseMaintenance(client, { ...options, checkpointAfterWalBytes: before * 100 });
    expect((await notYet.maintain()).checkpointed).toBe(false);
    expect(await walPastCheckpoint()).toBeGreaterThanOrEqual(before);

    const due = new DatabaseMaintenance(client, { ...options, checkpointAfterWalBytes: before / 2 });
    const { rows: asked } = await client.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
    expect(await due.maintain()).toEqual({ checkpointed: true, vacuumed: [], analysed: [] });
    // The new checkpoint's redo point is where the WAL was when it began, so at or past where it was when
    // maintain() was called. (Not the WAL past it: on a server other databases of the cluster write WAL too,
    // and test files run side by side.)
    const { rows: moved } = await client.query<{ bytes: number }>(
      "SELECT pg_wal_lsn_diff((pg_control_checkpoint()).redo_lsn, $1::pg_lsn)::float8 AS bytes",
      [asked[0]!.lsn],
    );
    expect(moved[0]!.bytes).toBeGreaterThanOrEqual(0);
  });
});
