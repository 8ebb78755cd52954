// Request shapes that ask for something other than one problem, and the statements that must not read as them.
import { describe, expect, it } from "vitest";
import { isRequestForAny } from "../../../src/modules/discovery/request-forms.js";

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
  ])("reads the statement %j as none", (text) => {
    expect(isRequestForAny(text)).toBe(false);
  });
});
