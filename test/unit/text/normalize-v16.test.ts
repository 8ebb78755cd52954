// Normaliser v16: a fraction read aloud is the number the catalogue writes ("density one half" is density `1/2`).
import { expect, it } from "vitest";
import { foldText, NORMALIZER_VERSION } from "../../../src/modules/text/normalize.js";

it.each([
  ["has natural density one half", "has natural density $\\frac 1 2$"],
  ["a half of the edges", "1/2 of the edges"],
  ["two thirds of the vertices", "$\\frac{2}{3}$ of the vertices"],
  ["three quarters", "3/4"],
])("reads %j as %j", (spoken, written) => {
  expect(foldText(spoken)).toBe(foldText(written));
});

it.each(["a third-order recurrence", "the second half of the sequence", "a half-integer"])("reads no fraction in %j", (text) => {
  expect(foldText(text)).not.toMatch(/\d\/\d/);
});

it("bumps the normaliser version, so stored sparse views built by v15 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBeGreaterThanOrEqual(16);
});
