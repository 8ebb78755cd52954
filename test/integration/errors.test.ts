import { describe, expect, it } from "vitest";
import { memoryLogger, testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gql } from "../helpers/graphql.js";

const PAGE = `{ problems(first: 1) { edges { node { stableId } } } }`;

describe.each(testDatabaseTargets())("unexpected errors are masked in production ($name database)", (target) => {
  const log = memoryLogger();
  const running = useTestService(target, { NODE_ENV: "production" }, { logger: log.logger });

  it("answers INTERNAL_SERVER_ERROR with an error id, and logs the cause under that id", async () => {
    const pool = running.service.services.db.pool;
    // A table the resolver needs disappears: the database error must not reach the client.
    await pool.query("ALTER TABLE problems RENAME TO problems_hidden_by_test");
    let response;
    try {
      response = await gql(running.service.url, PAGE);
    } finally {
      await pool.query("ALTER TABLE problems_hidden_by_test RENAME TO problems");
    }
    expect(response.errors).toHaveLength(1);
    const [error] = response.errors!;
    expect(error!.extensions).toEqual({
      code: "INTERNAL_SERVER_ERROR",
      errorId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(error!.message).toBe(`Unexpected error (id ${error!.extensions!.errorId as string})`);
    expect(JSON.stringify(response)).not.toMatch(/does not exist|public\.problems|stack|prisma|\.ts:\d+/i);

    const logged = log.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.errorId === error!.extensions!.errorId);
    expect(logged).toMatchObject({ level: "error", message: "unexpected error" });
    expect(JSON.stringify(logged)).toMatch(/public\.problems. does not exist/);
  });

  it("keeps serving once the cause is gone", async () => {
    const response = await gql<{ problems: { edges: unknown[] } }>(running.service.url, PAGE);
    expect(response.errors).toBeUndefined();
    expect(response.data?.problems.edges).toHaveLength(1);
  });

  it("passes expected client errors through with their own code", async () => {
    const response = await gql(running.service.url, `{ problems(first: 1) { edges { node { noSuchField } } } }`);
    expect(response.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});
