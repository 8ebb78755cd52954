// orient's statement runner (sql.ts): a prepared statement whose execution failed still runs on the
// next call. The embedded database keeps the failed statement's name while the client forgets it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlOf } from "../../src/features/orient/read/sql.js";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";

describe.each(testDatabaseTargets())("orient statements ($name database)", (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(target);
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it("runs a prepared statement again after its execution failed", async () => {
    const sql = sqlOf(database.db.pool);
    const read = (id: string) => sql<{ id: string }>`SELECT ${id}::uuid::text AS id`;
    await expect(read("not-a-uuid")).rejects.toThrow(/uuid/);
    const id = "8f0c3e5a-1b2c-4d5e-8f90-123456789abc";
    expect(await read(id)).toEqual([{ id }]);
    expect(await read(id)).toEqual([{ id }]);
  });
});
