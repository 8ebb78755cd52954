// Stems: derivational families and closed compounds (lexicon/stems.yaml, lexicon/words.yaml) fold onto one word.
import { describe, expect, it } from "vitest";
import { tokenize } from "../../../src/text/normalize.js";
import { stemWord } from "../../../src/text/stem.js";

describe("derivational families", () => {
  it("reads a property's noun and adverb forms as the property", () => {
    expect(stemWord("monotonic")).toBe(stemWord("monotone"));
    expect(stemWord("monotonicity")).toBe(stemWord("monotone"));
    expect(stemWord("irrationality")).toBe(stemWord("irrational"));
    expect(stemWord("irrationalities")).toBe(stemWord("irrational"));
    expect(stemWord("primality")).toBe(stemWord("prime"));
    expect(stemWord("centre")).toBe(stemWord("center"));
  });

  it("leaves words outside the listed families alone", () => {
    expect(stemWord("logic")).not.toBe(stemWord("log"));
    expect(stemWord("density")).not.toBe(stemWord("dense"));
  });

  it("reads 'squarefree' as 'square free', as the hyphenated spelling is", () => {
    expect(tokenize("squarefree")).toEqual(tokenize("square-free"));
  });
});
