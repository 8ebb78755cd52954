// Bad input to orient, checkPlan and recordUse: typed errors (or the transport's 413 for a body over
// 512 KB), never an internal error.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor } from "../factories/projects.js";
import { CHECK_PLAN, ORIENT, RECORD_USE } from "../helpers/documents/orient.js";
import { orient } from "../helpers/orient.js";
import { gql } from "../helpers/graphql.js";
import { MAX_QUERY_CHARS } from "../../src/features/orient/domain/orient.constants.js";

describe.each(testDatabaseTargets())("bad orient input ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let otherProjectId: string;

  beforeAll(async () => {
    token = (await createOperatorWithToken(running.service.services.db.prisma, "AGENT")).token;
    otherProjectId = (await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:3" })).id;
  });

  const typed: [string, Record<string, unknown>, Record<string, unknown>][] = [
    [
      "unknown ref",
      { problemRef: "cp:erdos:999999", problem: "x y" },
      { __typename: "ResearchNotFoundError", code: "NOT_FOUND" },
    ],
    [
      "free text ref",
      { problemRef: "sets whose subset sums are distinct", problem: "x y" },
      { __typename: "ResearchNotFoundError", code: "FREE_TEXT_REF" },
    ],
    ["empty ref", { problemRef: "  ", problem: "x y" }, { __typename: "ResearchInvalidInputError" }],
    [
      "budget too small",
      { problemRef: "1", problem: "second moment", maxChars: 3_999 },
      { __typename: "ResearchInvalidInputError", code: "BUDGET_OUT_OF_RANGE", field: "maxChars" },
    ],
    [
      "budget too large",
      { problemRef: "1", problem: "second moment", maxChars: 40_001 },
      { __typename: "ResearchInvalidInputError", code: "BUDGET_OUT_OF_RANGE" },
    ],
    [
      "empty query",
      { problemRef: "1", problem: "   " },
      { __typename: "ResearchInvalidInputError", code: "EMPTY_QUERY" },
    ],
    [
      "malformed project id",
      { problemRef: "1", problem: "second moment", projectId: "not-a-project" },
      { __typename: "ResearchInvalidInputError", code: "INVALID_ID" },
    ],
    [
      "unknown project",
      { problemRef: "1", problem: "second moment", projectId: randomUUID() },
      { __typename: "ResearchNotFoundError" },
    ],
  ];

  it.each(typed)("%s is a typed error", async (_label, input, expected) => {
    expect(await orient(running.service.url, input)).toMatchObject(expected);
  });

  it("refuses a project of another problem", async () => {
    expect(
      await orient(running.service.url, { problemRef: "1", problem: "second moment", projectId: otherProjectId }),
    ).toMatchObject({ code: "PROJECT_NOT_ON_PROBLEM" });
  });

  it("rejects an unknown intent at validation with a client error code", async () => {
    const response = await gql(running.service.url, ORIENT, {
      input: { problemRef: "1", problem: "x", intent: "DANCE" },
    });
    expect(response.errors?.[0]?.extensions?.code).not.toBe("INTERNAL_SERVER_ERROR");
    expect(response.errors?.[0]?.message).toMatch(/DANCE/);
  });

  it("answers a query just under the body limit but over the query limit with QUERY_TOO_LONG", async () => {
    const text = "fibonacci ".repeat(40_000).slice(0, 400_000);
    expect(text.length).toBeGreaterThan(MAX_QUERY_CHARS);
    expect(await orient(running.service.url, { problemRef: "1", problem: text })).toMatchObject({
      __typename: "ResearchInvalidInputError",
      code: "QUERY_TOO_LONG",
    });
    const plan = await gql<{ checkPlan: Record<string, unknown> }>(running.service.url, CHECK_PLAN, {
      input: { problemRef: "1", plan: text },
    });
    expect(plan.data!.checkPlan).toMatchObject({ code: "QUERY_TOO_LONG", field: "plan" });
  });

  it("refuses a 1 MB query with HTTP 413 before GraphQL", async () => {
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: ORIENT,
        variables: { input: { problemRef: "1", problem: "x".repeat(1_048_576) } },
      }),
    });
    expect(response.status).toBe(413);
  });

  it("gives recordUse typed errors for bad impressions and records", async () => {
    const valid = await orient(running.service.url, { problemRef: "1", problem: "second moment" });
    const cases: [Record<string, unknown>, string][] = [
      [{ impressionId: "nope", usedRecords: [] }, "INVALID_ID"],
      [{ impressionId: randomUUID(), usedRecords: [] }, "IMPRESSION_NOT_FOUND"],
      [{ impressionId: valid.impressionId, usedRecords: ["R999999"] }, "NOT_FOUND"],
      [{ impressionId: valid.impressionId, usedRecords: ["x".repeat(600)] }, "INVALID_REF"],
    ];
    for (const [input, code] of cases) {
      const response = await gql<{ recordUse: { code?: string } }>(running.service.url, RECORD_USE, { input }, token);
      expect(response.data!.recordUse.code, JSON.stringify(input).slice(0, 80)).toBe(code);
    }
    const anonymous = await gql<{ recordUse: { code?: string } }>(running.service.url, RECORD_USE, {
      input: { impressionId: valid.impressionId, usedRecords: [] },
    });
    expect(anonymous.data!.recordUse.code).toBe("UNAUTHENTICATED");
  });
});
