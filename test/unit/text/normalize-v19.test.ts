// Normaliser v19: on a letter that names an integer by convention, a strict bound by an integer is the non-strict bound
// one step further, so "for all n > 4" meets "for every n ≥ 5"; a real variable keeps its strict bound. The number of
// solutions to an equation is its number of representations.
import { expect, it } from "vitest";
import { analyzeText, NORMALIZER_VERSION } from "../../../src/modules/text/normalize.js";

const parameters = (text: string) => analyzeText(text).tokens.filter((token) => /_(?:ge|le|gt|lt)_/.test(token));

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

it("reads the number of solutions to an equation as its number of representations", () => {
  const representation = analyzeText("the number of ways to write n").tokens.find((token) => token.startsWith("represent"));
  expect(representation).toBeDefined();
  expect(analyzeText("f(n) counts the number of solutions to n = p + 2^k").tokens).toContain(representation);
});

it("bumps the normaliser version, so stored sparse views built by v18 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBeGreaterThanOrEqual(19);
});
