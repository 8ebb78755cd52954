// Normaliser v13: a fraction is read whole. Its denominator is no side of a bound, and an equation in unit
// fractions keeps its shape once its letters are dropped.
import { expect, it } from "vitest";
import { analyzeText, NORMALIZER_VERSION } from "../../../src/modules/text/normalize.js";
import { parametersStartingWith } from "./tokens-of.js";

it.each([
  ["$\\frac{4}{n}=\\frac{1}{x}+\\frac{1}{y}+\\frac{1}{z}$", "uf_1/v+1/v+1/v_eq_4/v"],
  ["1/x + 1/y + 1/z = 4/n", "uf_1/v+1/v+1/v_eq_4/v"],
  ["no distinct a, b, c with 1/a = 1/b + 1/c", "uf_1/v_eq_1/v+1/v"],
  ["$\\frac{1}{a}=\\frac{1}{b}+\\frac{1}{c}$", "uf_1/v_eq_1/v+1/v"],
])("reads %j as the unit-fraction equation %j", (text, shape) => {
  expect(parametersStartingWith(text, "uf_")).toEqual([shape]);
});

it.each(["a/b = 1/x", "1/2 = 1/3 + 1/6", "f(1/x) = 1/y + 1/z"])("reads no unit-fraction equation in %j", (text) => {
  expect(parametersStartingWith(text, "uf_")).toEqual([]);
});

it("reads no bound from a fraction's denominator or numerator", () => {
  expect(analyzeText("4/n = 1/x + 1/y + 1/z").parameters).not.toContain("n_eq_1");
  expect(analyzeText("2/n < 1").parameters).not.toContain("n_lt_1");
  expect(analyzeText("3 < x/2").parameters).not.toContain("x_gt_3");
  expect(analyzeText("for n = 2 and k >= 4").parameters).toEqual(expect.arrayContaining(["n_eq_2", "k_ge_4"]));
});

it("bumps the normaliser version, so stored sparse views built by v12 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBeGreaterThanOrEqual(13);
});
