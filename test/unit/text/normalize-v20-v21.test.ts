// Normaliser v20: a run of consecutive integers however it is written, a divisibility of a difference as a congruence,
// bounded gaps in words or as `O(1)`, and a binomial coefficient read aloud. v21: a shuffle is a permutation, a simple
// closed curve a Jordan curve.
import { expect, it } from "vitest";
import { NORMALIZER_VERSION, tokenize } from "../../../src/modules/text/normalize.js";

const consecutive = tokenize("k consecutive integers").find((token) => token.includes("-"));

it.each([
  "the lcm of $\\{n+1, \\dotsc, n+k\\}$",
  "the integers n, n−1, …, n−k",
  "the product $(n+1)(n+2)\\cdots(n+k)$",
  "the falling product $n(n-1)\\cdots(n-k+1)$",
  "$\\prod_{0\\leq i\\leq k}(n-i) \\mid \\binom{2n}{n}$",
])("reads %j as a run of consecutive integers", (text) => {
  expect(consecutive).toBe("consecutiv-integer");
  expect(tokenize(text)).toContain(consecutive);
});

it("leaves a list of a sequence's terms and unrelated shifts alone", () => {
  expect(tokenize("a_1, \\dots, a_k")).not.toContain(consecutive);
  expect(tokenize("x+1, y+1")).not.toContain(consecutive);
  expect(tokenize("$\\prod_{p\\le x}(1-1/p)$")).not.toContain(consecutive);
});

it("reads a divisibility of a difference as the congruence it states", () => {
  const modulo = tokenize("2^n ≡ k (mod n)").filter((token) => token === "modulo");
  expect(modulo).toEqual(["modulo"]);
  expect(tokenize("n | 2^n − k")).toContain("modulo");
  expect(tokenize("d | n")).not.toContain("modulo");
  expect(tokenize("|A - B| = 3")).not.toContain("modulo");
});

it("reads bounded gaps in words and as a difference of consecutive terms that is O(1)", () => {
  expect(tokenize("bounded gaps between consecutive terms")).toContain("bound-gap");
  expect(tokenize("$a_{i+1} - a_i = O(1)$")).toContain("bound-gap");
  expect(tokenize("$a_{i+1} - a_i \\to \\infty$")).not.toContain("bound-gap");
});

it("reads a binomial coefficient said aloud as the coefficient", () => {
  expect(tokenize("|A| choose 2 plus |B| choose 2")).toContain("binom_(a,2)");
  expect(tokenize("2n choose n")).toEqual(expect.arrayContaining(tokenize("$\\binom{2n}{n}$").filter((token) => token.startsWith("binom_"))));
  expect(tokenize("two players alternately choose integers").some((token) => token.startsWith("binom_"))).toBe(false);
});

it("reads a shuffle as a permutation and a simple closed curve as a Jordan curve (v21)", () => {
  expect(tokenize("after you shuffle it around")).toContain("permutation");
  expect(tokenize("a reordered sequence")).toContain("permutation");
  const jordan = tokenize("every Jordan curve").find((token) => token.includes("-"));
  expect(jordan).toBe("jordan-curv");
  expect(tokenize("does every simple closed curve in the plane")).toContain(jordan);
});

it("bumps the normaliser version, so stored sparse views built by v20 are rebuilt", () => {
  expect(NORMALIZER_VERSION).toBe(21);
});
