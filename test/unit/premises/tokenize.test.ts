import { describe, expect, it } from "vitest";
import { countTokens, identifierTerms, wordTokens } from "../../../src/features/premises/domain/tokenize.js";

describe("premise tokenisers", () => {
  it("seed tokens are lowercase runs of ASCII letters and digits", () => {
    expect(wordTokens("theorem Nat.le_Trans (h : a ≤ b) : x2")).toEqual([
      "theorem",
      "nat",
      "le",
      "trans",
      "h",
      "a",
      "b",
      "x2",
    ]);
    expect([...countTokens(wordTokens("bar Bar baz"))]).toEqual([
      ["bar", 2],
      ["baz", 1],
    ]);
  });

  it("identifier terms split on dots, underscores and camelCase, dropping 1-character tokens", () => {
    expect(identifierTerms("compareOfLessAndEq_eq_lt x")).toEqual(["compare", "of", "less", "and", "eq", "eq", "lt"]);
    expect(identifierTerms("Std.LawfulLTCmp.isGE")).toEqual(["std", "lawful", "lt", "cmp", "is", "ge"]);
  });
});
