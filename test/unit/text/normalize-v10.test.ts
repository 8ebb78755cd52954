// Normaliser v10: a decimal exponent is read whole and a value has one spelling in parameters (`N^0.9` and
// `N^{9/10}` meet); "hundred", "thousand", "million", "billion" are numbers; the greatest, biggest or largest prime
// factor or divisor is one phrase.
import { describe, expect, it } from "vitest";
import { analyzeText, tokenKind } from "../../../src/modules/text/normalize.js";
import { canonicalValue } from "../../../src/modules/text/parameters.js";
import { numbersOf } from "./tokens-of.js";

const powersOf = (text: string) => analyzeText(text).parameters.filter((token) => token.includes("^"));
const derivedOf = (text: string) => new Set(analyzeText(text).tokens.filter((token) => tokenKind(token) === "phrase" || ["maximum", "minimum"].includes(token)));

describe("decimal exponents and fractions", () => {
  it("reads a decimal exponent whole, braced or not", () => {
    expect(powersOf("N^0.9")).toEqual(["n^0.9"]);
    expect(powersOf("$N^{0.5753}$")).toEqual(["n^0.5753"]);
    expect(powersOf("n to the power 0.5")).toEqual(["n^0.5"]);
    expect(powersOf("1.5^n")).toEqual(["1.5^n"]);
  });

  it("gives a decimal exponent and the same value as a fraction one parameter", () => {
    for (const [decimal, fraction] of [["N^0.9", "$N^{9/10}$"], ["n^{0.5}", "$\\sqrt{n}$"], ["x^{.75}", "$x^{\\frac{3}{4}}$"], ["n^{1.5}", "n^(3/2)"], ["n^{-0.5}", "n^{-1/2}"]] as const) {
      expect(powersOf(decimal)).toHaveLength(1);
      expect(powersOf(decimal)).toEqual(powersOf(fraction));
    }
    expect(powersOf("N^{0.5 + eps}")).toEqual(powersOf("N^{1/2+eps}"));
    expect(analyzeText("c > 0.5").parameters).toEqual(analyzeText("c > 1/2").parameters);
  });

  it("keeps a fraction without a short decimal, and one not in lowest terms (`n^2/4` is mostly n²/4)", () => {
    expect(powersOf("n^1/3")).toEqual(["n^1/3"]);
    expect(powersOf("$n^{1/3}$")).toEqual(["n^1/3"]);
    expect(powersOf("n^{1/16}")).toEqual(["n^1/16"]);
    expect(powersOf("n^2/4")).toEqual(["n^2/4"]);
    expect(powersOf("n^2/4")).not.toEqual(powersOf("$\\sqrt{n}$"));
  });

  it("writes one canonical value per number", () => {
    expect(["9/10", "0.90", ".9", "1/2", "3/4", "3/2", "1/8", "2.0", "4/1"].map(canonicalValue)).toEqual(["0.9", "0.9", "0.9", "0.5", "0.75", "1.5", "0.125", "2", "4"]);
    expect(["1/3", "1/16", "2/4", "0.5753", "7", "n"].map(canonicalValue)).toEqual(["1/3", "1/16", "2/4", "0.5753", "7", "n"]);
  });
});

describe("number words", () => {
  it("reads the scale words as the digits a number in digits gives", () => {
    expect(numbersOf("1000")).toEqual(["1000"]);
    expect(numbersOf("$p_{1000}$")).toEqual(["1000"]);
    expect(numbersOf("a thousand primes")).toEqual(numbersOf("1000 primes"));
    expect(analyzeText("a thousand primes").tokens).toContain("1000");
    expect(numbersOf("one hundred")).toEqual(["100"]);
    expect(numbersOf("a million")).toEqual(["1000000"]);
    expect(numbersOf("one billion")).toEqual(["1000000000"]);
  });

  it("multiplies a count before a scale word", () => {
    expect(numbersOf("two hundred")).toEqual(["200"]);
    expect(numbersOf("twelve hundred")).toEqual(["1200"]);
    expect(numbersOf("10 thousand")).toEqual(["10000"]);
    expect(numbersOf("one hundred thousand")).toEqual(["100000"]);
    expect(analyzeText("k at least a thousand").parameters).toEqual(["k_ge_1000"]);
  });

  it("leaves 'one' alone, and vague plurals as words", () => {
    expect(numbersOf("one of them")).toEqual([]);
    expect(analyzeText("thousands of primes").tokens).toEqual(["thousand", "prim"]);
  });
});

describe("the largest prime factor", () => {
  it("gives every spelling the same phrase and concept tokens", () => {
    const largest = derivedOf("largest prime factor");
    expect(largest).toEqual(new Set(["largest-prim-factor", "prim-factor", "maximum"]));
    for (const spelling of ["greatest prime factor", "biggest prime factor", "largest prime divisor", "greatest prime divisor", "biggest prime divisor", "the greatest prime factor of n"]) {
      expect(derivedOf(spelling)).toEqual(largest);
    }
    expect(analyzeText("greatest prime factor").phrases).toContain("largest-prim-factor");
  });

  it("leaves other superlatives and the greatest common divisor alone", () => {
    expect(analyzeText("the greatest common divisor").tokens).not.toContain("largest-prim-factor");
    expect(analyzeText("the largest prime").tokens).not.toContain("largest-prim-factor");
    expect(analyzeText("smallest prime factor").tokens).not.toContain("largest-prim-factor");
  });
});

describe("powers of a shifted variable", () => {
  it("are one form whatever the variable, so 'between n^2 and (n+1)^2' meets '(x+1)^{2}'", () => {
    expect(analyzeText("a prime between n^2 and (n+1)^2").tokens).toContain("form_(v+1)^2");
    expect(analyzeText("$\\left(x+1\\right)^{2}$").tokens).toContain("form_(v+1)^2");
    expect(analyzeText("(m - 3)^3").tokens).toContain("form_(v-3)^3");
  });

  it("leaves out a function's value and an exponent", () => {
    expect(analyzeText("f(n+1)^2 > f(n)^2").tokens.filter((token) => token.startsWith("form_("))).toEqual([]);
    expect(analyzeText("$2^{(n+1)^2}$").tokens.filter((token) => token.startsWith("form_("))).toEqual([]);
  });
});
