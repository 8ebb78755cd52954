// The Fibonacci regression fixture through GraphQL on both databases: every gold query returns its
// required records, reserves and fallback marking within budget; impressions are stored; recordUse links.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gql } from "../helpers/graphql.js";
import type { LoadedFixture } from "../../tools/eval/orient/load-orient-fixture.js";
import type { OrientFixture } from "../../tools/eval/orient/orient-fixture.types.js";
import { RECORD_USE } from "../helpers/documents/orient.js";
import { checkPlan, loadFixtureInto, orient, type OrientationResult } from "../helpers/orient.js";

describe.each(testDatabaseTargets())("orient on the Fibonacci regression fixture ($name database)", (target) => {
  const running = useTestService(target);
  let fixture: OrientFixture;
  let loaded: LoadedFixture;
  let token: string;
  const keysOf = (result: OrientationResult) => result.packet.items.map((item) => loaded.keysById.get(item.id));

  beforeAll(async () => {
    ({ fixture, loaded, token } = await loadFixtureInto(running.service, "fibonacci-regression"));
  });

  it("answers every gold query with its required records, reserves and budget", async () => {
    for (const query of fixture.queries) {
      const input = {
        problemRef: query.problemRef,
        intent: query.intent ?? "ORIENT",
        ...(query.maxChars ? { maxChars: query.maxChars } : {}),
      };
      const result =
        query.mode === "checkPlan"
          ? await checkPlan(running.service.url, { ...input, plan: query.problem })
          : await orient(running.service.url, { ...input, problem: query.problem });
      expect(result.__typename, query.name).toBe(query.mode === "checkPlan" ? "PlanCheck" : "Orientation");
      const keys = keysOf(result);
      for (const key of query.mustInclude ?? []) expect(keys, `${query.name} includes ${key}`).toContain(key);
      for (const key of query.mustExclude ?? []) expect(keys, `${query.name} excludes ${key}`).not.toContain(key);
      for (const category of query.reserves ?? [])
        expect(
          result.packet.reserves.find((reserve) => reserve.category === category)?.satisfied,
          `${query.name} ${category}`,
        ).toBe(true);
      expect(result.packet.relevanceFallback, query.name).toBe(query.expectFallback ?? false);
      expect(result.packet.serialized.length).toBe(result.packet.chars);
      expect(result.packet.chars).toBeLessThanOrEqual(result.packet.maxChars);
      expect(JSON.parse(result.packet.serialized).problem).toBe("cp:erdos:267");
    }
  });

  it("delivers the envelope outside the budget and every item with id, accession, grade, state and reason", async () => {
    const result = await orient(running.service.url, {
      problemRef: "cp:erdos:267",
      problem: "Liouville approximation with lcm of Fibonacci denominators",
      maxChars: 4_000,
    });
    expect(result.envelope.statement).toContain("Fibonacci");
    expect(result.envelope.acceptanceConditions.length).toBeGreaterThan(0);
    expect(result.envelope.actionability.actionable).toBe(true);
    expect(result.packet.chars).toBeLessThanOrEqual(4_000);
    expect(result.packet.serialized).not.toContain(result.envelope.statement!);
    for (const item of result.packet.items) {
      expect(item.accession).toMatch(/^R\d+$/);
      expect(item.reason.length).toBeGreaterThan(0);
      expect(["CURRENT", "SUPERSEDED"]).toContain(item.state);
    }
    expect(result.lanes.map((lane) => lane.lane)).toEqual([
      "identity",
      "problem-discovery",
      "research-memory",
      "hierarchical-memory",
      "proof-state",
    ]);
  });

  it("keeps the disagreement visible and the superseded constant out of non-audit packets", async () => {
    const result = await orient(running.service.url, {
      problemRef: "267",
      intent: "PROVE",
      problem: "Does the Liouville lcm argument extend to every ratio c > 1?",
    });
    const keys = keysOf(result);
    expect(keys).toEqual(expect.arrayContaining(["c07", "c08"]));
    expect(result.packet.items.find((item) => loaded.keysById.get(item.id) === "c08")!.relations).toEqual([
      { type: "DISAGREES_WITH", to: loaded.objects.get("c07")!.accession },
    ]);
    const audit = await orient(running.service.url, {
      problemRef: "267",
      intent: "SOURCE_AUDIT",
      problem: "constant in Good's identity for 1/F_{2^n}",
    });
    expect(audit.packet.items.find((item) => loaded.keysById.get(item.id) === "c09")?.state).toBe("SUPERSEDED");
  });

  it("finds earlier attempts on the same Lean goal by fingerprint", async () => {
    const query = fixture.queries.find((entry) => entry.name === "proof-state-goal")!;
    const result = await orient(running.service.url, {
      problemRef: "cp:erdos:267",
      intent: "PROVE",
      problem: query.problem,
    });
    const lane = result.lanes.find((entry) => entry.lane === "proof-state")!;
    expect(lane.candidateCount).toBeGreaterThanOrEqual(2);
    expect(lane.abstentionReason).toBeNull();
    expect(result.packet.items.find((item) => loaded.keysById.get(item.id) === "a06")!.reason).toMatch(
      /exact fingerprint/,
    );
  });

  it("stores an impression per call and links used records with recordUse", async () => {
    const prisma = running.service.services.db.prisma;
    const result = await orient(running.service.url, {
      problemRef: "cp:erdos:267",
      intent: "COMPUTE",
      problem: "continued fraction partial quotients PARI/GP",
    });
    const plan = await checkPlan(running.service.url, {
      problemRef: "cp:erdos:267",
      plan: "Bound lcm of Fibonacci denominators for ratio 3/2",
    });
    expect(plan.bearings![0]!.bearing).toBe("FAILED_BEFORE");
    expect(plan.packet.items.map((item) => item.accession)).toContain(plan.bearings![0]!.accession);
    await running.service.services.impressions.flush(); // written behind the response
    const impressions = await prisma.searchImpression.findMany({
      where: { id: { in: [result.impressionId, plan.impressionId] } },
    });
    expect(impressions.map((row) => row.operation).sort()).toEqual(["checkPlan", "orient"]);
    const used = [result.packet.items[0]!.accession, loaded.objects.get("c12")!.accession];
    const response = await gql<{ recordUse: Record<string, unknown> }>(
      running.service.url,
      RECORD_USE,
      { input: { impressionId: result.impressionId, usedRecords: used, outcome: "progress" } },
      token,
    );
    expect(response.data!.recordUse).toMatchObject({
      __typename: "RecordUsePayload",
      impressionId: result.impressionId,
      outcome: "progress",
    });
    const events = await prisma.causalUseEvent.findMany({ where: { impressionId: result.impressionId } });
    expect(events).toHaveLength(1);
    expect(events[0]!.usedRecordIds).toEqual([result.packet.items[0]!.id, loaded.objects.get("c12")!.id]);
  });
});
