// Normaliser v9: one-variable forms with a constant term (`n^2 + 1`, `3n + 1`, `2^n - 1`) are one token
// whatever the variable, the spacing or the LaTeX; a bare shift (`n + 1`) is none.
import { describe, expect, it } from "vitest";
import { analyzeText, tokenKind } from "../../../src/modules/text/normalize.js";
import { parametersStartingWith } from "./tokens-of.js";

const formsOf = (text: string) => parametersStartingWith(text, "form_");

describe("one-variable forms", () => {
  it("reads a power, a multiple and an exponential with a constant term, with the variable renamed", () => {
    expect(formsOf("infinitely many n with n^2+1 prime")).toEqual(["form_v^2+1"]);
    expect(formsOf("are there infinitely many primes of the form $x^{2} + 1$?")).toEqual(["form_v^2+1"]);
    expect(formsOf("The 3x+1 problem")).toEqual(["form_3v+1"]);
    expect(formsOf("map odd $n$ to $3n + 1$.")).toEqual(["form_3v+1"]);
    expect(formsOf("Mersenne numbers $2^{p}-1$")).toEqual(["form_2^v-1"]);
    expect(tokenKind("form_3v+1")).toBe("parameter");
  });

  it("finds a form inside a larger expression but leaves out bare shifts, decimals and exponents", () => {
    expect(formsOf(String.raw`$\frac{y(3y+1)}{2}$`)).toEqual(["form_3v+1"]);
    expect(formsOf("consecutive n and n+1, and f(n - 1)")).toEqual([]);
    expect(formsOf("1.5n+2")).toEqual([]);
    expect(formsOf("x^{2n+1}")).toEqual([]);
  });
});

describe("phrases with a determiner", () => {
  it("name the same concept with or without 'the', 'its' or 'all'", () => {
    for (const text of ["the sum of its divisors", "sum of the divisors", "sum of all divisors", "sum of divisors"]) {
      expect(analyzeText(text).tokens).toContain("sigma");
    }
    expect(analyzeText("sum of its divisors").phrases).toEqual(analyzeText("sum of divisors").phrases);
  });
});

describe("general vocabulary", () => {
  it("reads 'infinitely many' as infinite and the product of the first n primes as the primorial", () => {
    expect(analyzeText("infinitely many").tokens).toContain("infinit");
    expect(analyzeText("the product of the first n prime numbers plus one").tokens).toContain("primorial");
    expect(analyzeText("one more than a primorial").tokens).toContain("primorial");
  });
});
