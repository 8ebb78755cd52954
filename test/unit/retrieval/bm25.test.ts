// The shared BM25 arithmetic and postings field (src/retrieval/): the textbook values each feature's
// scorer relies on, checked on small hand-computed cases.
import { describe, expect, it } from "vitest";
import {
  bm25fTermScore,
  inverseDocumentFrequency,
  lengthNormalisation,
  okapiSaturation,
  weightedFieldFrequency,
} from "../../../src/retrieval/bm25.js";
import { Bm25Field } from "../../../src/retrieval/bm25-field.js";

const OKAPI = { k1: 1.2, b: 0.75 };

describe("BM25 arithmetic", () => {
  it("weighs a rare term above a common one and never below zero", () => {
    expect(inverseDocumentFrequency(10, 1)).toBeCloseTo(Math.log(1 + 9.5 / 1.5), 12);
    expect(inverseDocumentFrequency(10, 1)).toBeGreaterThan(inverseDocumentFrequency(10, 5));
    expect(inverseDocumentFrequency(10, 10)).toBeGreaterThan(0);
  });

  it("normalises a document of average length to 1 and ignores length when b is 0", () => {
    expect(lengthNormalisation(0.75, 20, 20)).toBe(1);
    expect(lengthNormalisation(0.75, 40, 20)).toBeCloseTo(1.75, 12);
    expect(lengthNormalisation(0, 40, 20)).toBe(1);
  });

  it("weights a field's count and divides it by the field's normalisation", () => {
    expect(weightedFieldFrequency(3, 2)).toBe(6);
    expect(weightedFieldFrequency(3, 2, 1.5)).toBe(4);
  });

  it("saturates term frequency below k1 + 1 (Okapi) and below the term's weight (BM25F)", () => {
    expect(okapiSaturation(1, 1.2, 1)).toBe(1);
    expect(okapiSaturation(1_000, 1.2, 1)).toBeLessThan(2.2);
    expect(bm25fTermScore(2, 1.2, 1.2)).toBe(1);
    expect(bm25fTermScore(2, 1_000, 1.2)).toBeLessThan(2);
  });
});

describe("Bm25Field", () => {
  const field = new Bm25Field([["perm", "subperm"], ["perm", "perm", "append"], ["append"]], OKAPI);

  it("scores every document sharing a query term, as idf times the saturated frequency", () => {
    const scores = new Float64Array(3);
    field.addScores(["subperm"], scores);
    const average = 6 / 3; // lengths 2, 3 and 1
    const expected = field.idf("subperm") * okapiSaturation(1, 1.2, lengthNormalisation(0.75, 2, average));
    expect(scores[0]).toBe(expected);
    expect([scores[1], scores[2]]).toEqual([0, 0]);
  });

  it("explains a document's score as per-term parts that sum to it", () => {
    const scores = new Float64Array(3);
    field.addScores(["perm", "append"], scores);
    const parts = field.explain(["perm", "append", "missing"], 1);
    expect([...parts.keys()]).toEqual(["perm", "append"]);
    expect([...parts.values()].reduce((total, part) => total + part, 0)).toBeCloseTo(scores[1] ?? 0, 12);
  });

  it("adds the same scores from zero, returning their maximum, and lists the documents reached once each", () => {
    const terms = ["append", "perm", "subperm", "missing"];
    const expected = new Float64Array(3);
    field.addScores(terms, expected);
    const fromZero = new Float64Array(3);
    expect(field.addScoresFromZero(terms, fromZero)).toBe(Math.max(...expected));
    expect([...fromZero]).toEqual([...expected]);
    const touched: number[] = [];
    const sparse = new Float64Array(3);
    expect(field.addTouchedScores(terms, sparse, touched)).toBe(Math.max(...expected));
    expect([...sparse]).toEqual([...expected]);
    expect(touched).toEqual([1, 2, 0]);
    expect(field.addScoresFromZero(["missing"], new Float64Array(3))).toBe(0);
  });

  it("counts a term's documents for its idf", () => {
    expect(field.idf("perm")).toBe(inverseDocumentFrequency(3, 2));
    expect(field.idf("missing")).toBe(inverseDocumentFrequency(3, 0));
  });
});
