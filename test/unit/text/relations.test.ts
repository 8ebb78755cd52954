// Normaliser v5: relations between expressions and Unicode letter scripts become the same tokens
// however a text spells them.
import { describe, expect, it } from "vitest";
import { analyzeText, tokenize, tokenKind } from "../../../src/modules/text/normalize.js";

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
    for (const text of ["$m\\ge n+k$", "m ≥ k + n", "for all $m \\geq n + k$"]) expect(analyzeText(text).parameters).toContain("m_ge_k+n");
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
