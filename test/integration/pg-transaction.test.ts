// withPgTransaction and the SQL runners (platform/db/sql.ts), which the projection worker's refreshes run
// on: commit, rollback, the same rows through pg and through Prisma, and a connection lost mid-transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prismaRunner, sql, withPgTransaction } from "../../src/platform/db/sql.js";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";

describe.each(testDatabaseTargets())("withPgTransaction ($name database)", (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    await database.db.pool.query("CREATE TABLE sql_runner_probe (n int PRIMARY KEY, at timestamp(3), big bigint)");
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  const count = async () => (await database.db.pool.query("SELECT count(*)::int AS n FROM sql_runner_probe")).rows[0].n;

  it("commits what the work wrote when it returns, and nothing when it throws", async () => {
    await withPgTransaction(database.db.pool, (tx) =>
      tx.query(sql`INSERT INTO sql_runner_probe (n) VALUES (${1}::int)`),
    );
    await expect(
      withPgTransaction(database.db.pool, async (tx) => {
        await tx.query(sql`INSERT INTO sql_runner_probe (n) VALUES (${2}::int)`);
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(await count()).toBe(1);
    // The rolled-back connection is usable again.
    expect(await withPgTransaction(database.db.pool, (tx) => tx.query(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
  });

  it("reads the same rows through pg and through Prisma when bigints are text and times epoch milliseconds", async () => {
    const at = new Date("2026-03-04T05:06:07.089Z");
    await database.db.pool.query(
      "INSERT INTO sql_runner_probe (n, at, big) VALUES (10, $1::timestamp(3), $2::bigint)",
      [at.toISOString(), "9007199254740993"],
    );
    const statement = sql`SELECT n, (extract(epoch FROM at) * 1000)::float8 AS ms, big::text AS big
      FROM sql_runner_probe WHERE n = ${10}::int`;
    const viaPg = await withPgTransaction(database.db.pool, (tx) => tx.query(statement));
    const viaPrisma = await database.db.prisma.$transaction((tx) => prismaRunner(tx).query(statement));
    expect(viaPg).toEqual([{ n: 10, ms: at.getTime(), big: "9007199254740993" }]);
    expect(viaPrisma).toEqual(viaPg);
  });

  it.runIf(target.name === "server")("with prepared statements, plans each text once per connection", async () => {
    const pool = database.db.pool;
    const read = (n: number) =>
      withPgTransaction(
        pool,
        async (tx) => ({
          rows: await tx.query<{ n: number }>(sql`SELECT ${n}::int AS n`),
          named: await tx.query<{ count: number }>(
            sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE name LIKE ${"sql-%"}::text`,
          ),
        }),
        { prepared: true },
      );
    const first = await read(1);
    const second = await read(2);
    expect([first.rows, second.rows]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    // Two texts (the read and the count), whichever connection the pool handed out each time.
    expect(second.named[0]!.count).toBeGreaterThanOrEqual(1);
  });

  it.runIf(target.name === "server")(
    "rejects when its connection is lost mid-transaction, without an uncaught error, and the pool recovers",
    async () => {
      // Terminating the backend drops the connection while it is checked out: the pool does not listen
      // for errors on checked-out connections, so without the transaction's own listener this would throw.
      await expect(
        withPgTransaction(database.db.pool, (tx) => tx.query(sql`SELECT pg_terminate_backend(pg_backend_pid())`)),
      ).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await withPgTransaction(database.db.pool, (tx) => tx.query(sql`SELECT 2 AS two`))).toEqual([{ two: 2 }]);
    },
  );
});
