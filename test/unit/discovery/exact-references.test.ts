// Identifier-shaped substrings of free text: what discoverProblems looks up before ranking words.
import { describe, expect, it } from "vitest";
import { exactReferences } from "../../../src/features/discovery/domain/exact-references.js";

const refsOf = (text: string) => exactReferences(text).map((reference) => reference.ref);

describe("exact references in free text", () => {
  it.each([
    ["What is the status of Erdős problem #786?", ["Erdős problem #786"]],
    ["erdos-786 and Erdos 12", ["erdos-786", "Erdos 12"]],
    ["Sun's conjecture (see A280831.)", ["A280831"]],
    ["the statement Erdos20.erdos_20 in formal-conjectures", ["Erdos20.erdos_20"]],
    ["as on https://www.erdosproblems.com/20, the sunflower bound", ["https://www.erdosproblems.com/20"]],
    ["cp:erdos:20", ["cp:erdos:20"]],
    ["S12", ["S12"]],
    ["Compare Erdős problems 12 and 13 for me", ["Erdős problems 12", "Erdős problems 13"]],
    ["Erdos #12, #13 or 14?", ["Erdos #12", "Erdos 13", "Erdos 14"]],
    ["Erdős problem 12, 3-term progressions and 2^k", ["Erdős problem 12"]],
  ])("finds the identifiers in %j", (text, refs) => {
    expect(refsOf(text)).toEqual(refs);
  });

  it("finds none in prose and notation, and a one-word text is its own ref", () => {
    expect(refsOf("Is there a set of density 1 - eps with distinct products? Erdős and Graham asked it.")).toEqual([]);
    expect(refsOf("x^2 + 1 is prime for infinitely many n, e.g. n = 4")).toEqual([]);
    expect(refsOf("goldbach")).toEqual(["goldbach"]);
  });

  it("keeps one ref where two shapes overlap", () => {
    expect(refsOf("https://oeis.org/A280831")).toEqual(["https://oeis.org/A280831"]);
  });
});
