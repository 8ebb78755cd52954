// First stage and coverage: a document named only by common words reaches the pool, and a query
// notion spelled two ways is covered by either spelling.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import { buildQueryTerms } from "../../../src/features/discovery/domain/query-terms.js";
import { scoreCandidates } from "../../../src/features/discovery/domain/scoring.js";
import { analyzeText } from "../../../src/text/normalize.js";
import { buildProblem } from "./discovery-fixtures.js";

/** Filler problems, each with its own rare word, so the shared words below are common but not ubiquitous. */
const FILLER = Array.from({ length: 40 }, (_unused, position) =>
  buildProblem({
    stableId: `cp:filler:${position}`,
    statement: `A statement about ${"abcdefghijklmnopqrstuvwxyz"[position % 26]}${"qwxz"[position % 4]}widget${position} objects.`,
  }),
);
/** Four problems each for "even", "sum" and "primes": too common to be informative in a 45-problem store. */
const COMMON = ["even", "sum", "primes"].flatMap((word) =>
  Array.from({ length: 4 }, (_unused, position) =>
    buildProblem({
      stableId: `cp:common:${word}:${position}`,
      statement: `Something ${word} about gizmo${word}${position}.`,
    }),
  ),
);
const TARGET = buildProblem({
  stableId: "cp:target",
  statement: "Can every even integer greater than 2 be written as the sum of two primes?",
});
const BIGGER = buildProblem({ stableId: "cp:bigger", statement: "A bigger doohickey appears." });

describe("first-stage pool", () => {
  const index = buildDiscoveryIndex([...FILLER, ...COMMON, TARGET, BIGGER]);

  it("admits a document that shares three common content words but no informative term, and ranks it first", () => {
    const result = discover(index, "Is each even number bigger than two a sum of two primes?");
    expect(result.candidates[0]?.problemId).toBe("cp:target");
  });

  it("does not admit a document for one shared common word", () => {
    const analyzed = analyzeText("an even doohickey");
    const pool = scoreCandidates(index, buildQueryTerms(index, analyzed.tokens, analyzed.pairs)).map(
      (scored) => scored.document.entry.problemId,
    );
    expect(pool).not.toContain("cp:target");
  });
});

describe("coverage by evidence group", () => {
  const statement = (quantifier: string) => `Let f(n) be ${quantifier} m such that n is a sum of divisors of m.`;
  const minimal = buildProblem({ stableId: "cp:minimal", statement: statement("the minimal") });
  const some = buildProblem({ stableId: "cp:some", statement: statement("some") });
  const least = buildProblem({ stableId: "cp:least", statement: "The least doohickey." });
  // "minimal" in several problems: `minimum` is common, so only the query's "least" is informative.
  const minimalFiller = Array.from({ length: 4 }, (_unused, position) =>
    buildProblem({ stableId: `cp:minimal:${position}`, statement: `A minimal gizmo${position}.` }),
  );
  const index = buildDiscoveryIndex([...FILLER, ...minimalFiller, minimal, some, least]);

  it("a statement saying 'minimal' covers more of a query saying 'least' than one that names no minimum", () => {
    const analyzed = analyzeText("the least m such that n is a sum of divisors of m");
    const scored = scoreCandidates(index, buildQueryTerms(index, analyzed.tokens, analyzed.pairs));
    const coverage = (problemId: string) =>
      scored.find((candidate) => candidate.document.entry.problemId === problemId)?.coverage ?? 0;
    expect(coverage("cp:minimal")).toBeGreaterThan(coverage("cp:some") + 0.1);
  });

  it("a shared common word covers little of a phrase spelled with it", () => {
    const twin = buildProblem({ stableId: "cp:twin", statement: "Are there infinitely many twin primes?" });
    const primes = buildProblem({
      stableId: "cp:primes",
      statement: "Are there infinitely many primes of doohickey shape?",
    });
    const twinIndex = buildDiscoveryIndex([...FILLER, ...COMMON, twin, primes]);
    const analyzed = analyzeText("twin primes of doohickey shape");
    const scored = scoreCandidates(twinIndex, buildQueryTerms(twinIndex, analyzed.tokens, analyzed.pairs));
    const coverage = (problemId: string) =>
      scored.find((candidate) => candidate.document.entry.problemId === problemId)?.coverage ?? 0;
    // The rare "doohickey shape" is fully covered; of the `twin-prime` notion "primes" covers only its own small weight.
    expect(coverage("cp:primes")).toBeGreaterThan(0);
    expect(coverage("cp:primes")).toBeLessThan(0.8);
  });
});
