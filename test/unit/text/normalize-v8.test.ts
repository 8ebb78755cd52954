// Normaliser v8: the plain-text abbreviation "eps" is the letter ε, so "(2+eps) log n" meets "(2+ε) log n".
import { expect, it } from "vitest";
import { NORMALIZER_VERSION, tokenize } from "../../../src/modules/text/normalize.js";

it("reads 'eps' as epsilon, as the symbol and the LaTeX command are read", () => {
  expect(tokenize("every prime up to (2+eps) log n")).toContain("epsilon");
  expect(tokenize("every prime up to $(2+\\epsilon)\\log n$")).toContain("epsilon");
  expect(tokenize("every prime up to (2+ε) log n")).toContain("epsilon");
});

it("matches the whole word only", () => {
  expect(tokenize("the steps of the walk")).not.toContain("epsilon");
  expect(tokenize("the epsilometer readings")).not.toContain("epsilon");
});

it("bumps the normaliser version for the changed token stream", () => {
  expect(NORMALIZER_VERSION).toBe(8);
});
