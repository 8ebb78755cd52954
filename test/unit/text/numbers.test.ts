// Numbers in words: number and scale words, spoken fractions and the proof assistant's version number.
import { describe, expect, it } from "vitest";
import { analyzeText, foldText } from "../../../src/text/normalize.js";
import { numbersOf } from "./tokens-of.js";

describe("number words", () => {
  it("reads the scale words as the digits a number in digits gives", () => {
    expect(numbersOf("1000")).toEqual(["1000"]);
    expect(numbersOf("$p_{1000}$")).toEqual(["1000"]);
    expect(numbersOf("a thousand primes")).toEqual(numbersOf("1000 primes"));
    expect(analyzeText("a thousand primes").tokens).toContain("1000");
    expect(numbersOf("one hundred")).toEqual(["100"]);
    expect(numbersOf("a million")).toEqual(["1000000"]);
    expect(numbersOf("one billion")).toEqual(["1000000000"]);
  });

  it("multiplies a count before a scale word", () => {
    expect(numbersOf("two hundred")).toEqual(["200"]);
    expect(numbersOf("twelve hundred")).toEqual(["1200"]);
    expect(numbersOf("10 thousand")).toEqual(["10000"]);
    expect(numbersOf("one hundred thousand")).toEqual(["100000"]);
    expect(analyzeText("k at least a thousand").parameters).toEqual(["k_ge_1000"]);
  });

  it("leaves 'one' alone, and vague plurals as words", () => {
    expect(numbersOf("one of them")).toEqual([]);
    expect(analyzeText("thousands of primes").tokens).toEqual(["thousand", "prim"]);
  });
});

it.each(["how do I state this in Lean 4 with Mathlib?", "a Lean4 formalisation", "ported from lean 3"])(
  "reads no number in %j",
  (text) => {
    expect(numbersOf(text)).toEqual([]);
    expect(analyzeText(text).tokens).toContain("lean");
  },
);

it("keeps a number after other words and a 4 that only follows the letters", () => {
  expect(numbersOf("every clean 4-cycle")).toContain("4");
  expect(numbersOf("Lean 4 and R(4,4)")).toContain("4");
});

it.each([
  ["has natural density one half", "has natural density $\\frac 1 2$"],
  ["a half of the edges", "1/2 of the edges"],
  ["two thirds of the vertices", "$\\frac{2}{3}$ of the vertices"],
  ["three quarters", "3/4"],
])("reads %j as %j", (spoken, written) => {
  expect(foldText(spoken)).toBe(foldText(written));
});

it.each(["a third-order recurrence", "the second half of the sequence", "a half-integer"])(
  "reads no fraction in %j",
  (text) => {
    expect(foldText(text)).not.toMatch(/\d\/\d/);
  },
);
