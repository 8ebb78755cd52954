// The real-dev metric code on rows written here (invented texts and ids, not the real set, which is read from
// the shared data path only by `npm run eval -- discovery`).
import { describe, expect, it } from "vitest";
import type { DiscoveryEvalResult } from "../../../tools/eval/discovery/evaluation.js";
import {
  acceptedRank,
  computeRealMetrics,
  parseRealRows,
  realReportLines,
  truncateForTerminal,
  type RealEvalRow,
} from "../../../tools/eval/discovery/real-evaluation.js";

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ number: null, other: null, source: "invented", ...fields });

const FILE = [
  line({ text: "a text about problem one", kind: "erdos", number: "1", accept: ["cp:x:1"] }),
  line({
    text: "a text about problem two, mostly the official wording",
    kind: "erdos",
    number: "2",
    accept: ["cp:x:2"],
    near_copy: true,
  }),
  line({ text: "a problem catalogued twice", kind: "other", accept: ["cp:x:3", "cp:y:3"] }),
  "",
  line({ text: "a problem the catalogue lacks", kind: "other", accept: [] }),
  line({ text: "a remark about density in general", kind: "generic", accept: null }),
  line({ text: "another general remark", kind: "generic", accept: null }),
].join("\n");

function result(rowId: string, outcome: DiscoveryEvalResult["outcome"], rankedIds: string[]): DiscoveryEvalResult {
  return {
    rowId,
    outcome,
    abstentionReason: outcome === "ABSTAINED" ? "WEAK_MATCH" : null,
    rankedIds,
    topConfidence: null,
  };
}

describe("real-dev rows", () => {
  it("are numbered by line, read near_copy as false when absent, and keep [] apart from null", () => {
    const rows = parseRealRows(FILE);
    expect(rows.map((row) => row.id)).toEqual([
      "real-dev-1",
      "real-dev-2",
      "real-dev-3",
      "real-dev-5",
      "real-dev-6",
      "real-dev-7",
    ]);
    expect(rows.map((row) => row.nearCopy)).toEqual([false, true, false, false, false, false]);
    expect(rows[3]?.accept).toEqual([]);
    expect(rows[4]?.accept).toBeNull();
  });

  it("reject a row without text, with an unknown kind or a malformed accept, naming the line", () => {
    expect(() => parseRealRows(line({ text: "", kind: "erdos", accept: [] }))).toThrow(/line 1: no text/);
    expect(() => parseRealRows(`\n${line({ text: "t", kind: "famous", accept: [] })}`)).toThrow(/line 2: kind/);
    expect(() => parseRealRows(line({ text: "t", kind: "erdos", accept: "cp:x:1" }))).toThrow(/line 1: accept/);
  });
});

describe("real-dev metrics", () => {
  const rows: RealEvalRow[] = parseRealRows(FILE);
  const results = [
    result("real-dev-1", "MATCH", ["cp:x:1", "cp:x:9"]), // right MATCH
    result("real-dev-2", "ABSTAINED", ["cp:x:2"]), // first, but abstained: top1 yes, P@1 no
    result("real-dev-3", "AMBIGUOUS", ["cp:x:8", "cp:x:7", "cp:y:3"]), // the second accepted id at rank 3
    result("real-dev-5", "MATCH", ["cp:x:4"]), // not catalogued, yet a MATCH: wrong
    result("real-dev-6", "ABSTAINED", ["cp:x:1"]), // generic, abstained
    result("real-dev-7", "MATCH", ["cp:x:2"]), // generic, MATCH
  ];
  const metrics = computeRealMetrics(rows, results);

  it("read P@1, top1 and R@5 over catalogued rows only, any accepted id counting", () => {
    expect(metrics.all).toMatchObject({ rows: 6, catalogued: 3, precisionAt1: 1 / 3, top1: 2 / 3, recallAt5: 1 });
  });

  it("count a MATCH on an uncatalogued problem as wrong, and generic rows by abstention", () => {
    expect(metrics.all).toMatchObject({ wrongMatches: 1, generic: 2, genericAbstention: 0.5, genericMatches: 1 });
  });

  it("split near copies from own words, and by kind", () => {
    expect(metrics.nearCopy).toMatchObject({ rows: 1, catalogued: 1, precisionAt1: 0, top1: 1 });
    expect(metrics.notNearCopy).toMatchObject({ rows: 5, catalogued: 2, precisionAt1: 0.5 });
    expect(metrics.byKind.erdos).toMatchObject({ rows: 2, catalogued: 2, precisionAt1: 0.5, recallAt5: 1 });
    expect(metrics.byKind.other).toMatchObject({
      rows: 2,
      catalogued: 1,
      precisionAt1: 0,
      recallAt5: 1,
      wrongMatches: 1,
    });
    expect(metrics.byKind.generic).toMatchObject({
      rows: 2,
      catalogued: 0,
      precisionAt1: null,
      genericAbstention: 0.5,
    });
  });

  it("list each miss with the accepted id's rank", () => {
    expect(metrics.misses.map(({ rowId, why, rank }) => [rowId, why, rank])).toEqual([
      ["real-dev-2", "not-first", 1],
      ["real-dev-3", "not-first", 3],
      ["real-dev-5", "wrong-match", null],
      ["real-dev-7", "no-abstention", null],
    ]);
  });

  it("a MATCH on a catalogued row's wrong problem is a wrong MATCH, with its rank", () => {
    const wrong = computeRealMetrics([rows[0]!], [result("real-dev-1", "MATCH", ["cp:x:9", "cp:x:1"])]);
    expect(wrong.all).toMatchObject({ precisionAt1: 0, recallAt5: 1, wrongMatches: 1 });
    expect(wrong.misses).toEqual([expect.objectContaining({ why: "wrong-match", rank: 2 })]);
  });

  it("print the text only in verbose lines, truncated", () => {
    const quiet = realReportLines("real-dev", rows, metrics, false);
    expect(quiet.join("\n")).not.toContain("a text about");
    const verbose = realReportLines("real-dev", rows, metrics, true);
    expect(verbose.some((entry) => entry.includes("MISS real-dev-3") && entry.includes("rank=3"))).toBe(true);
    expect(truncateForTerminal("x".repeat(200))).toHaveLength(80);
    expect(truncateForTerminal("  short\n text ")).toBe("short text");
  });

  it("rank the first accepted id listed", () => {
    expect(acceptedRank(["a", "b", "c"], ["c", "b"])).toBe(2);
    expect(acceptedRank(["a"], [])).toBeNull();
  });
});
