// The second abstention test: a query whose informative evidence many published problems satisfy
// in full names none of them, however rare its words are one by one.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/modules/discovery/build-index.js";
import { discover } from "../../../src/modules/discovery/discover.js";
import type { ScoredDocument } from "../../../src/modules/discovery/scoring.js";
import { coversTooMany } from "../../../src/modules/discovery/specificity.js";
import { buildProblem } from "./discovery-fixtures.js";

function withCoverage(coverages: readonly number[]): ScoredDocument[] {
  return coverages.map((coverage) => ({ coverage }) as ScoredDocument);
}

describe("covers too many", () => {
  it("counts only candidates covering all informative weight, against a floor in small stores", () => {
    expect(coversTooMany(withCoverage(Array(11).fill(1)), 100)).toBe(true);
    expect(coversTooMany(withCoverage(Array(10).fill(1)), 100)).toBe(false);
    expect(coversTooMany(withCoverage(Array(30).fill(0.9)), 100)).toBe(false);
  });

  it("scales with the published catalogue", () => {
    expect(coversTooMany(withCoverage(Array(40).fill(1)), 1000)).toBe(false);
    expect(coversTooMany(withCoverage(Array(60).fill(1)), 1000)).toBe(true);
  });
});

describe("discover abstains on a query many problems satisfy", () => {
  // 300 problems: 17 say "shiny gizmo" (under 6 %, so both words are informative), the rest say other things.
  const filler = Array.from({ length: 283 }, (_unused, position) => buildProblem({ stableId: `cp:filler:${position}`, statement: `A statement about widget${position} and sprocket${position}.` }));
  const shiny = Array.from({ length: 17 }, (_unused, position) => buildProblem({ stableId: `cp:shiny:${position}`, statement: `Is every shiny gizmo of kind ${position} round?` }));
  const index = buildDiscoveryIndex([...filler, ...shiny]);

  it("UNDERSPECIFIED_QUERY when seventeen problems contain all it says", () => {
    expect(discover(index, "a shiny gizmo").abstentionReason).toBe("UNDERSPECIFIED_QUERY");
  });

  it("still answers when the query adds what sets one of them apart", () => {
    expect(discover(index, "a shiny gizmo of kind 7, widget3").abstentionReason).not.toBe("UNDERSPECIFIED_QUERY");
  });
});
