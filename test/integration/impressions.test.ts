// Search impressions, written behind the response in groups (impressions.ts): every call's row lands with
// what it saw, a burst shares statements, a bad row loses only itself and is reported, and
// discoverProblems stores its impression as orient does.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ImpressionWriter,
  queryDigest,
  type ImpressionInput,
} from "../../src/features/telemetry/domain/impressions.js";
import { openTestDatabase, testDatabaseTargets, useTestService, type TestDatabase } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";
import { countQueries } from "../helpers/query-counter.js";

const impression = (queryText: string, overrides: Partial<ImpressionInput> = {}): ImpressionInput => ({
  operation: "orient",
  operatorId: null,
  queryText,
  intent: "ORIENT",
  outcome: "PACKET",
  candidateIds: ["a", "b"],
  scores: [0.9, 0.4],
  returnedOrder: ["a"],
  selectedBranches: ["branch"],
  laneVersions: { sparse: 3 },
  ...overrides,
});

describe.each(testDatabaseTargets())("search impressions ($name database)", (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(target);
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it("stores every impression of a burst, with what the call saw, in fewer statements than rows", async () => {
    const { pool, prisma } = database.db;
    const writer = new ImpressionWriter(pool);
    const { result: ids, statements } = await countQueries(pool).measure(async () => {
      const written = Array.from({ length: 30 }, (_, index) => writer.write(impression(`burst query ${index}`)));
      await writer.flush();
      return written;
    });
    expect(statements.length).toBeLessThan(30);
    const rows = await prisma.searchImpression.findMany({ where: { id: { in: ids } } });
    expect(rows).toHaveLength(30);
    const first = rows.find((row) => row.id === ids[0])!;
    expect(first).toMatchObject({
      operation: "orient",
      queryDigest: queryDigest("burst query 0"),
      intent: "ORIENT",
      outcome: "PACKET",
      candidateIds: ["a", "b"],
      scores: [0.9, 0.4],
      returnedOrder: ["a"],
      selectedBranches: ["branch"],
      laneVersions: { sparse: 3 },
    });
    expect(Math.abs(first.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    await writer.flush(); // nothing queued: resolves at once
  });

  it("loses only a bad row, reports it, and keeps writing", async () => {
    const { pool, prisma } = database.db;
    const writer = new ImpressionWriter(pool);
    const failures: number[] = [];
    writer.onFailure((_error, lost) => failures.push(lost));
    const good = writer.write(impression("good before"));
    const bad = writer.write(impression("bad", { resolvedTargetId: "not-a-uuid" }));
    const after = writer.write(impression("good after"));
    await writer.flush();
    const later = writer.write(impression("later"));
    await writer.flush();
    const stored = await prisma.searchImpression.findMany({ where: { id: { in: [good, bad, after, later] } } });
    expect(stored.map((row) => row.id).sort()).toEqual([good, after, later].sort());
    expect(failures).toEqual([1]);
  });
});

describe.each(testDatabaseTargets())("discoverProblems impressions ($name database)", (target) => {
  const running = useTestService(target);

  it("stores the query's digest (never its text), the outcome and the candidates", async () => {
    const text = `sum-distinct subsets ${randomUUID()}`;
    const { discoverProblems } = await gqlData<{
      discoverProblems: { impressionId: string; outcome: string; candidates: { problem: { stableId: string } }[] };
    }>(
      running.service.url,
      `query($text: String!) { discoverProblems(text: $text) { ... on ProblemDiscovery { impressionId outcome candidates { problem { stableId } } } } }`,
      { text },
    );
    await running.service.services.impressions.flush();
    const row = await running.service.services.db.prisma.searchImpression.findUnique({
      where: { id: discoverProblems.impressionId },
    });
    expect(row).toMatchObject({
      operation: "discoverProblems",
      queryDigest: queryDigest(text),
      outcome: discoverProblems.outcome,
    });
    expect(JSON.stringify(row)).not.toContain("sum-distinct");
    const problems = await running.service.services.db.prisma.problem.findMany({
      where: { id: { in: row!.candidateIds } },
      select: { id: true, stableId: true },
    });
    const stableIdOf = new Map(problems.map((problem) => [problem.id, problem.stableId]));
    expect(row!.candidateIds.map((id) => stableIdOf.get(id))).toEqual(
      discoverProblems.candidates.map((candidate) => candidate.problem.stableId),
    );
  });
});
