// Normaliser v8: the plain-text abbreviation "eps" is the letter ε, so "(2+eps) log n" meets "(2+ε) log n".
import { expect, it } from "vitest";
import { tokenize } from "../../../src/modules/text/normalize.js";

it("reads 'eps' as epsilon, as the symbol and the LaTeX command are read", () => {
  expect(tokenize("every prime up to (2+eps) log n")).toContain("epsilon");
  expect(tokenize("every prime up to $(2+\\epsilon)\\log n$")).toContain("epsilon");
  expect(tokenize("every prime up to (2+ε) log n")).toContain("epsilon");
});

it("matches the whole word only", () => {
  expect(tokenize("the steps of the walk")).not.toContain("epsilon");
  expect(tokenize("the epsilometer readings")).not.toContain("epsilon");
});

it("reads one function compared at n and n+1 as consecutive integers, as prose says it", () => {
  const prose = "infinitely many pairs of consecutive integers with the same number of divisors";
  const notation = "infinitely many $n$ with $\\tau(n) = \\tau(n+1)$";
  for (const text of [prose, notation, "two consecutive numbers with equal totients"]) expect(tokenize(text)).toContain("consecutiv-integer");
  expect(tokenize("$\\tau(n) = \\tau(m)$ for some m")).not.toContain("consecutiv-integer");
});

it("drops 'vs' and 'versus', connectors between two names", () => {
  expect(tokenize("p vs np")).toEqual(tokenize("P versus NP"));
  expect(tokenize("P versus NP")).not.toContain("versus");
});

it("drops 'like', a hedge of a request ('something like', 'I'd like')", () => {
  expect(tokenize("something like a Turán density question")).not.toContain("lik");
  expect(tokenize("Euler's conjecture on sums of like powers")).toEqual(tokenize("Euler's conjecture on sums of powers"));
});

it("reads squarefull numbers as powerful numbers and a rearrangement as a permutation", () => {
  for (const text of ["a sum of two squarefull numbers", "square-full integers", "the set of powerful numbers"]) expect(tokenize(text)).toContain("powerful-number");
  expect(tokenize("any rearrangement of the natural numbers")).toContain("permutation");
});
