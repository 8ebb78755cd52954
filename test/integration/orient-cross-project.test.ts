// Cross-project fixture through GraphQL: hard negatives on a related problem never cross targets, one
// exact match beats thirty near-identical weak records, and advisories and challenge periods shape
// actionability (PROVE paused, SOURCE_AUDIT available, challenge deadline stated).
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import type { LoadedFixture } from "../../tools/eval/orient/load-orient-fixture.js";
import type { OrientFixture } from "../../tools/eval/orient/orient-fixture.types.js";
import { loadFixtureInto, orient } from "../helpers/orient.js";

describe.each(testDatabaseTargets())("orient across projects ($name database)", (target) => {
  const running = useTestService(target);
  let fixture: OrientFixture;
  let loaded: LoadedFixture;

  beforeAll(async () => {
    ({ fixture, loaded } = await loadFixtureInto(running.service, "cross-project"));
  });

  it("passes every gold query: project selection, isolation, disagreements, supersession, reserves", async () => {
    for (const query of fixture.queries) {
      const result = await orient(running.service.url, {
        problemRef: query.problemRef,
        problem: query.problem,
        intent: query.intent ?? "ORIENT",
        ...(query.maxChars ? { maxChars: query.maxChars } : {}),
        ...(query.project ? { projectId: loaded.projects.get(query.project) } : {}),
      });
      expect(result.__typename, query.name).toBe("Orientation");
      const keys = result.packet.items.map((item) => loaded.keysById.get(item.id));
      for (const key of query.mustInclude ?? []) expect(keys, `${query.name} includes ${key}`).toContain(key);
      for (const key of query.mustExclude ?? []) expect(keys, `${query.name} excludes ${key}`).not.toContain(key);
      for (const category of query.reserves ?? [])
        expect(result.packet.reserves.find((reserve) => reserve.category === category)?.satisfied, query.name).toBe(
          true,
        );
      expect(result.packet.chars).toBeLessThanOrEqual(result.packet.maxChars);
      if (query.expectProject)
        expect(JSON.parse(result.packet.serialized).project).toMatchObject({
          id: loaded.projects.get(query.expectProject),
          confident: true,
        });
    }
  });

  it("folds the thirty near-identical notes into one item with drill-down accessions", async () => {
    const result = await orient(running.service.url, {
      problemRef: "cp:erdos:1",
      projectId: loaded.projects.get("noisy"),
      problem: "variance heuristic notes on sum-distinct sets of order 2^n",
    });
    const notes = result.packet.items.filter((item) => /^w\d\d$/.test(loaded.keysById.get(item.id) ?? ""));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.duplicates.length).toBeGreaterThan(0);
  });

  it("pauses PROVE under a blocking advisory while SOURCE_AUDIT still works", async () => {
    const prisma = running.service.services.db.prisma;
    const problem = await prisma.problem.findUniqueOrThrow({ where: { stableId: "cp:erdos:39" } });
    await prisma.advisory.create({
      data: {
        problemId: problem.id,
        kind: "STATEMENT_INTEGRITY",
        message: "The density exponent differs from the source.",
        blocking: true,
      },
    });
    const prove = await orient(running.service.url, {
      problemRef: "cp:erdos:39",
      intent: "PROVE",
      problem: "Sidon set density second moment",
    });
    expect(prove.envelope.sourceIntegrity.blocking).toBe(true);
    expect(prove.envelope.actionability).toMatchObject({
      actionable: false,
      pausedIntents: ["PROVE", "RESOLVE", "BOUNTY"],
    });
    expect(prove.envelope.actionability.reasons.join(" ")).toContain("density exponent");
    const audit = await orient(running.service.url, {
      problemRef: "cp:erdos:39",
      intent: "SOURCE_AUDIT",
      problem: "Sidon set density second moment",
    });
    expect(audit.envelope.actionability.actionable).toBe(true);
  });

  it("treats a challenge-period problem as actionable and states its deadline", async () => {
    const prisma = running.service.services.db.prisma;
    const deadline = new Date("2027-01-15T00:00:00.000Z");
    await prisma.problem.update({
      where: { stableId: "cp:erdos:3" },
      data: { publicationState: "CHALLENGE_PERIOD", challengeDeadline: deadline },
    });
    const result = await orient(running.service.url, {
      problemRef: "cp:erdos:3",
      intent: "PROVE",
      problem: "arithmetic progressions in sets with divergent reciprocal sum",
    });
    expect(result.envelope.actionability).toMatchObject({
      actionable: true,
      challengeDeadline: deadline.toISOString(),
    });
    expect(result.envelope.workflowInstructions.join(" ")).toContain("2027-01-15");
    const memory = result.lanes.find((lane) => lane.lane === "research-memory")!;
    expect(memory.abstentionReason).toBe("EMPTY_STORE");
  });
});
