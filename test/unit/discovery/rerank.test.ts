// The second stage: parameter families, conflicts between a query's parameters and a candidate's,
// and proximity pairs separating near neighbours that share every word.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import { parameterConflicts, parameterFamily } from "../../../src/features/discovery/domain/rerank-features.js";
import { buildProblem, SMALL_CATALOGUE } from "./discovery-fixtures.js";

describe("parameter agreement", () => {
  it("families keep the variable and relation, drop a numeric value; symbolic values have none", () => {
    expect(["c_5", "k_ge_4", "n^1/3", "2^n"].map(parameterFamily)).toEqual(["c_", "k_ge_", "n^", null]);
  });

  it("a candidate stating another value of the same parameter conflicts; one silent about it does not", () => {
    expect(parameterConflicts(["c_5", "k_ge_4"], new Set(["c_4", "k_ge_4"]))).toEqual(["c_5"]);
    expect(parameterConflicts(["c_5"], new Set(["n^2"]))).toEqual([]);
  });

  it("a C_6 query ranks the C_6 variant above the C_4 one", () => {
    const variant = buildProblem({
      stableId: "cp:erdos:61",
      number: 61,
      title: "Erdős Problem 61",
      statement:
        "Does every graph on $n$ vertices with more than $ex(n;C_6)$ edges contain $\\gg n^{1/2}$ copies of $C_6$?",
      tags: ["graph theory"],
    });
    const result = discover(
      buildDiscoveryIndex([...SMALL_CATALOGUE, variant]),
      "graphs with more than ex(n; C_6) edges contain many copies of C_6",
    );
    expect(result.candidates.map((candidate) => candidate.problemId).slice(0, 2)).toEqual([
      "cp:erdos:61",
      "cp:erdos:60",
    ]);
    expect(result.candidates[1]?.reasons.join(" ")).toContain("states other values for: c_6");
  });
});

describe("proximity pairs", () => {
  it("word order and adjacency separate two problems with the same words", () => {
    const pair = [
      buildProblem({
        stableId: "cp:a",
        statement: "Do the vertices of a convex polygon determine distinct distances, at least half of n?",
      }),
      buildProblem({
        stableId: "cp:b",
        statement:
          "Does some vertex of a convex polygon have distinct distances to half of the other vertices determined?",
      }),
    ];
    const result = discover(
      buildDiscoveryIndex([...SMALL_CATALOGUE, ...pair]),
      "a convex polygon determines at least n/2 distinct distances",
    );
    expect(result.candidates[0]?.problemId).toBe("cp:a");
  });
});
