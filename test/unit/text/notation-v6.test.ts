// Normaliser v6: notation and standard vocabulary that meet their prose spellings on one token
// (signs ±1, coprimality, written-out sums and products, real parts, n-gons, factorial primes, non- words).
import { describe, expect, it } from "vitest";
import { analyzeText, foldText, tokenize } from "../../../src/modules/text/normalize.js";

describe("signs and coprimality", () => {
  it("reads ±1, {-1, +1} and 'plus and minus ones' as one notion", () => {
    for (const text of ["$f\\colon \\mathbb N \\rightarrow \\{-1, +1\\}$", "values in `{-1, 1}`", "coefficients $\\pm 1$", "a sequence of plus and minus ones"]) {
      expect(tokenize(text)).toContain("plus-minus-one");
    }
    expect(tokenize("the interval $[-1, 2]$")).not.toContain("plus-minus-one");
    // A bare ± is a symbol, not words: LaTeX noise must not become informative terms such as "plus".
    expect(tokenize("$\\pm$ ±")).toEqual([]);
    expect(tokenize("$x \\pm y$")).toEqual([]);
  });

  it("reads (a, b) = 1 and gcd(a, b) = 1 as coprime, like 'relatively prime'", () => {
    for (const text of ["with $(n, d) = 1$", "$\\gcd(a,b)=1$", "a and b relatively prime"]) expect(tokenize(text)).toContain("coprim");
    expect(tokenize("the point $(n, d) = 2$")).not.toContain("coprim");
  });
});

describe("written-out sums and products", () => {
  it("reads a_1 + ... + a_k as a sum and a_1 a_2 ... a_k as a product", () => {
    expect(tokenize("a_1 + ... + a_k")).toContain("sum");
    expect(tokenize("$a_1+\\dots+a_k$")).toContain("sum");
    expect(tokenize("a_1 a_2 ... a_k")).toContain("product");
    expect(tokenize("$a_1\\cdots a_r = b_1\\cdots b_s$")).toContain("product");
  });

  it("leaves lists and chains of inequalities alone", () => {
    for (const text of ["$a_1, a_2, \\ldots, a_k$", "$a_1 < a_2 < \\cdots < a_k$"]) {
      expect(tokenize(text)).not.toContain("sum");
      expect(tokenize(text)).not.toContain("product");
    }
  });
});

describe("named notions and spellings", () => {
  it("reads Re s = 1/2 and \\operatorname{Re}(s) as the real part", () => {
    for (const text of ["zeros with Re s = 1/2", "$\\operatorname{Re}(s) = \\frac{1}{2}$"]) expect(tokenize(text)).toContain("real-part");
    expect(tokenize("where re is a word")).not.toContain("real-part");
  });

  it("reads unit fractions as reciprocals, an n-gon as a polygon, and n! ± 1 primes as factorial primes", () => {
    expect(tokenize("a sum of distinct unit fractions")).toContain("reciprocal");
    expect(tokenize("the vertices of a convex $n$-gon")).toContain("polygon");
    expect(tokenize("infinitely many primes of the form n! + 1")).toContain("factorial-prim");
    expect(tokenize("There are infinitely many factorial primes.")).toContain("factorial-prim");
    expect(tokenize("solutions of $n! + 1 = m^2$")).not.toContain("factorial-prim");
  });

  it("joins non- to its word: 'non-trivial' and 'nontrivial' are one token, never 'trivial'", () => {
    expect(foldText("non-trivial zeros")).toBe("nontrivial zeros");
    expect(tokenize("non-negative")).toEqual(tokenize("nonnegative"));
    expect(tokenize("nontrivial")).not.toContain("trivial");
  });

  it("drops function words such as 'another'", () => {
    expect(tokenize("another number")).toEqual(["number"]);
  });
});

describe("one function at two arguments", () => {
  it("reads φ(n) = φ(n+1) and P(n+1) > P(n) as comparisons at consecutive arguments", () => {
    expect(analyzeText("$\\phi(n) = \\phi(n+1)$, where").parameters).toContain("phi(n)_eq_phi(n+1)");
    expect(analyzeText("φ(n) = φ(n+1)").parameters).toContain("phi(n)_eq_phi(n+1)");
    expect(analyzeText("the n with P(n+1) > P(n)").parameters).toContain("p(n)_lt_p(n+1)");
    expect(tokenize("$\\phi(n) = \\phi(n+1)$")).toContain("consecutiv");
  });

  it("renames free arguments and orients the relation", () => {
    expect(analyzeText("φ(n) = φ(m)").parameters).toContain("phi(m)_eq_phi(n)");
    expect(analyzeText("$f(n + 1) \\ge f(n)$ for all n").parameters).toContain("f(n)_le_f(n+1)");
  });

  it("ignores growth statements, recurrences and extended right-hand sides", () => {
    for (const text of ["f(n)=o(n)", "a(n) = a(n-1)^2 + 2", "φ(n) = φ(m) + 1", "$\\phi(n) = \\phi(n + \\phi(n))$"]) {
      expect(analyzeText(text).parameters.filter((token) => token.includes("("))).toEqual([]);
    }
  });
});
