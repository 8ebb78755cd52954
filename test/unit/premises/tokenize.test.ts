import { describe, expect, it } from "vitest";
import {
  countTokens,
  identifierSymbols,
  identifierTerms,
  wordTokens,
} from "../../../src/features/premises/domain/tokenize.js";
import { finishesWithin, HANG_GUARD_MS } from "../../helpers/finishes-within.js";

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

  it("identifier symbols keep whole names and every dotted suffix", () => {
    const symbols = identifierSymbols("(as.extract start stop).scanlM f ∧ List.Perm.subperm");
    expect(symbols.has("scanlM")).toBe(true);
    expect(symbols.has("Perm.subperm")).toBe(true);
    expect(symbols.has("List.Perm.subperm")).toBe(true);
  });

  it("expands only the last few suffixes of a dotted run as long as a request body", () => {
    // Every suffix of 100,000 parts would be 5·10^9 characters; the guard turns a regression into a failure, not a hang.
    const run = `${"a.".repeat(99_999)}b`;
    const symbols = finishesWithin(HANG_GUARD_MS, () => identifierSymbols(run));
    expect(symbols.size).toBeLessThanOrEqual(10);
    expect(symbols.has("a.b")).toBe(true);
    expect(symbols.has(run)).toBe(true);
  });
});
