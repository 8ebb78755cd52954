// Parameters: powers read aloud or written as decimals and fractions, bounds (strict ones on integer letters made
// non-strict), Ramsey-type values, and no bound read from a fraction's denominator.
import { describe, expect, it } from "vitest";
import { analyzeText, foldText, tokenize } from "../../../src/text/normalize.js";
import { canonicalValue } from "../../../src/text/parameters.js";

const powersOf = (text: string) => analyzeText(text).parameters.filter((token) => token.includes("^"));
const parameters = (text: string) => analyzeText(text).tokens.filter((token) => /_(?:ge|le|gt|lt)_/.test(token));

describe("powers read aloud", () => {
  it("reads '2 to the x', 'n to the k-th power', 'n squared' and 'n cubed' as powers", () => {
    expect(tokenize("two raised to the x")).toContain("2^x");
    expect(tokenize("n to the k-th power")).toContain("n^k");
    expect(tokenize("n squared")).toContain("n^2");
    expect(tokenize("a constant times n cubed")).toContain("n^3");
  });

  it("needs a variable or number as the base when the word 'power' is absent", () => {
    expect(foldText("it belongs to the a_i")).toBe("it belongs to the a_i");
    expect(tokenize("the squared distance")).not.toContain("the^2");
  });

  it("reads a power after its coefficient as the power, however the product is written", () => {
    for (const text of ["$n-2x^2$", "n - 2*x^2", "n - 2 x^2", "$n - 2\\cdot x^2$"])
      expect(powersOf(text), text).toEqual(["x^2"]);
    expect(powersOf("$10^{11}$ and x10^3")).toEqual(["10^11"]);
  });

  it("reads (log N)^2 and log^2 N as one parameter", () => {
    expect(tokenize("$o((\\log N)^2)$")).toContain("log^2");
    expect(tokenize("$\\log^2 N$")).toContain("log^2");
  });
});

describe("decimal exponents and fractions", () => {
  it("reads a decimal exponent whole, braced or not", () => {
    expect(powersOf("N^0.9")).toEqual(["n^0.9"]);
    expect(powersOf("$N^{0.5753}$")).toEqual(["n^0.5753"]);
    expect(powersOf("n to the power 0.5")).toEqual(["n^0.5"]);
    expect(powersOf("1.5^n")).toEqual(["1.5^n"]);
  });

  it("gives a decimal exponent and the same value as a fraction one parameter", () => {
    for (const [decimal, fraction] of [
      ["N^0.9", "$N^{9/10}$"],
      ["n^{0.5}", "$\\sqrt{n}$"],
      ["x^{.75}", "$x^{\\frac{3}{4}}$"],
      ["n^{1.5}", "n^(3/2)"],
      ["n^{-0.5}", "n^{-1/2}"],
    ] as const) {
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
    expect(["9/10", "0.90", ".9", "1/2", "3/4", "3/2", "1/8", "2.0", "4/1"].map(canonicalValue)).toEqual([
      "0.9",
      "0.9",
      "0.9",
      "0.5",
      "0.75",
      "1.5",
      "0.125",
      "2",
      "4",
    ]);
    expect(["1/3", "1/16", "2/4", "0.5753", "7", "n"].map(canonicalValue)).toEqual([
      "1/3",
      "1/16",
      "2/4",
      "0.5753",
      "7",
      "n",
    ]);
  });
});

it("reads no bound from a fraction's denominator or numerator", () => {
  expect(analyzeText("4/n = 1/x + 1/y + 1/z").parameters).not.toContain("n_eq_1");
  expect(analyzeText("2/n < 1").parameters).not.toContain("n_lt_1");
  expect(analyzeText("3 < x/2").parameters).not.toContain("x_gt_3");
  expect(analyzeText("for n = 2 and k >= 4").parameters).toEqual(expect.arrayContaining(["n_eq_2", "k_ge_4"]));
});

it.each([
  ["Determine R(5,5)", "r_(5,5)"],
  ["$43 \\le R(5, 5) \\le 46$", "r_(5,5)"],
  ["W(3;4)", "w_(3,4)"],
])("reads %j as the value %j", (text, parameter) => {
  expect(analyzeText(text).parameters).toContain(parameter);
});

it.each([
  ["composite for all $n > 4$", "composite for every n ≥ 5"],
  ["for 4 < k", "for k >= 5"],
  ["every k < 3", "every k ≤ 2"],
])("reads %j as %j", (strict, nonStrict) => {
  expect(parameters(strict)).toEqual(parameters(nonStrict));
  expect(parameters(strict)).toHaveLength(1);
});

it("keeps a strict bound on a real variable, by a fraction, or by an integer past exact arithmetic", () => {
  expect(parameters("for x > 1")).toEqual(["x_gt_1"]);
  expect(parameters("for n > 1/2")).toEqual(["n_gt_0.5"]);
  const huge = "9".repeat(400);
  expect(parameters(`for n > ${huge}`)).toEqual([`n_gt_${huge}`]);
});
