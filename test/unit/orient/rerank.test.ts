// Reranking: many weak records never outweigh one exact match, project selection reports its margin,
// evidence grade never changes relevance, and eligibility runs before ranking.
import { describe, expect, it } from "vitest";
import { bm25Scorer, poolStats } from "../../../src/features/orient/domain/bm25.js";
import { applyEligibility } from "../../../src/features/orient/domain/candidates.js";
import { analyseQuery } from "../../../src/features/orient/domain/query.js";
import { repetitionFactor, rerank, selectProject } from "../../../src/features/orient/domain/rerank.js";
import { buildRecord, pooled } from "./builders.js";

const query = analyseQuery("second moment method of Erdős and Moser for sum-distinct sets");

function rank(pool: ReturnType<typeof pooled>[], project: string | null = null) {
  const stats = poolStats(
    pool.map((candidate) => candidate.record),
    query.terms,
    pool.length,
    false,
  );
  return rerank(pool, bm25Scorer(query.terms, query.frequency, stats), project);
}

describe("rerank", () => {
  it("lets one exact match outrank thirty weak records and selects its project with a margin", () => {
    const exact = pooled(
      buildRecord({
        projectId: "main",
        title: "Second moment method of Erdős and Moser",
        bodyPrefix: "Chebyshev on subset sums of sum-distinct sets gives N >= 2^n / sqrt n.",
      }),
    );
    const weak = Array.from({ length: 30 }, (_, index) =>
      pooled(
        buildRecord({
          projectId: "noisy",
          title: `Note ${index}`,
          bodyPrefix: "sum-distinct sets probably need large N.",
        }),
      ),
    );
    const { scored, selection } = rank([...weak, exact]);
    expect(scored[0]!.record.id).toBe(exact.record.id);
    expect(selection.projectId).toBe("main");
    expect(selection.runnerUpId).toBe("noisy");
    expect(selection.margin).toBeGreaterThan(0.2);
    expect(selection.confident).toBe(true);
  });

  it("scores identical text identically whatever the evidence grade; the grade only sets the category", () => {
    const strong = pooled(
      buildRecord({ title: "Second moment bound", bodyPrefix: "Erdős Moser", evidenceGrade: "FORMALLY_VERIFIED" }),
    );
    const weak = pooled(
      buildRecord({ title: "Second moment bound", bodyPrefix: "Erdős Moser", evidenceGrade: "CONJECTURAL" }),
    );
    const { scored } = rank([strong, weak]);
    expect(scored[0]!.score).toBeCloseTo(scored[1]!.score, 10);
    expect(new Set(scored.map((candidate) => candidate.category))).toEqual(
      new Set(["ESTABLISHED_RESULT", "UNVERIFIED_CLAIM"]),
    );
  });

  it("scales down keyword-stuffed (poisoned) records but not ordinary prose", () => {
    const stuffed = buildRecord({
      title: "moment moment moment moment",
      bodyPrefix: "Erdős Moser Erdős Moser Erdős Moser Erdős Moser second second second",
    });
    const prose = buildRecord({
      title: "Second moment bound",
      bodyPrefix: "Chebyshev concentrates subset sums of a sum-distinct set.",
    });
    expect(repetitionFactor(stuffed)).toBeLessThan(0.7);
    expect(repetitionFactor(prose)).toBe(1);
  });

  it("reports no confident project when two projects tie", () => {
    const selection = selectProject([
      { record: { projectId: "a" }, score: 1 },
      { record: { projectId: "b" }, score: 0.95 },
    ]);
    expect(selection.confident).toBe(false);
    expect(selection.margin).toBeCloseTo(0.05, 5);
  });
});

describe("applyEligibility", () => {
  const current = pooled(buildRecord({ projectId: "a" }));
  const superseded = pooled(buildRecord({ projectId: "a", state: "SUPERSEDED" }));
  const other = pooled(buildRecord({ projectId: "b" }));

  it("removes superseded records outside audit views", () => {
    expect(applyEligibility([current, superseded], "PROVE", null, [])).toEqual({
      eligible: [current],
      filtered: [superseded.record.id],
      heldBack: [],
    });
    for (const intent of ["SOURCE_AUDIT", "CORRECTION"] as const)
      expect(applyEligibility([current, superseded], intent, null, []).eligible).toHaveLength(2);
  });

  it("keeps only the requested project", () => {
    expect(applyEligibility([current, other], "ORIENT", "b", []).eligible).toEqual([other]);
  });

  it("holds quarantined records back outside audit views", () => {
    const quarantined = pooled(buildRecord({ projectId: "a", state: "QUARANTINED" }));
    expect(applyEligibility([current, quarantined], "PROVE", null, [])).toEqual({
      eligible: [current],
      filtered: [],
      heldBack: [quarantined.record.id],
    });
    expect(applyEligibility([current, quarantined], "SOURCE_AUDIT", null, []).eligible).toHaveLength(2);
  });

  it("counts only removed records the query reached: a superseded branch member sharing no term is not FILTERED", () => {
    const member = pooled(buildRecord({ projectId: "a", state: "SUPERSEDED", fields: { title: { moment: 1 } } }), {
      sources: new Set(["branch"]),
    });
    expect(applyEligibility([current, member], "ORIENT", null, ["zebra"]).filtered).toEqual([]);
    expect(applyEligibility([current, member], "ORIENT", null, ["moment"]).filtered).toEqual([member.record.id]);
  });
});
