// Normaliser v17: general graph and progression vocabulary meets the words the catalogue writes: "equally spaced" terms are
// an arithmetic progression, a pendant vertex is a leaf (and "leaves" its plural), 2-colourable is bipartite, the stability
// number is the independence number.
import { expect, it } from "vitest";
import { analyzeText, NORMALIZER_VERSION } from "../../../src/modules/text/normalize.js";

it.each([
  "are there k consecutive primes that are equally spaced?",
  "three evenly spaced elements of the set",
])("reads %j as holding an arithmetic progression", (text) => {
  expect(analyzeText(text).tokens).toContain(analyzeText("an arithmetic progression").tokens.find((token) => token.includes("-")));
});

it.each([
  ["the number of pendant vertices", "leaf"],
  ["the leaves of the spanning tree", "leaf"],
  ["a 2-colourable graph", "bipartite"],
  ["two-colorable graphs", "bipartite"],
  ["the stability number of G", "independence number"],
])("gives %j the token the catalogue's %j has", (paraphrase, catalogueWords) => {
  // The last token of a phrase is its phrase token ("independence number" -> independenc-number).
  expect(analyzeText(paraphrase).tokens).toContain(analyzeText(catalogueWords).tokens.at(-1));
});

it("adds no progression to spacing that is not even", () => {
  expect(analyzeText("points spaced at least one apart").tokens.join(" ")).not.toMatch(/progression/);
});

it("bumps the normaliser version, so stored sparse views built by v16 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBeGreaterThanOrEqual(17);
});
