// Symbol folding: LaTeX commands, Unicode and ASCII spellings of one symbol (lexicon/symbols.yaml) read alike.
import { expect, it } from "vitest";
import { analyzeText, foldText, tokenize } from "../../../src/text/normalize.js";

it("reads 'eps' as epsilon, as the symbol and the LaTeX command are read", () => {
  expect(tokenize("every prime up to (2+eps) log n")).toContain("epsilon");
  expect(tokenize("every prime up to $(2+\\epsilon)\\log n$")).toContain("epsilon");
  expect(tokenize("every prime up to (2+ε) log n")).toContain("epsilon");
});

it("matches the whole word only", () => {
  expect(tokenize("the steps of the walk")).not.toContain("epsilon");
  expect(tokenize("the epsilometer readings")).not.toContain("epsilon");
});

it("reads `\\ell` as the letter l, as the Unicode `ℓ` is read", () => {
  expect(analyzeText("$2^k \\cdot 3^\\ell \\cdot m + 1$").parameters).toEqual(
    analyzeText("2^k · 3^ℓ · m + 1").parameters,
  );
  expect(analyzeText("$3^\\ell$").parameters).toContain("3^l");
});

it("reads a spaced ASCII tilde as the asymptotic relation, and a tilde in an address as nothing", () => {
  expect(foldText("f(k) ~ c k")).toBe(foldText("$f(k) \\sim c k$"));
  expect(foldText("see example.org/~user")).not.toContain("sim");
});
