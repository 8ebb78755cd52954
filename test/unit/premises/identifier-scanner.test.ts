import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MAX_SYMBOL_SUFFIXES, scanIdentifiers } from "../../../src/features/premises/domain/identifier-scanner.js";
import { identifierTerms } from "../../../src/features/premises/domain/tokenize.js";
import { finishesWithin, HANG_GUARD_MS } from "../../helpers/finishes-within.js";

// The scanner must give exactly what the regex tokenisers give, in the same order: symbol-vote sums
// signal contributions in that order, so a reordered term or symbol would change scores in the last bit.

/** The regex definition of symbols the scanner replaced, kept here as its specification. */
function regexSymbols(text: string): string[] {
  const symbols = new Set<string>();
  for (const raw of text.match(/[A-Za-z_][A-Za-z0-9_'.]*[A-Za-z0-9_']/g) ?? []) {
    const parts = raw.split(".").filter((part) => part.length > 0);
    symbols.add(parts.join("."));
    for (let start = Math.max(1, parts.length - MAX_SYMBOL_SUFFIXES); start < parts.length; start += 1)
      symbols.add(parts.slice(start).join("."));
  }
  return [...symbols];
}

function scanned(text: string): { terms: string[]; symbols: string[] } {
  const terms = new Set<string>();
  const symbols = new Set<string>();
  scanIdentifiers(text, terms, symbols);
  return { terms: [...terms], symbols: [...symbols] };
}

function symbolsOf(text: string): Set<string> {
  const symbols = new Set<string>();
  scanIdentifiers(text, null, symbols);
  return symbols;
}

function expectSameAsRegex(texts: readonly string[]): void {
  for (const text of texts) {
    const { terms, symbols } = scanned(text);
    expect({ text, terms }).toEqual({ text, terms: [...new Set(identifierTerms(text))] });
    expect({ text, symbols }).toEqual({ text, symbols: regexSymbols(text) });
  }
}

const REPOSITORY = new URL("../../../", import.meta.url);
const BUNDLED_CORPUS = fileURLToPath(new URL("data/bundled/premises-batteries-corpus.jsonl.gz", REPOSITORY));
const DEV_QUERIES = fileURLToPath(new URL("../shared/data/premises/queries-dev.jsonl", REPOSITORY));

function jsonLines(text: string): Array<Record<string, unknown>> {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function stringsOf(row: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.flatMap((key) => {
    const value = row[key];
    if (typeof value === "string") return [value];
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  });
}

describe("identifier scanner", () => {
  it("identifier symbols keep whole names and every dotted suffix", () => {
    const symbols = symbolsOf("(as.extract start stop).scanlM f ∧ List.Perm.subperm");
    expect(symbols.has("scanlM")).toBe(true);
    expect(symbols.has("Perm.subperm")).toBe(true);
    expect(symbols.has("List.Perm.subperm")).toBe(true);
  });

  it("expands only the last few suffixes of a dotted run as long as a request body", () => {
    // Every suffix of 100,000 parts would be 5·10^9 characters; the guard turns a regression into a failure, not a hang.
    const run = `${"a.".repeat(99_999)}b`;
    const symbols = finishesWithin(HANG_GUARD_MS, () => symbolsOf(run));
    expect(symbols.size).toBeLessThanOrEqual(10);
    expect(symbols.has("a.b")).toBe(true);
    expect(symbols.has(run)).toBe(true);
  });

  it("splits terms and symbols like the regex tokenisers on the edge cases", () => {
    expectSameAsRegex([
      "",
      "x",
      "x.",
      ".x",
      "a'",
      "3abc.def 9x. _ __ x_ 'a b'",
      "getLTCmp LTCmp ABC aBCd A Ab ABc x2y 2x X2 lt_of_le_of_lt",
      "List..Perm...subperm. (as.extract start stop).scanlM f ∧ List.Perm.subperm",
      "a.b.c.d.e.f.g.h.i.j.k.l Nat.succ_le_succ' h.1.2 ·.1 α.β x.y.",
      "théorème Ünïcode ℕ.succ Nat.ℕ ab\u{1d4d0}cd",
    ]);
  });

  it("keeps only the last few suffixes of a long dotted run", () => {
    const run = `${"a.".repeat(20)}b`;
    expect(scanned(run).symbols).toEqual(regexSymbols(run));
    expect(scanned(run).symbols).toHaveLength(MAX_SYMBOL_SUFFIXES + 1);
  });

  it("splits every text of the bundled Batteries corpus like the regex tokenisers", () => {
    const rows = jsonLines(gunzipSync(readFileSync(BUNDLED_CORPUS)).toString("utf8"));
    expect(rows.length).toBeGreaterThan(3000);
    expectSameAsRegex(rows.flatMap((row) => stringsOf(row, ["premise_id", "statement_excerpt", "docstring"])));
  });

  it.skipIf(!existsSync(DEV_QUERIES))("splits every dev query like the regex tokenisers", () => {
    const rows = jsonLines(readFileSync(DEV_QUERIES, "utf8"));
    expectSameAsRegex(
      rows.flatMap((row) => stringsOf(row, ["query_text", "query_text_anonymized", "theorem_premise_id"])),
    );
  });
});
