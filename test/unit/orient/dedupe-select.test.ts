// Near-duplicate removal keeps disagreements; zero-overlap records stay out when anything overlaps;
// broad queries get the marked fallback; intent reserves keep a relevant negative trace and artifact.
import { describe, expect, it } from "vitest";
import { removeNearDuplicates } from "../../../src/features/orient/domain/dedupe.js";
import { relevantRecords, selectItems } from "../../../src/features/orient/domain/select.js";
import { buildRecord, scored } from "./builders.js";

const text = "variance heuristic sum distinct sets need maximum of order two to the n subset sums spread";

describe("removeNearDuplicates", () => {
  it("folds near-identical records into the best-ranked one", () => {
    const records = Array.from({ length: 30 }, (_, index) =>
      scored(buildRecord({ title: `Variance note ${index}`, bodyPrefix: text }), 1 - index / 100),
    );
    const { kept, folded } = removeNearDuplicates(records, []);
    expect(kept).toHaveLength(1);
    expect(folded.get(kept[0]!.record.id)).toHaveLength(29);
  });

  it("never folds one side of a DISAGREES_WITH or REFUTES pair", () => {
    const claim = scored(buildRecord({ title: "Conway-Guy sets are sum-distinct", bodyPrefix: text }), 0.9);
    const rebuttal = scored(buildRecord({ title: "Conway-Guy sets are sum-distinct", bodyPrefix: `${text} not` }), 0.8);
    const refuted = scored(buildRecord({ title: "Conway-Guy sets are sum-distinct", bodyPrefix: text }), 0.7);
    const { kept } = removeNearDuplicates(
      [claim, rebuttal, refuted],
      [
        { fromId: rebuttal.record.id, toId: claim.record.id, type: "DISAGREES_WITH" },
        { fromId: refuted.record.id, toId: claim.record.id, type: "REFUTES" },
      ],
    );
    expect(kept.map((candidate) => candidate.record.id)).toEqual([
      claim.record.id,
      rebuttal.record.id,
      refuted.record.id,
    ]);
  });
});

describe("relevantRecords", () => {
  it("keeps zero-overlap records out when anything overlaps", () => {
    const matching = scored(buildRecord(), 1, { coverage: 0.6 });
    const unrelated = scored(buildRecord(), 0, { matchedTerms: [], coverage: 0 });
    const result = relevantRecords([matching, unrelated]);
    expect(result.fallback).toBe(false);
    expect(result.records.map((candidate) => candidate.record.id)).toEqual([matching.record.id]);
  });

  it("marks a relevance fallback when nothing (or only a generic word) matches", () => {
    const none = relevantRecords([scored(buildRecord(), 0, { matchedTerms: [], coverage: 0 })]);
    expect(none.fallback).toBe(true);
    expect(none.records[0]!.reason).toMatch(/relevance fallback/);
    const generic = relevantRecords([scored(buildRecord(), 0.5, { matchedTerms: ["giv"], coverage: 0.05 })]);
    expect(generic.fallback).toBe(true);
  });

  it("treats a goal-fingerprint match as overlap", () => {
    const goal = scored(buildRecord(), 1.2, { matchedTerms: [], coverage: 0, sources: new Set(["proof-exact"]) });
    expect(relevantRecords([goal]).fallback).toBe(false);
  });
});

describe("selectItems", () => {
  it("reserves a relevant negative trace and artifact even when stronger claims crowd in", () => {
    const claims = Array.from({ length: 60 }, (_, index) =>
      scored(buildRecord({ kind: "CLAIM", evidenceGrade: "REPRODUCED" }), 1 - index / 200),
    );
    const trace = scored(buildRecord({ kind: "NEGATIVE_TRACE" }), 0.1);
    const artifact = scored(buildRecord({ kind: "ARTIFACT" }), 0.05);
    const selection = selectItems(claims, ["ARTIFACT", "NEGATIVE_TRACE"], false, [...claims, trace, artifact]);
    expect(selection.reserves).toEqual([
      { category: "ARTIFACT", satisfied: true, recordId: artifact.record.id },
      { category: "NEGATIVE_TRACE", satisfied: true, recordId: trace.record.id },
    ]);
    expect(selection.ranked.slice(0, 2).every((entry) => entry.reserved)).toBe(true);
    expect(
      selection.ranked.filter((entry) => entry.candidate.category === "ESTABLISHED_RESULT").length,
    ).toBeLessThanOrEqual(10);
  });

  it("reports an unsatisfied reserve when no relevant record of the category exists", () => {
    const selection = selectItems([scored(buildRecord(), 1)], ["FORMALIZATION", "NEGATIVE_TRACE"], false);
    expect(selection.reserves.every((reserve) => !reserve.satisfied)).toBe(true);
  });
});
