// Definitional phrases: a defined notion named in any listed spelling, with or without a determiner, is one phrase
// token (lexicon/phrases.yaml).
import { describe, expect, it } from "vitest";
import { analyzeText, tokenKind } from "../../../src/text/normalize.js";

const derivedOf = (text: string) =>
  new Set(
    analyzeText(text).tokens.filter((token) => tokenKind(token) === "phrase" || ["maximum", "minimum"].includes(token)),
  );

describe("phrases with a determiner", () => {
  it("name the same concept with or without 'the', 'its' or 'all'", () => {
    for (const text of ["the sum of its divisors", "sum of the divisors", "sum of all divisors", "sum of divisors"]) {
      expect(analyzeText(text).tokens).toContain("sigma");
    }
    expect(analyzeText("sum of its divisors").phrases).toEqual(analyzeText("sum of divisors").phrases);
  });
});

describe("the largest prime factor", () => {
  it("gives every spelling the same phrase and concept tokens", () => {
    const largest = derivedOf("largest prime factor");
    expect(largest).toEqual(new Set(["largest-prim-factor", "prim-factor", "maximum"]));
    for (const spelling of [
      "greatest prime factor",
      "biggest prime factor",
      "largest prime divisor",
      "greatest prime divisor",
      "biggest prime divisor",
      "the greatest prime factor of n",
    ]) {
      expect(derivedOf(spelling)).toEqual(largest);
    }
    expect(analyzeText("greatest prime factor").phrases).toContain("largest-prim-factor");
  });

  it("leaves other superlatives and the greatest common divisor alone", () => {
    expect(analyzeText("the greatest common divisor").tokens).not.toContain("largest-prim-factor");
    expect(analyzeText("the largest prime").tokens).not.toContain("largest-prim-factor");
    expect(analyzeText("smallest prime factor").tokens).not.toContain("largest-prim-factor");
  });
});

it("reads a power of two as one phrase, in words or digits", () => {
  expect(analyzeText("a sum of a prime and at most k powers of 2").phrases).toContain("power-of-2");
  expect(analyzeText("powers of two").phrases).toContain("power-of-2");
  expect(analyzeText("powers of three").phrases).not.toContain("power-of-2");
});
