// Normaliser v12: the figurate numbers an agent writes as a formula meet the name a statement uses.
import { expect, it } from "vitest";
import { analyzeText } from "../../../src/modules/text/normalize.js";

it.each([
  ["a sum of at most five numbers of the form n(n+1)(n+2)/6", "tetrahedral-number"],
  ["$\\frac{k(k+1)(k+2)}{6}$", "tetrahedral-number"],
  ["every integer is a sum of at most 5 tetrahedral numbers", "tetrahedral-number"],
  ["triangular pyramidal numbers", "tetrahedral-number"],
  ["x(x+1)/2 for some x", "triangular-number"],
  ["$\\frac{n(n+1)}{2}$", "triangular-number"],
  ["the triangular numbers", "triangular-number"],
])("reads %j as the concept %j", (text, concept) => {
  expect(analyzeText(text).tokens).toContain(concept);
});

it.each([
  ["n(n+1)/24", "triangular-number"],
  ["n(n+1)(n+2)/60", "tetrahedral-number"],
  ["n(n+2)/2", "triangular-number"],
  ["n(n+1)(n+2)/6", "triangular-number"],
])("reads in %j no %j", (text, concept) => {
  expect(analyzeText(text).tokens).not.toContain(concept);
});
