// General notation and vocabulary that meet their prose spellings on one concept token.
import { describe, expect, it } from "vitest";
import { foldText, tokenize } from "../../../src/text/normalize.js";

describe("notation for common notions", () => {
  it("reads s_{i+1} - s_i as the gap between consecutive terms", () => {
    expect(tokenize("$\\sum_{1\\leq i<t}(s_{i+1}-s_i)^2$")).toContain("gap");
    expect(tokenize("$a_{n+1} - a_n$")).toContain("gap");
    expect(tokenize("$a_{n+1} - b_n$")).not.toContain("gap");
  });

  it("reads 1_A * 1_A(n) as the representation function", () => {
    expect(tokenize("suppose $1_A\\ast 1_A(n)\\to \\infty$")).toContain("representation");
    expect(tokenize("the number of representations of n")).toContain("representation");
  });

  it("reads p_n and p_{n+1}, or the n-th and (n+1)-th, as consecutive terms", () => {
    for (const text of ["$p_n$ and $p_{n+1}$", "the `n`-th and `(n+1)`-th primes", "successive primes"])
      expect(tokenize(text)).toContain("consecutiv");
    expect(tokenize("$p_n$ and $q_{n+1}$")).not.toContain("consecutiv");
  });

  it("reads a plain-text R^n as Euclidean space, like \\mathbb{R}^n", () => {
    expect(tokenize("a set in R^n")).toContain("reals^n");
    expect(tokenize("$A\\subseteq \\mathbb{R}^n$")).toContain("reals^n");
    expect(foldText("r^2")).toBe("r^2");
  });

  it("keeps 'sum of two primes' together, as 'sum of two squares' is", () => {
    expect(tokenize("every even number is a sum of two primes")).toContain("sum-of-2-prim");
  });
});
