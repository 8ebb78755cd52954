// Formula shingles: one formula in any of its spellings leaves the same runs of symbols; prose leaves none, and
// neither does a formula's bare letters and numbers.
import { expect, it } from "vitest";
import { analyzeText, tokenKind } from "../../../src/text/normalize.js";

const shinglesOf = (text: string): string[] => analyzeText(text).formulas;

it.each([
  ["$\\varphi(n) > \\varphi(n - \\varphi(n))$", "ϕ(n)>ϕ(n − ϕ(n))"],
  ["$$2f(x) \\leq f(x+h)+f(x+2h)$$", "2 f(x) at most f(x+h) + f(x+2h)"],
  ["$p_{n+1} - p_n$", "p(n+1) − p(n)"],
  ["$|A+A| \\ge 2|A|-1$", "$\\lvert A+A\\rvert \\geq 2\\lvert A\\rvert - 1$"],
])("reads %j and %j as one formula", (latex, plain) => {
  const shingles = shinglesOf(latex);
  expect(shingles.length).toBeGreaterThan(0);
  expect(shinglesOf(plain)).toEqual(shingles);
});

it("meets a fraction whatever its notation", () => {
  expect(shinglesOf("$\\gg \\frac{n}{\\sqrt{\\log n}}$")).toEqual(shinglesOf("≫ n/sqrt(log n)"));
});

it("keeps formula shingles apart from the word tokens, as their own kind", () => {
  const analyzed = analyzeText("$\\varphi(n) > \\varphi(n - \\varphi(n))$");
  expect(analyzed.formulas).toContain("ƒphi n gt");
  expect(analyzed.tokens.some((token) => token.startsWith("ƒ"))).toBe(false);
  expect(analyzed.formulas.every((shingle) => tokenKind(shingle) === "formula")).toBe(true);
});

it.each([
  "Is every sufficiently large even number a sum of two primes?",
  "for a prime p and a set A of size n",
  "the sequence 1, 2, 3, 5, 8",
])("reads no formula in %j", (text) => {
  expect(shinglesOf(text)).toEqual([]);
});

it("keeps a word's apostrophe out of a formula: \"it's o(log n)\" has no variable s", () => {
  expect(analyzeText("show it's o(log n)").formulas).toEqual(analyzeText("show o(log n)").formulas);
});
