// Normalisation shared by indexing and querying: symbol spellings meet, parameters and phrases
// become tokens, and stemming stays conservative.
import { describe, expect, it } from "vitest";
import { analyzeText, foldText, tokenize, tokenKind } from "../../../src/text/normalize.js";
import { stemWord } from "../../../src/text/stem.js";

describe("symbol folding", () => {
  it("reads \\phi, φ, ϕ and phi as one token", () => {
    for (const text of ["$\\phi(n)$", "φ(n)", "ϕ(n)", "phi(n)", "\\varphi(n)"]) expect(tokenize(text)).toEqual(["phi"]);
  });

  it("reads \\le, \\leq, ≤ and <= as one relation", () => {
    const parameters = ["k \\le 4", "k \\leq 4", "k ≤ 4", "k <= 4", "k at most four"].map(
      (text) => analyzeText(text).parameters,
    );
    for (const found of parameters) expect(found).toEqual(["k_le_4"]);
  });

  it("drops $ delimiters and formatting commands, folds Erdős to erdos", () => {
    expect(tokenize("$\\mathrm{Erdős}$")).toEqual(["erdos"]);
    expect(tokenize("Erdős")).toEqual(tokenize("Erdos"));
    expect(tokenize("$\\mathbb{N}$")).toEqual(tokenize("ℕ"));
  });

  it("strips control characters", () => {
    expect(foldText("sidon\u0000\u0007set")).toBe("sidon set");
  });
});

describe("parameters", () => {
  it("C_6, C_{6} and C₆ give c_6", () => {
    for (const text of ["$C_6$", "C_{6}", "C₆"]) expect(analyzeText(text).parameters).toEqual(["c_6"]);
  });

  it("k ≥ 4 and 4 ≤ k give k_ge_4", () => {
    expect(analyzeText("k ≥ 4").parameters).toEqual(["k_ge_4"]);
    expect(analyzeText("$4 \\leq k$").parameters).toEqual(["k_ge_4"]);
  });

  it("n^{1/3}, n^{\\frac{1}{3}} and n^(1/3) give n^1/3; a square root is the power 1/2, written 0.5", () => {
    for (const text of ["$n^{1/3}$", "$n^{\\frac{1}{3}}$", "n^(1/3)"])
      expect(analyzeText(text).parameters).toEqual(["n^1/3"]);
    expect(analyzeText("$\\sqrt{n}$").parameters).toEqual(["n^0.5"]);
    expect(analyzeText("√n").parameters).toEqual(["n^0.5"]);
    expect(analyzeText("2 to the power n").parameters).toEqual(["2^n"]);
  });

  it("classifies tokens by shape", () => {
    expect(["c_6", "n^1/3", "sidon-set", "4", "sidon"].map(tokenKind)).toEqual([
      "parameter",
      "parameter",
      "phrase",
      "number",
      "word",
    ]);
  });
});

describe("definitional phrases", () => {
  it("keeps named notions together, in any inflection", () => {
    expect(analyzeText("primitive sets").phrases).toEqual(["primitiv-set"]);
    expect(analyzeText("a Sidon set").phrases).toEqual(["sidon-set"]);
    expect(analyzeText("amicable pairs").phrases).toEqual(["amicabl-pair"]);
    expect(analyzeText("van der Waerden numbers").phrases).toContain("van-der-waerden");
    expect(analyzeText("3-term APs").phrases).toEqual(["arithmetic-progression"]);
  });
});

describe("concept lexicon", () => {
  it("prose and notation meet on one concept token, originals kept", () => {
    expect(tokenize("the reciprocals diverge")).toEqual(expect.arrayContaining(["reciprocal", "infinity"]));
    expect(tokenize("$\\sum_{n \\in A} \\frac{1}{n} = \\infty$")).toEqual(
      expect.arrayContaining(["reciprocal", "infinity"]),
    );
    expect(tokenize("A+A")).toContain("sumset");
    expect(tokenize("no three on a line")).toContain("collinear");
    expect(tokenize("all pairwise distances are integers")).toContain("integer-distanc");
    expect(tokenize("the largest subset")).toEqual(expect.arrayContaining(["largest", "maximum"]));
    expect(tokenize("points in $\\mathbb{R}^2$")).toContain("plan");
  });

  it("general notation meets its spoken form: n!, π(x), binom{2n}{n}, lcm, prime divisors", () => {
    expect(tokenize("primes of the form $n! + 1$")).toContain("factorial");
    expect(tokenize("$\\pi(x+y) \\le \\pi(x) + \\pi(y)$")).toContain("prim-count");
    expect(tokenize("the number of primes up to x")).toContain("prim-count");
    for (const text of ["$\\binom{2n}{n}$", "{2n \\choose n}", "2n choose n"])
      expect(tokenize(text)).toContain("central-binomial");
    expect(tokenize("least common multiple")).toContain("lcm");
    expect(tokenize("largest prime divisor")).toContain("prim-factor");
  });

  it("a one-word spelling equal to its concept is not counted twice", () => {
    expect(tokenize("maximum").filter((token) => token === "maximum")).toHaveLength(1);
  });

  it("prose names of standard parameters: a five-cycle is C_5, a 4-clique is K_4", () => {
    expect(analyzeText("five-cycles in a graph").parameters).toContain("c_5");
    expect(analyzeText("a cycle of length 6").parameters).toContain("c_6");
    expect(analyzeText("contains a 4-clique").parameters).toContain("k_4");
  });
});

describe("proximity pairs", () => {
  it("pairs nearby content words, unordered, so word order in a paraphrase does not matter", () => {
    expect(analyzeText("integer distances").pairs).toEqual(analyzeText("distances are integers").pairs);
    expect(analyzeText("sidon set").pairs).toEqual(["set~sidon"]);
    expect(tokenKind("set~sidon")).toBe("pair");
  });
});

describe("conservative stemming", () => {
  it("folds plurals, -ing, -ed and British spellings", () => {
    expect(stemWord("progressions")).toBe(stemWord("progression"));
    expect(stemWord("colouring")).toBe(stemWord("colored"));
    expect(stemWord("families")).toBe("family");
    expect(stemWord("vertices")).toBe("vertex");
    expect(stemWord("embedded")).toBe("embed");
    expect(stemWord("generalised")).toBe(stemWord("generalized"));
  });

  it("leaves words that only look inflected", () => {
    for (const word of [
      "erdos",
      "series",
      "analysis",
      "basis",
      "modulus",
      "string",
      "ring",
      "hundred",
      "embed",
      "gauss",
      "class",
    ]) {
      expect(stemWord(word)).toBe(word === "class" ? "class" : word);
    }
  });

  it("never touches numbers or short words", () => {
    expect(stemWord("1217")).toBe("1217");
    expect(stemWord("has")).toBe("has");
  });
});
