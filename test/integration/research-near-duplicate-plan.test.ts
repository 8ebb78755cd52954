// The write statement counts the records on a target that share the new record's text shape (the flood
// check). It is prepared once per pooled connection, often while research_objects is still empty, and
// that plan is kept: a plan that probes (routing target, created_at, id) and filters on the shape reads
// every record of the target on every write. The count takes the newest records in accession order, which
// only the (routing target, text shape, accession) index gives, so even a plan made on an empty table uses it.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runResearchWrite } from "../../src/features/research/domain/record-research.statement.js";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";

const SHAPE_INDEX = "research_objects_routing_target_id_text_shape_accession_idx";

/** The statement's text as runResearchWrite sends it (claiming), captured by a runner that runs nothing. */
async function writeStatementText(): Promise<string> {
  let text = "";
  const capture = {
    query: async (config: { text: string }) => {
      text = config.text;
      return { rows: [] };
    },
  };
  const claim = { operatorId: "", operation: "", scope: "", key: "", requestHash: "", curates: false };
  const input = { claim } as unknown as Parameters<typeof runResearchWrite>[1][number];
  await runResearchWrite(capture as unknown as pg.Pool, [input], { names: [] } as never, null, "capture");
  return text;
}

describe.each(testDatabaseTargets())("near-duplicate count's plan ($name database)", (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(target);
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it("probes the shape index in a generic plan made on an empty table", async () => {
    const client = await database.db.pool.connect();
    try {
      const { rows: count } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM research_objects");
      expect(count[0]!.n).toBe(0);
      await client.query("BEGIN");
      await client.query("SET LOCAL plan_cache_mode = force_generic_plan");
      await client.query(`PREPARE near_duplicates(jsonb, text, jsonb, text, int) AS ${await writeStatementText()}`);
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        "EXPLAIN EXECUTE near_duplicates('[]', 'research-memory', '[]', NULL, 8)",
      );
      const probe = rows.map((row) => row["QUERY PLAN"]).find((line) => / on research_objects r\b/.test(line));
      expect(probe).toContain(SHAPE_INDEX);
      await client.query("DEALLOCATE near_duplicates");
    } finally {
      await client.query("ROLLBACK").catch(() => undefined);
      client.release();
    }
  });
});
