// Normaliser v11: "Lean 4" names the proof assistant, so its version is no number of the problem asked about
// (a how-to "in Lean 4" stated no parameter before, and ranked problems that mention a 4).
import { expect, it } from "vitest";
import { analyzeText, NORMALIZER_VERSION, tokenKind } from "../../../src/modules/text/normalize.js";

const numbersOf = (text: string) => analyzeText(text).tokens.filter((token) => tokenKind(token) === "number");

it.each(["how do I state this in Lean 4 with Mathlib?", "a Lean4 formalisation", "ported from lean 3"])("reads no number in %j", (text) => {
  expect(numbersOf(text)).toEqual([]);
  expect(analyzeText(text).tokens).toContain("lean");
});

it("keeps a number after other words and a 4 that only follows the letters", () => {
  expect(numbersOf("every clean 4-cycle")).toContain("4");
  expect(numbersOf("Lean 4 and R(4,4)")).toContain("4");
});

it("bumps the normaliser version, so stored sparse views built by v10 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBe(11);
});
