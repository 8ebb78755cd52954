// Normaliser v15: notation agents type that the catalogue spells otherwise (`C(n,k)`, an ASCII `~`), a power of two
// in symbols, a Ramsey-type value as a parameter, and the script letter `\ell`, which used to vanish.
import { expect, it } from "vitest";
import { analyzeText, foldText, NORMALIZER_VERSION } from "../../../src/modules/text/normalize.js";
import { parametersStartingWith } from "./tokens-of.js";

it.each([
  ["n = C(a+2,2) + C(b+3,4)", "$n = \\binom{w+2}{2} + \\binom{x+3}{4}$"],
  ["gcd(C(2n,n), 105) = 1", "${2n \\choose n}$ is coprime to $105$"],
])("reads %j with the binomial coefficients of %j", (typed, latex) => {
  expect(parametersStartingWith(typed, "binom_")).toEqual(parametersStartingWith(latex, "binom_"));
  expect(parametersStartingWith(typed, "binom_").length).toBeGreaterThan(0);
});

it("reads `C(2n,n)` as the central binomial coefficient, and a lower-case `c(n, k)` as no binomial", () => {
  expect(analyzeText("C(2n,n)").tokens).toContain("central-binomial");
  expect(foldText("c(n, k) counts the colourings")).not.toContain("binomial");
});

it.each(["n = p + 2^k", "2^{k+1} - 1", "a prime plus a power of two"])("reads a power of two in %j", (text) => {
  expect(analyzeText(text).tokens).toContain("power-of-2");
});

it("reads no power of two in a fixed power or a power of another base", () => {
  expect(analyzeText("2^3 + 3^k = n").tokens).not.toContain("power-of-2");
});

it.each([
  ["Determine R(5,5)", "r_(5,5)"],
  ["$43 \\le R(5, 5) \\le 46$", "r_(5,5)"],
  ["W(3;4)", "w_(3,4)"],
])("reads %j as the value %j", (text, parameter) => {
  expect(analyzeText(text).parameters).toContain(parameter);
});

it("reads `\\ell` as the letter l, as the Unicode `ℓ` is read", () => {
  expect(analyzeText("$2^k \\cdot 3^\\ell \\cdot m + 1$").parameters).toEqual(analyzeText("2^k · 3^ℓ · m + 1").parameters);
  expect(analyzeText("$3^\\ell$").parameters).toContain("3^l");
});

it("reads a spaced ASCII tilde as the asymptotic relation, and a tilde in an address as nothing", () => {
  expect(foldText("f(k) ~ c k")).toBe(foldText("$f(k) \\sim c k$"));
  expect(foldText("see example.org/~user")).not.toContain("sim");
});

it("keeps a word's apostrophe out of a formula: \"it's o(log n)\" has no variable s", () => {
  expect(analyzeText("show it's o(log n)").formulas).toEqual(analyzeText("show o(log n)").formulas);
});

it("bumps the normaliser version, so stored sparse views built by v14 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBeGreaterThanOrEqual(15);
});
