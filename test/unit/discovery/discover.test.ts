// discover() over a small catalogue: outcomes, abstention reasons, eligibility of unpublished rows,
// typed errors for bad input, and roots folded to powers.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import { DiscoveryIndex } from "../../../src/features/discovery/domain/discovery-index.js";
import { DiscoveryInputError } from "../../../src/features/discovery/domain/discovery.errors.js";
import { MAX_QUERY_CHARACTERS } from "../../../src/features/discovery/domain/discovery.constants.js";
import { DomainError } from "../../../src/platform/errors/domain-error.js";
import { analyzeText } from "../../../src/text/normalize.js";
import { buildProblem, SMALL_CATALOGUE } from "./discovery-fixtures.js";
import { finishesWithin, HANG_GUARD_MS } from "../../helpers/finishes-within.js";

const index = buildDiscoveryIndex(SMALL_CATALOGUE);

function errorCode(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof DiscoveryInputError ? error.code : "UNTYPED";
  }
}

describe("outcomes", () => {
  it("MATCH for a distinguishing paraphrase, with calibrated confidence and reasons", () => {
    const result = discover(index, "Are there infinitely many n with φ(n) = φ(n+1)?");
    expect(result.outcome).toBe("MATCH");
    expect(result.candidates[0]?.problemId).toBe("cp:erdos:1003");
    expect(result.candidates[0]?.confidence).toBeGreaterThan(0.5);
    expect(result.candidates[0]?.reasons.length).toBeGreaterThan(0);
    expect(result.lane).toMatchObject({ lane: "discovery", abstentionReason: null });
  });

  it("parameters are strong signals: C_4 finds the four-cycle problem", () => {
    expect(
      discover(index, "graphs with more than ex(n; C_4) edges have many copies of $C_4$").candidates[0]?.problemId,
    ).toBe("cp:erdos:60");
  });

  it("AMBIGUOUS with ranked candidates when two problems fit equally", () => {
    // The notation both statements share; in this six-problem store every word but "Sidon" is common.
    const result = discover(index, "How fast can |A ∩ [1,N]| grow for an infinite Sidon set A?");
    expect(result.outcome).toBe("AMBIGUOUS");
    expect(result.candidates.map((candidate) => candidate.problemId).sort()).toEqual(["cp:erdos:39", "cp:erdos:40"]);
  });

  it("UNDERSPECIFIED_QUERY for generic prose and for pure LaTeX noise", () => {
    for (const text of ["prove something about numbers", "an open problem", "\\left( \\right) $$ \\frac{}{} \\\\"]) {
      const result = discover(index, text);
      expect(result.abstentionReason).toBe("UNDERSPECIFIED_QUERY");
      expect(result.candidates).toEqual([]);
    }
  });

  it("WEAK_MATCH when the best candidate shares one coincidental term", () => {
    const result = discover(index, "totient of a lattice polytope in hyperbolic space");
    expect(result).toMatchObject({ outcome: "ABSTAINED", abstentionReason: "WEAK_MATCH" });
  });
});

describe("store states", () => {
  it("EMPTY_STORE on an empty index, INDEX_UNAVAILABLE without one", () => {
    expect(discover(new DiscoveryIndex(), "sunflower conjecture").abstentionReason).toBe("EMPTY_STORE");
    expect(discover(null, "sunflower conjecture").lane.abstentionReason).toBe("INDEX_UNAVAILABLE");
  });

  it("an unpublished row appears only as a duplicate warning; alone it gives FILTERED", () => {
    const result = discover(index, "infinitely many amicable pairs of opposite parity");
    expect(result).toMatchObject({ outcome: "ABSTAINED", abstentionReason: "FILTERED" });
    expect(result.candidates.map((candidate) => candidate.problemId)).not.toContain("cp:erdos:9000");
    expect(result.duplicateWarnings[0]?.problemId).toBe("cp:erdos:9000");
  });

  it("a challenge-period problem is actionable: a candidate like a published one, not a duplicate warning", () => {
    const challenged = buildProblem({
      stableId: "cp:submitted:1",
      publicationState: "CHALLENGE_PERIOD",
      title: "Odd perfect numbers",
      statement: "Does an odd perfect number exist?",
      tags: ["number theory"],
    });
    const result = discover(buildDiscoveryIndex([...SMALL_CATALOGUE, challenged]), "is there an odd perfect number?");
    expect(result.outcome).toBe("MATCH");
    expect(result.candidates[0]).toMatchObject({ problemId: "cp:submitted:1", publicationState: "CHALLENGE_PERIOD" });
    expect(result.duplicateWarnings).toEqual([]);
  });

  it("unpublished rows never crowd a published problem out", () => {
    const clones = Array.from({ length: 60 }, (_, copy) =>
      buildProblem({
        stableId: `cp:pending:${copy}`,
        publicationState: "PENDING_REVIEW",
        title: "sunflower conjecture",
        aliases: ["sunflower conjecture"],
        statement: "Is every family of n-uniform sets without a k-sunflower smaller than $c_k^n$?",
      }),
    );
    const crowded = buildDiscoveryIndex([...SMALL_CATALOGUE, ...clones]);
    const result = discover(
      crowded,
      "sunflower conjecture: families of n-uniform sets with no k-sunflower have fewer than c_k^n members",
      { limit: 1 },
    );
    expect(result.candidates.map((candidate) => candidate.problemId)).toEqual(["cp:erdos:20"]);
    expect(result.duplicateWarnings).toHaveLength(1);
  });

  it("updating one document is seen by the next query", () => {
    const live = buildDiscoveryIndex(SMALL_CATALOGUE);
    expect(live.remove("cp:erdos:1003")).toBe(true);
    expect(
      discover(live, "φ(n) = φ(n+1) Euler totient").candidates.map((candidate) => candidate.problemId),
    ).not.toContain("cp:erdos:1003");
  });
});

describe("bad input", () => {
  it("empty or control-only text is EMPTY_QUERY", () => {
    expect(errorCode(() => discover(index, ""))).toBe("EMPTY_QUERY");
    expect(errorCode(() => discover(index, "\u0000\u0001 \n"))).toBe("EMPTY_QUERY");
  });

  it("100 KB of text is QUERY_TOO_LONG", () => {
    expect(errorCode(() => discover(index, "sidon ".repeat(20_000)))).toBe("QUERY_TOO_LONG");
  });

  it("input errors are DomainErrors with their stable codes", () => {
    const error = (() => {
      try {
        discover(index, "");
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "EMPTY_QUERY", name: "DiscoveryInputError" });
  });

  it("limit 0 and 10,000 are LIMIT_OUT_OF_RANGE", () => {
    expect(errorCode(() => discover(index, "sunflower", { limit: 0 }))).toBe("LIMIT_OUT_OF_RANGE");
    expect(errorCode(() => discover(index, "sunflower", { limit: 10_000 }))).toBe("LIMIT_OUT_OF_RANGE");
  });

  it.each(["x + ", "2 x + ", "1/a + "])(
    "a query of the most characters allowed, all sums (%j repeated), is answered",
    (unit) => {
      // Each such sum is no equation: a side that could start at every term, or a term that could start with the spaces
      // after a sign, made rejecting one take quadratic or exponential time (30 terms took 16 s before the fix, 8 KB
      // never ended). It takes milliseconds now; the guard only stops a regression from hanging the suite.
      const result = finishesWithin(HANG_GUARD_MS, () =>
        discover(index, unit.repeat(Math.floor(MAX_QUERY_CHARACTERS / unit.length))),
      );
      expect(["MATCH", "AMBIGUOUS", "ABSTAINED"]).toContain(result.outcome);
    },
  );

  it("control characters inside a query are ignored", () => {
    expect(discover(index, "sunflower\u0007 conjecture\u0000").candidates[0]?.problemId).toBe("cp:erdos:20");
  });
});

describe("roots as powers", () => {
  it("a k-th root and the power 1/k meet, and a k-th root is no square root", () => {
    expect(analyzeText("$\\sqrt[n]{p_n}$").parameters).toContain("n^1/n");
    expect(analyzeText("$\\sqrt[n+1]{p_{n+1}}$").tokens).not.toContain("sqrt");
    const roots = buildProblem({
      stableId: "cp:roots",
      statement: "Is $\\sqrt[n+1]{p_{n+1}} < \\sqrt[n]{p_n}$ for every $n$, where $p_n$ is the $n$-th prime?",
    });
    const result = discover(
      buildDiscoveryIndex([...SMALL_CATALOGUE, roots]),
      "is $p_n^{1/n}$ decreasing in $n$ for the primes $p_n$",
    );
    expect(result.candidates[0]?.problemId).toBe("cp:roots");
  });
});

describe("paraphrase vocabulary", () => {
  const vocabulary = buildDiscoveryIndex([
    buildProblem({
      stableId: "cp:test:midpoint",
      statement:
        "Let $f:\\mathbb{R}\\to\\mathbb{R}$ satisfy $2f(x) \\le f(x+h)+f(x+2h)$ for all $x$ and $h>0$. Must $f$ be monotonic?",
    }),
    buildProblem({
      stableId: "cp:test:cauchy",
      statement:
        "Suppose $f$ is additive and measurable. Must $f$ be linear? Take any real $x$ and consider what follows.",
    }),
    buildProblem({
      stableId: "cp:test:divisors",
      statement: "Are there infinitely many $n$ such that $\\tau(n+k) \\ll k$ for all $k \\geq 1$?",
    }),
    buildProblem({
      stableId: "cp:test:sigma",
      statement: "Is $\\sigma(n)/n$ dense in $[1, \\infty)$ as $n$ ranges over the integers?",
    }),
  ]);

  it("finds a statement written with symbols from the words an agent uses for them", () => {
    const result = discover(
      vocabulary,
      "Are there infinitely many n such that the number of divisors of n + k is at most a constant times k for every k?",
    );
    expect(result.candidates[0]?.problemId).toBe("cp:test:divisors");
  });

  it("does not let narrating words ('suppose', 'take', 'consider') vote for a statement that happens to use them", () => {
    const result = discover(
      vocabulary,
      "Suppose a real function obeys 2 f(x) <= f(x+h) + f(x+2h); take h > 0 and consider: is it monotone?",
    );
    expect(result.candidates[0]?.problemId).toBe("cp:test:midpoint");
  });
});
