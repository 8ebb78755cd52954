// Normaliser v18: more general vocabulary meets the catalogue's: a vertex of degree one is a leaf, "longest" and "shortest"
// ask for a maximum and a minimum, "permuted" is a permutation, "increasing or decreasing" is monotone.
import { expect, it } from "vitest";
import { analyzeText, NORMALIZER_VERSION } from "../../../src/modules/text/normalize.js";

it.each([
  ["the number of degree-one vertices", "a leaf"],
  ["vertices of degree 1", "a leaf"],
  ["the longest monotone progression", "the largest k"],
  ["the shortest cycle", "the smallest k"],
  ["each part can be permuted", "a permutation"],
  ["an increasing or decreasing progression", "a monotone progression"],
])("gives %j the concept %j has", (paraphrase, catalogueWords) => {
  const concept = analyzeText(catalogueWords).tokens.filter((token) => !["k", "progression"].includes(token)).at(-1);
  expect(analyzeText(paraphrase).tokens).toContain(concept);
});

it("reads no leaf in a polynomial of degree one", () => {
  expect(analyzeText("a polynomial of degree one").tokens).not.toContain(analyzeText("a leaf").tokens[0]);
});

it("bumps the normaliser version, so stored sparse views built by v17 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBeGreaterThanOrEqual(18);
});
