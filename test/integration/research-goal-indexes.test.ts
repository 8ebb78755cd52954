// The goal-fingerprint indexes hold only records that carry a Lean goal (most writes carry none, and a
// NULL entry per write in each index was write cost with no reader). Orient's proof-state probe
// (load-records.ts: `goal_fingerprint = ANY($n) OR goal_shape_fingerprint = ANY($m)`) must still be able
// to use them as a prepared statement's generic plan, where the arrays are unknown parameters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";

const GOAL_INDEXES = ["research_objects_goal_fingerprint_idx", "research_objects_goal_shape_fingerprint_idx"];

describe.each(testDatabaseTargets())("goal fingerprint indexes ($name database)", (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(target);
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it("index only the records that carry a goal", async () => {
    const { rows } = await database.db.pool.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'research_objects' AND indexname = ANY($1)",
      [GOAL_INDEXES],
    );
    expect(rows.map((row) => row.indexname).sort()).toEqual(GOAL_INDEXES);
    for (const row of rows) expect(row.indexdef).toMatch(/WHERE \(goal_(shape_)?fingerprint IS NOT NULL\)/);
  });

  it("serve orient's proof-state probe in a generic plan", async () => {
    const client = await database.db.pool.connect();
    try {
      await client.query("BEGIN");
      // Settings local to this transaction: the table is tiny, so without them a scan would win anyway;
      // the question is whether the planner may use the partial indexes at all for `= ANY($param)`.
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL plan_cache_mode = force_generic_plan");
      // The probe's goal condition alone, so no other index (routing target, recency) can serve it instead.
      await client.query(`PREPARE goal_probe(text[], text[]) AS
        SELECT id FROM research_objects WHERE goal_fingerprint = ANY($1) OR goal_shape_fingerprint = ANY($2)`);
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        "EXPLAIN EXECUTE goal_probe(ARRAY['a'], ARRAY['b'])",
      );
      const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      for (const index of GOAL_INDEXES) expect(plan).toContain(index);
      await client.query("DEALLOCATE goal_probe");
    } finally {
      await client.query("ROLLBACK").catch(() => undefined);
      client.release();
    }
  });
});
