// Contrasted clauses: an agent separating two neighbours names the one it does not mean. Those words are
// set aside; mathematical negation stays in the query.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { splitContrasts } from "../../../src/features/discovery/domain/contrasts.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import { buildProblem } from "./discovery-fixtures.js";

describe("splitContrasts", () => {
  it("sets aside the clause after 'not the', 'rather than', 'I don't mean', a clause opening with 'Not', 'but not' or 'and not'", () => {
    expect(
      splitContrasts("odd numbers that are a prime plus one power of 2, not the version with two powers").contrasted,
    ).toEqual(["version with two powers"]);
    expect(
      splitContrasts("a subgraph that keeps chromatic number aleph_1 rather than a countable one?").contrasted,
    ).toEqual(["a countable one"]);
    expect(
      splitContrasts("x^a - y^b = 1; I don't mean the Fermat–Catalan equation a^m + b^n = c^k.").contrasted,
    ).toEqual(["the Fermat–Catalan equation a^m + b^n = c^k"]);
    expect(splitContrasts("Is the exceptional set an AP? Not the upper density version.").contrasted).toEqual([
      "upper density version",
    ]);
    expect(
      splitContrasts("least prime ≡ 1 mod n below n^2; I'm not asking how it compares to the least m with n | φ(m)")
        .contrasted,
    ).toEqual(["how it compares to the least m with n | φ(m)"]);
    expect(splitContrasts("sums of two fifth powers in two ways, I don't want the cubes question").contrasted).toEqual([
      "the cubes question",
    ]);
    expect(
      splitContrasts(
        "unit fractions and colourings, but not Croot's theorem on all integers; I want the divisors of one n",
      ).contrasted,
    ).toEqual(["Croot's theorem on all integers"]);
    expect(
      splitContrasts("Not the Beck–Fiala bound, and not Spencer's theorem: I want real vectors of norm at most 1")
        .contrasted,
    ).toEqual(["Beck–Fiala bound", "Spencer's theorem"]);
  });

  it("ends a clause at 'but', at a spaced dash and at its closing bracket, never inside brackets or formulas", () => {
    const harmonic = splitContrasts("harmonic sums: not whether H_n is coprime to lcm(1, n), but sums from 1/a to 1/b");
    expect(harmonic.contrasted).toEqual(["H_n is coprime to lcm(1, n)"]);
    expect(harmonic.affirmed).toContain("but sums from 1/a to 1/b");
    expect(splitContrasts("triple sums distinct (B_3, not Sidon/B_2): must it be thin?").contrasted).toEqual([
      "Sidon/B_2",
    ]);
    expect(splitContrasts("cubes (not the quotient $S(3,n), S(1,n)$ — nor abelian cubes)").contrasted).toEqual([
      "quotient $S(3,n), S(1,n)$",
    ]);
  });

  it("reads a factorial's '!' as mathematics, not as the end of the clause; a sentence's '!' still ends it", () => {
    expect(
      splitContrasts("(6n)! n! / ((3n)! (2n)!^2) — I don't mean the (12n+6)! (6n+9)! / (108 (4n+2)!) ratio.")
        .contrasted,
    ).toEqual(["the (12n+6)! (6n+9)! / (108 (4n+2)!) ratio"]);
    expect(splitContrasts("primes n! + 1, not the n! - 1 ones! They are rarer").contrasted).toEqual(["n! - 1 ones"]);
  });

  it("sets aside a clause once, with the cues inside it: nested or repeated cues are one clause", () => {
    expect(splitContrasts(`a gizmo ${"(not ".repeat(1000)}`).contrasted).toHaveLength(1);
    expect(splitContrasts(`a gizmo, ${"not the sprocket ".repeat(500)}`).contrasted).toHaveLength(1);
  });

  it("keeps mathematical negation: a property, 'not necessarily', 'not of the form'", () => {
    for (const text of [
      "A and B of sizes n and n-3, A not collinear: is there a line through two points of A?",
      "H appears exactly once as a (not necessarily induced) subgraph",
      "odd integers not of the form 2^k + p",
    ])
      expect(splitContrasts(text)).toEqual({ affirmed: text, contrasted: [] });
  });

  it("keeps the agent's own doubt: 'not sure which …', 'not certain of …' set nothing aside", () => {
    for (const text of [
      "a sum of two squares plus two special terms, not sure which terms",
      "an lcm problem — not certain of the rest",
    ]) {
      expect(splitContrasts(text)).toEqual({ affirmed: text, contrasted: [] });
    }
  });
});

describe("discover reads what the query affirms", () => {
  // Two neighbours share a vocabulary; the query names one and contrasts the other in its own words.
  const problems = [
    buildProblem({
      stableId: "cp:pair:1",
      statement: "Does every gizmo lattice with a copper sprocket have a round orbit?",
    }),
    buildProblem({
      stableId: "cp:pair:2",
      statement: "Does every gizmo lattice with a copper flywheel and a brass pulley have a round orbit?",
    }),
    ...Array.from({ length: 100 }, (_unused, position) =>
      buildProblem({ stableId: `cp:filler:${position}`, statement: `Is widget${position} square?` }),
    ),
  ];
  const index = buildDiscoveryIndex(problems);

  it("does not count the contrasted neighbour's words as evidence for it, and reports them", () => {
    const result = discover(
      index,
      "gizmo lattice with a copper sprocket: round orbit? Not the flywheel and brass pulley version.",
    );
    expect(result.candidates[0]?.problemId).toBe("cp:pair:1");
    expect(result.setAside).toEqual(["flywheel and brass pulley version"]);
  });
});
