// Request shapes that ask for something other than one problem, and the statements that must not read as them.
import { describe, expect, it } from "vitest";
import { isRequestForAny, isRequestWhateverTheNotation } from "../../../src/features/discovery/domain/request-forms.js";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import { buildProblem, SMALL_CATALOGUE } from "./discovery-fixtures.js";

describe("a request for any problem, help, a definition or literature", () => {
  it.each([
    "suggest an open problem involving prime numbers",
    "I need a problem in combinatorial geometry about finite point sets",
    "Is there any conjecture relating the chromatic number and the girth of a graph?",
    "an open question in analytic number theory involving multiplicative functions",
    "What's a good open problem about perfect powers?",
    "Find me an Erdős problem with a cash prize",
    "how do I state a conjecture about arithmetic progressions in Lean 4?",
    "How should I formalise 'for all sufficiently large n'?",
    "what does the notation 1_A * 1_A(n) mean?",
    "what is a Pisot number?",
    "Can you recommend literature on combinatorial discrepancy theory?",
    "references on the distribution of primes in arithmetic progressions",
    "what is known about additive bases and their representation functions?",
    "Turán numbers of bipartite graphs, what's still open?",
    "perfect, amicable and related numbers: what is currently unsolved?",
    "what can be said about the sumset of a set with polynomial growth?",
    "What's the state of the art on lower bounds for diagonal Ramsey numbers?",
    "where do things stand on sum-free subsets of abelian groups",
    "current status of research on covering systems",
    "latest progress on the chromatic number of Kneser-type graphs",
    "In Lean, how should I define the girth of a simple graph?",
    "how to write 'eventually for all n' with Filter.atTop in Lean?",
    "the quickest way to identify an integer sequence from its first terms",
    "which paper first defined the annihilation number of a graph?",
    "how do I prove a bound on the card of a filtered Finset in Mathlib?",
    "how do I fix the statement of my conjecture about sums of squares?",
    "How do I set up a Lean 4 project with Mathlib so I can formalise a conjecture?",
    "Can you check my proof that there are infinitely many primes?",
    "please review our attempted argument for the gizmo bound",
    "Can you help me find out why linarith fails after push_cast in my Lean proof?",
    "What exactly is a primitive set of integers, and why is the sum of 1/(a log a) interesting?",
  ])("reads %j as one", (text) => {
    expect(isRequestForAny(text)).toBe(true);
  });

  it.each([
    "Is there a set of five positive integers such that the product of any two, plus one, is a square?",
    "How can one colour the plane so that no two points at distance one share a colour?",
    "What is the largest subset of {1,...,N} with no three-term progression?",
    "Does the problem of covering the integers by congruences have a solution with distinct moduli?",
    "the Erdős problem on unit distances",
    "what is the least k such that every tournament contains a k-king?",
    "Is it known whether every even number above 2 is a sum of two primes?",
    "What is the best known lower bound for the size of a Sidon set in {1,...,N}?",
    "Does the greedy method give a Sidon set of size N^{1/3} in {1,...,N}?",
    "Verify that every even number above 2 is a sum of two primes",
  ])("reads the statement %j as none", (text) => {
    expect(isRequestForAny(text)).toBe(false);
  });
});

describe("a request for a definition or a computation, or a recollection missing its details", () => {
  it.each([
    "definition of an r-powerful integer",
    "what does it mean for a sequence to be equidistributed modulo 1?",
    "how is the Turán graph built?",
    "how does Weyl's criterion work?",
    "What is the Mahler measure of a polynomial and how do I compute it for x^3 - x - 1?",
    "a congruence for Σ C(n,k)^2 mod p^2 with x^2 + d·y^2, I can't remember d",
    "If A ⊆ ℕ has positive upper density, must it contain some configuration? I don't recall which.",
    "Writing M(n,k) for the lcm of n+1,...,n+k, there's a question comparing M(n,k) with M(m,l) — which one?",
    "a matrix permanent equal to a double factorial squared, something like that",
    "What is a powerful number? Just the definition please.",
    "Python code to compute the partition numbers p(n) up to 10^5",
    "Write me a Python script using networkx that checks an inequality between two graph invariants on all graphs up to 9 vertices.",
    "something about the largest subset of {1,…,N} with no solution to a linear equation",
    "What is the usual technique for proving that Σ 1/(n! + 1) is irrational?",
    "methods to bound |Σ_{n≤N} e(n^2 α)| from above",
    "a Sidon-type problem with N^{1/2} + O(N^{1/4}) — I've forgotten the exact condition",
    "a result on lcm(n+1, …, n+k) versus lcm(m+1, …, m+l), the hypotheses escape me",
    "Lean 4: what's the idiomatic way to write ∑ p ∈ primesBelow n, 1/p so that simp can use it?",
    "Mathlib: how do I show `Irrational (∑' n, 1 / 2 ^ n!)`? Is Liouville's theorem available?",
    "In Mathlib, ∀ᶠ n in atTop or ∃ N, ∀ n ≥ N — which one do the formalisations use?",
    "any open problem about sum-free subsets of Z/pZ would do",
    "some conjecture about primes p with p^2 + 2 prime",
    "any problem phrased with `liminf` of a counting function is affected by the change",
    "a Sun conjecture writing n as x^2 + y^2 plus two special terms, not sure which terms",
    "I half remember an OEIS conjecture about a floor sequence built from the golden ratio",
    "For a connected graph G, is A(G) ≤ B(G) + 1, where A and B are graph invariants?",
    "Is Σ f(n)/3^n irrational, where f is an arithmetic function?",
    "what is the Mathlib name for the sum-of-divisors function σ_1(n)?",
    "tips for formalising hypergraph statements in Lean 4",
    "How do I get `simp` to unfold a local definition in Lean 4? It keeps saying no progress.",
    "failed to synthesize Fintype ↑s — how do I fix this instance error?",
    "Lean says type mismatch on `(n : ℝ) ^ (1/2 : ℝ)` against `Real.sqrt n`",
    "why does nlinarith close the goal in Lean but not positivity?",
  ])("reads %j as one, notation or not", (text) => {
    expect(isRequestWhateverTheNotation(text)).toBe(true);
    expect(isRequestForAny(text)).toBe(true);
  });

  it.each([
    "how do I state a conjecture about arithmetic progressions in Lean 4?",
    "suggest an open problem involving prime numbers",
    "Is every graph with chromatic number aleph_1 infinitely connected? How is this known to fail?",
    "What is the least k for which one can avoid a blue k-term arithmetic progression?",
    "I recall Matolcsi and Vinuesa got roughly 1.2748 for the autoconvolution constant",
    "Let A be a Sidon set. What is a good upper bound for |A ∩ [1, N]| in terms of N?",
    "theorem sunflower (k : ℕ) : ∃ c, ∀ n, f n k < c ^ n -- from the Lean 4 formalisation; which problem is it?",
    "Mathlib states the Erdős–Straus conjecture as ∀ n ≥ 2, ∃ x y z, 4 / n = 1 / x + 1 / y + 1 / z",
    "Is there a conjecture about n^2 + 1 being prime infinitely often?",
    "Is Σ d(n)/2^n irrational, where d(n) is the number of divisors of n?",
    "How do I prove that n^2 + 1 is prime for infinitely many n?",
    "how do I prove in Lean that 4/n = 1/x + 1/y + 1/z has a solution for every n >= 2?",
    "Must the difference sets of two sets of density N^{1/2} share infinitely many values? I vaguely remember Ruzsa's counterexample.",
    "How do I get a bound of n^2 on the number of unit distances? No progress since Spencer–Szemerédi–Trotter.",
    "Two players alternately choose integers in {2, …, n}, keeping the set primitive: does the game last εn moves?",
  ])("does not read %j as one", (text) => {
    expect(isRequestWhateverTheNotation(text)).toBe(false);
  });

  it("abstains on a definition request even when it states notation, keeping the candidates", () => {
    const turan = buildProblem({
      stableId: "cp:erdos:904",
      number: 904,
      title: "Erdős Problem 904",
      statement: "Does every graph with more than $ex(n, K_{r+1})$ edges contain a copy of $K_{r+2}$ minus an edge?",
    });
    const result = discover(
      buildDiscoveryIndex([...SMALL_CATALOGUE, turan]),
      "What is the Turán number ex(n, K_{r+1}) and how is the Turán graph built?",
    );
    expect([result.outcome, result.abstentionReason]).toEqual(["ABSTAINED", "UNDERSPECIFIED_QUERY"]);
    expect(result.candidates[0]?.problemId).toBe("cp:erdos:904");
  });
});
