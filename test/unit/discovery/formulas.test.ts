// Formula shingles in ranking: the statement whose formula a query restates, in another notation, beats one that
// shares more of its words; a query that is only a formula reaches a problem sharing no rare word with it; and a formula
// few problems hold is evidence of its own; and a query that is only a formula, with several rare shingles, is specific.
import { describe, expect, it } from "vitest";
import { loadFixtureCatalogue } from "../../../src/features/catalogue/domain/fixture-catalogue.js";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import { buildQueryTerms } from "../../../src/features/discovery/domain/query-terms.js";
import { scoreCandidates } from "../../../src/features/discovery/domain/scoring.js";
import { analyzeText } from "../../../src/text/normalize.js";
import { buildProblem, SMALL_CATALOGUE } from "./discovery-fixtures.js";

const ITERATED = buildProblem({
  stableId: "cp:test:iterated",
  title: "Open question",
  statement: "Is it true that $\\phi(n) > \\phi(n - \\phi(n))$ for almost all $n$?",
});
/** Holds every word of the query below, where the iterated problem lacks "totient", but another formula. */
const SHIFTED = buildProblem({
  stableId: "cp:test:shifted",
  title: "Open question",
  statement: "Is it true that $\\phi(n) > \\phi(n + 1)$ for almost all $n$, $\\phi$ the totient?",
});

describe("formula shingles", () => {
  const index = buildDiscoveryIndex([...SMALL_CATALOGUE, ITERATED, SHIFTED]);

  it("ranks first the statement whose formula a query restates in another notation, over one that shares more of its words", () => {
    const ranked = discover(index, "ϕ(n) > ϕ(n − ϕ(n)) for almost all n, with ϕ the totient").candidates.map(
      (candidate) => candidate.problemId,
    );
    expect(ranked.slice(0, 2)).toEqual(["cp:test:iterated", "cp:test:shifted"]);
  });

  it("brings a problem into the pool by a formula only it holds, though the query shares no rare word with it", () => {
    // Forty problems name alpha, gamma and 2: the query's words and number are common, its formula is not.
    const filler = Array.from({ length: 40 }, (_unused, position) =>
      buildProblem({
        stableId: `cp:filler:${position}`,
        statement: `Do alpha(G) and gamma(G) of a graph differ by 2 for widget${position}?`,
      }),
    );
    const bound = buildProblem({
      stableId: "cp:bound",
      statement: "Is $i(G) \\le \\alpha(G) - \\gamma(G) + 2$ for every connected graph $G$?",
    });
    const store = buildDiscoveryIndex([...filler, bound]);
    const analyzed = analyzeText("i(G) ≤ α(G) − γ(G) + 2");
    const pool = (formulas: readonly string[]) =>
      scoreCandidates(store, buildQueryTerms(store, analyzed.tokens, analyzed.pairs, formulas)).map(
        (scored) => scored.document.entry.problemId,
      );
    expect(pool(analyzed.formulas)).toContain("cp:bound");
    expect(pool([])).not.toContain("cp:bound");
  });

  it("answers a query that is only a formula when several of its shingles are rare, and abstains on one rare shingle", () => {
    // A hundred problems name alpha, gamma and 2: the query has no informative word, only its formula is rare.
    const filler = Array.from({ length: 100 }, (_unused, position) =>
      buildProblem({
        stableId: `cp:filler:${position}`,
        statement: `Do alpha(G) and gamma(G) of a graph differ by 2 for widget${position}?`,
      }),
    );
    const bound = buildProblem({
      stableId: "cp:bound",
      statement: "Is $i(G) \\le \\alpha(G) - \\gamma(G) + 2$ for every connected graph $G$?",
    });
    const store = buildDiscoveryIndex([...filler, bound]);
    const formula = discover(store, "i(G) ≤ α(G) − γ(G) + 2");
    expect(formula.outcome).not.toBe("ABSTAINED");
    expect(formula.candidates[0]?.problemId).toBe("cp:bound");
    const fragment = discover(store, "i(G) ≤ 2");
    expect(fragment.outcome).toBe("ABSTAINED");
    expect(fragment.abstentionReason).toBe("UNDERSPECIFIED_QUERY");
  });

  it("promotes no shingle in the fixture catalogue a fresh start serves, where any shingle is held by a problem or two", () => {
    // The catalogue lacks this problem; one of its thirty-odd entries shares `a(n+…)` shapes with it.
    const result = discover(
      buildDiscoveryIndex(loadFixtureCatalogue()),
      "a(n) = {}_2F_1(n,-n;;-1); is a(n+k) = a(n) mod k?",
    );
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
  });

  it("reads a request for literature that quotes a formula few problems hold as a request for that problem", () => {
    // A hundred problems name sigma, pairs and sums: the request's words are common, its formula is not.
    const filler = Array.from({ length: 100 }, (_unused, position) =>
      buildProblem({
        stableId: `cp:filler:${position}`,
        statement: `Count pairs (a, b) whose sum of divisors sigma(a) is a widget${position}.`,
      }),
    );
    const sums = buildProblem({
      stableId: "cp:test:sums",
      title: "Open question",
      statement: "How many solutions are there to $\\sigma(a) + \\sigma(b) = \\sigma(a + b)$ with $a + b \\le x$?",
    });
    const store = buildDiscoveryIndex([...filler, sums]);
    const quoted = discover(
      store,
      "I need a reference for counting pairs with sigma(a)+sigma(b)=sigma(a+b): is the count linear in x?",
    );
    expect(quoted.candidates[0]?.problemId).toBe("cp:test:sums");
    expect(quoted.decision.rule).not.toBe("REQUEST_FOR_ANY");
    const generic = discover(store, "I need a reference for counting pairs (a, b) by their sum of divisors");
    expect([generic.outcome, generic.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
  });

  it("counts a formula only the candidate shares as evidence, so a query sharing one word with it still gets an answer", () => {
    const sums = buildProblem({
      stableId: "cp:test:sums",
      title: "Open question",
      statement: "How many solutions are there to $\\sigma(a) + \\sigma(b) = \\sigma(a + b)$ with $a + b \\le x$?",
    });
    const result = discover(
      buildDiscoveryIndex([...SMALL_CATALOGUE, sums]),
      "$\\#\\{(a,b): a+b \\le x,\\ \\sigma(a)+\\sigma(b)=\\sigma(a+b)\\} \\sim c x$?",
    );
    expect(result.candidates[0]?.problemId).toBe("cp:test:sums");
    expect(result.outcome).not.toBe("ABSTAINED");
  });

  it("reads a Lean statement's formula, so a text that writes the formula as Lean does reaches a statement worded in prose", () => {
    const lean = (statement: string) => ({
      declName: "Squares.prime_between",
      kind: "theorem",
      statement,
      docstring: null,
      category: null,
      file: null,
      line: null,
      pinnedWorld: "fixture",
      hasAnswerPlaceholder: false,
      proofUsesSorry: true,
    });
    const prose = buildProblem({
      stableId: "cp:squares",
      statement: "Is there always a prime between consecutive squares?",
      formalDeclarations: [lean("theorem prime_between : ∀ n ≥ 1, ∃ p ∈ Set.Ioo (n ^ 2) ((n + 1) ^ 2), Nat.Prime p")],
    });
    const rival = buildProblem({
      stableId: "cp:rival",
      statement: "Is there always a prime between n and 2n for n at least 2?",
    });
    const candidates = (squares: typeof prose) =>
      discover(
        buildDiscoveryIndex([...SMALL_CATALOGUE, squares, rival]),
        "a prime p with n^2 < p < (n+1)^2 for every n",
      ).candidates.map((candidate) => candidate.problemId);
    expect(candidates(prose)).toContain("cp:squares");
    expect(candidates({ ...prose, formalDeclarations: [] })).not.toContain("cp:squares");
  });
});
