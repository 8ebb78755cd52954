// Relations between expressions and Unicode letter scripts become the same tokens however a text spells them: linear
// equations, bounds between parameters, one-variable forms, powers of a shifted variable, unit-fraction equations and
// one function compared at two arguments.
import { describe, expect, it } from "vitest";
import { analyzeText, tokenize, tokenKind } from "../../../src/text/normalize.js";
import { parametersStartingWith } from "./tokens-of.js";

describe("linear equations", () => {
  it("reads one canonical token from the coefficients, whatever the variable names and side order", () => {
    const tokens = ["$x+3y=2z+2w$", "2a + 2b = c + 3d", "$2z+2w = x+3y$"].map((text) => analyzeText(text).parameters);
    for (const found of tokens) expect(found).toContain("lin_1+3_eq_2+2");
    expect(tokenKind("lin_1+3_eq_2+2")).toBe("parameter");
  });

  it("reads each side from the start of its sum, coefficients and all", () => {
    for (const text of ["2x + 3y = 5z + w", "2 x + 3 y = 5 z + w"]) {
      expect(analyzeText(text).parameters.filter((token) => token.startsWith("lin_"))).toEqual(["lin_1+5_eq_2+3"]);
    }
  });

  it("needs three unknowns: a substitution such as n = 2k is no equation to solve", () => {
    expect(analyzeText("$n = 2k$").parameters.filter((token) => token.startsWith("lin_"))).toEqual([]);
    expect(analyzeText("$f(x+y) = z$").parameters.filter((token) => token.startsWith("lin_"))).toEqual([]);
  });
});

describe("bounds between parameters", () => {
  it("reads m ≥ n+k as one token, terms in any order", () => {
    for (const text of ["$m\\ge n+k$", "m ≥ k + n", "for all $m \\geq n + k$"])
      expect(analyzeText(text).parameters).toContain("m_ge_k+n");
  });

  it("leaves a bare comparison of two letters alone", () => {
    expect(analyzeText("$k \\le n$").parameters).toEqual([]);
  });
});

describe("Unicode letter scripts", () => {
  it("reads aᵢ, aₖ and nᵏ as a_i, a_k and n^k", () => {
    expect(analyzeText("aᵢ n + bᵢ").parameters).toEqual(expect.arrayContaining(["a_i", "b_i"]));
    expect(tokenize("a₁,...,aₖ")).toEqual(expect.arrayContaining(["a_1", "a_k"]));
    expect(analyzeText("nᵏ").parameters).toEqual(["n^k"]);
  });
});

describe("general vocabulary", () => {
  it("reads 'the least m' as a minimum, while 'at least' stays a bound", () => {
    expect(tokenize("the least m such that")).toContain("minimum");
    expect(tokenize("k is at least 4")).not.toContain("minimum");
  });
});

const formsOf = (text: string) => parametersStartingWith(text, "form_");

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

describe("powers of a shifted variable", () => {
  it("are one form whatever the variable, so 'between n^2 and (n+1)^2' meets '(x+1)^{2}'", () => {
    expect(analyzeText("a prime between n^2 and (n+1)^2").tokens).toContain("form_(v+1)^2");
    expect(analyzeText("$\\left(x+1\\right)^{2}$").tokens).toContain("form_(v+1)^2");
    expect(analyzeText("(m - 3)^3").tokens).toContain("form_(v-3)^3");
  });

  it("leaves out a function's value and an exponent", () => {
    expect(analyzeText("f(n+1)^2 > f(n)^2").tokens.filter((token) => token.startsWith("form_("))).toEqual([]);
    expect(analyzeText("$2^{(n+1)^2}$").tokens.filter((token) => token.startsWith("form_("))).toEqual([]);
  });
});

it.each([
  ["$\\frac{4}{n}=\\frac{1}{x}+\\frac{1}{y}+\\frac{1}{z}$", "uf_1/v+1/v+1/v_eq_4/v"],
  ["1/x + 1/y + 1/z = 4/n", "uf_1/v+1/v+1/v_eq_4/v"],
  ["no distinct a, b, c with 1/a = 1/b + 1/c", "uf_1/v_eq_1/v+1/v"],
  ["$\\frac{1}{a}=\\frac{1}{b}+\\frac{1}{c}$", "uf_1/v_eq_1/v+1/v"],
])("reads %j as the unit-fraction equation %j", (text, shape) => {
  expect(parametersStartingWith(text, "uf_")).toEqual([shape]);
});

it.each(["a/b = 1/x", "1/2 = 1/3 + 1/6", "f(1/x) = 1/y + 1/z"])("reads no unit-fraction equation in %j", (text) => {
  expect(parametersStartingWith(text, "uf_")).toEqual([]);
});
