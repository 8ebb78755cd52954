// Binomial coefficients: every notation (`\binom`, `\choose`, `C(n,k)`, `binomial(n,k)`, 'n choose k') gives one
// canonical parameter whatever its letters.
import { expect, it } from "vitest";
import { analyzeText, foldText, tokenize } from "../../../src/text/normalize.js";
import { parametersStartingWith } from "./tokens-of.js";

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

it("reads a binomial coefficient said aloud as the coefficient", () => {
  expect(tokenize("|A| choose 2 plus |B| choose 2")).toContain("binom_(a,2)");
  expect(tokenize("2n choose n")).toEqual(
    expect.arrayContaining(tokenize("$\\binom{2n}{n}$").filter((token) => token.startsWith("binom_"))),
  );
  expect(tokenize("two players alternately choose integers").some((token) => token.startsWith("binom_"))).toBe(false);
});
