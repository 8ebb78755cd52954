// Normaliser v17: terms "equally spaced" or "evenly spaced" are an arithmetic progression, the phrase the catalogue writes.
import { expect, it } from "vitest";
import { analyzeText, NORMALIZER_VERSION } from "../../../src/modules/text/normalize.js";

it.each([
  "are there k consecutive primes that are equally spaced?",
  "three evenly spaced elements of the set",
])("reads %j as holding an arithmetic progression", (text) => {
  expect(analyzeText(text).tokens).toContain(analyzeText("an arithmetic progression").tokens.find((token) => token.includes("-")));
});

it("adds no progression to spacing that is not even", () => {
  expect(analyzeText("points spaced at least one apart").tokens.join(" ")).not.toMatch(/progression/);
});

it("bumps the normaliser version, so stored sparse views built by v16 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBe(17);
});
