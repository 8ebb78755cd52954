// Normaliser v11: "Lean 4" names the proof assistant, so its version is no number of the problem asked about
// (a how-to "in Lean 4" stated no parameter before, and ranked problems that mention a 4); a binomial coefficient
// is one parameter whatever its notation and letters; two more notations meet their concepts.
import { expect, it } from "vitest";
import { analyzeText } from "../../../src/modules/text/normalize.js";
import { numbersOf, parametersStartingWith } from "./tokens-of.js";


it.each(["how do I state this in Lean 4 with Mathlib?", "a Lean4 formalisation", "ported from lean 3"])("reads no number in %j", (text) => {
  expect(numbersOf(text)).toEqual([]);
  expect(analyzeText(text).tokens).toContain("lean");
});

it("keeps a number after other words and a 4 that only follows the letters", () => {
  expect(numbersOf("every clean 4-cycle")).toContain("4");
  expect(numbersOf("Lean 4 and R(4,4)")).toContain("4");
});

const binomialsOf = (text: string) => parametersStartingWith(text, "binom_");

it("reads a binomial coefficient as one parameter in every notation, whatever its letters", () => {
  const expected = ["binom_(a+2,2)"];
  expect(binomialsOf("$\\binom{w+2}{2}$")).toEqual(expected);
  expect(binomialsOf("${x+2 \\choose 2}$")).toEqual(expected);
  expect(binomialsOf("binomial(y + 2, 2)")).toEqual(expected);
  expect(binomialsOf("$\\binom{n}{k}^2\\binom{n+k}{k}$")).toEqual(["binom_(a,b)", "binom_(a+b,b)"]);
});

it("keeps a binomial of an expression it cannot read out of the parameters", () => {
  expect(binomialsOf("$\\binom{\\lfloor n/2 \\rfloor}{k}$")).toEqual([]);
});

it.each([
  ["(1_A ∗ 1_A)(n) / log n", "representation"],
  ["#{k <= x : d(k) | k} >= x / (2 log x)", "refactorabl"],
  ["every n divisible by tau(n)", "refactorabl"],
  ["the tau numbers", "refactorabl"],
])("reads %j as the concept %j", (text, concept) => {
  expect(analyzeText(text).tokens).toContain(concept);
});

it("reads a power of two as one phrase, in words or digits", () => {
  expect(analyzeText("a sum of a prime and at most k powers of 2").phrases).toContain("power-of-2");
  expect(analyzeText("powers of two").phrases).toContain("power-of-2");
  expect(analyzeText("powers of three").phrases).not.toContain("power-of-2");
});

it.each(["primes p such that p + 2 is prime", "n and n+2 both prime", "pairs (p, p+2) of primes"])("reads %j as twin primes", (text) => {
  expect(analyzeText(text).tokens).toContain("twin-prim");
});

it.each(["2^n + 2 is prime", "a(n+2) is prime"])("reads no twin primes in %j", (text) => {
  expect(analyzeText(text).tokens).not.toContain("twin-prim");
});

it("reads no refactorable number in a divisor count dividing a neighbour", () => {
  expect(analyzeText("d(n) | n+1").tokens).not.toContain("refactorabl");
});
