// Concept tokens: prose, notation and other spellings of one general notion meet on the concept's token
// (lexicon/concepts.yaml), and near-miss wording adds none.
import { describe, expect, it } from "vitest";
import { analyzeText, foldText, tokenize } from "../../../src/text/normalize.js";

const consecutive = tokenize("k consecutive integers").find((token) => token.includes("-"));

describe("signs and coprimality", () => {
  it("reads ±1, {-1, +1} and 'plus and minus ones' as one notion", () => {
    for (const text of [
      "$f\\colon \\mathbb N \\rightarrow \\{-1, +1\\}$",
      "values in `{-1, 1}`",
      "coefficients $\\pm 1$",
      "a sequence of plus and minus ones",
      "sequences of $+1$s and $-1$s",
      "entries -1 and +1",
    ]) {
      expect(tokenize(text)).toContain("plus-minus-one");
    }
    expect(tokenize("the interval $[-1, 2]$")).not.toContain("plus-minus-one");
    expect(tokenize("the neighbours n+1 and n-1")).not.toContain("plus-minus-one");
    // A bare ± is a symbol, not words: LaTeX noise must not become informative terms such as "plus".
    expect(tokenize("$\\pm$ ±")).toEqual([]);
    expect(tokenize("$x \\pm y$")).toEqual([]);
  });

  it("reads (a, b) = 1 and gcd(a, b) = 1 as coprime, like 'relatively prime'", () => {
    for (const text of ["with $(n, d) = 1$", "$\\gcd(a,b)=1$", "a and b relatively prime"])
      expect(tokenize(text)).toContain("coprim");
    expect(tokenize("the point $(n, d) = 2$")).not.toContain("coprim");
  });
});

describe("written-out sums and products", () => {
  it("reads a_1 + ... + a_k as a sum and a_1 a_2 ... a_k as a product", () => {
    expect(tokenize("a_1 + ... + a_k")).toContain("sum");
    expect(tokenize("$a_1+\\dots+a_k$")).toContain("sum");
    expect(tokenize("a_1 a_2 ... a_k")).toContain("product");
    expect(tokenize("$a_1\\cdots a_r = b_1\\cdots b_s$")).toContain("product");
  });

  it("leaves lists and chains of inequalities alone", () => {
    for (const text of ["$a_1, a_2, \\ldots, a_k$", "$a_1 < a_2 < \\cdots < a_k$"]) {
      expect(tokenize(text)).not.toContain("sum");
      expect(tokenize(text)).not.toContain("product");
    }
  });
});

describe("named notions and spellings", () => {
  it("reads Re s = 1/2 and \\operatorname{Re}(s) as the real part", () => {
    for (const text of ["zeros with Re s = 1/2", "$\\operatorname{Re}(s) = \\frac{1}{2}$"])
      expect(tokenize(text)).toContain("real-part");
    expect(tokenize("where re is a word")).not.toContain("real-part");
  });

  it("reads unit fractions as reciprocals, an n-gon as a polygon, and n! ± 1 primes as factorial primes", () => {
    expect(tokenize("a sum of distinct unit fractions")).toContain("reciprocal");
    expect(tokenize("the vertices of a convex $n$-gon")).toContain("polygon");
    expect(tokenize("infinitely many primes of the form n! + 1")).toContain("factorial-prim");
    expect(tokenize("There are infinitely many factorial primes.")).toContain("factorial-prim");
    expect(tokenize("solutions of $n! + 1 = m^2$")).not.toContain("factorial-prim");
  });

  it("joins non- to its word: 'non-trivial' and 'nontrivial' are one token, never 'trivial'", () => {
    expect(foldText("non-trivial zeros")).toBe("nontrivial zeros");
    expect(tokenize("non-negative")).toEqual(tokenize("nonnegative"));
    expect(tokenize("nontrivial")).not.toContain("trivial");
  });

  it("drops function words such as 'another'", () => {
    expect(tokenize("another number")).toEqual(["number"]);
  });
});

describe("divisor vocabulary", () => {
  it("reads 'number of divisors' as tau and 'whole numbers' as integers", () => {
    expect(tokenize("the number of divisors of n + k")).toContain("tau");
    expect(tokenize("$\\tau(n+k)$")).toContain("tau");
    expect(tokenize("both are whole numbers")).toContain("integer");
  });

  it("reads a spaced bar between terms as divisibility, but not a size", () => {
    expect(tokenize("$\\phi(n) | n + a$")).toContain("divid");
    expect(tokenize("$|A| \\geq n$")).not.toContain("divid");
    expect(tokenize("$| A + A | \\ge 3$")).not.toContain("divid");
    expect(tokenize("$|x - y| < 1$")).not.toContain("divid");
  });
});

it("reads one function compared at n and n+1 as consecutive integers, as prose says it", () => {
  const prose = "infinitely many pairs of consecutive integers with the same number of divisors";
  const notation = "infinitely many $n$ with $\\tau(n) = \\tau(n+1)$";
  for (const text of [prose, notation, "two consecutive numbers with equal totients"])
    expect(tokenize(text)).toContain("consecutiv-integer");
  expect(tokenize("$\\tau(n) = \\tau(m)$ for some m")).not.toContain("consecutiv-integer");
});

it("reads squarefull numbers as powerful numbers and a rearrangement as a permutation", () => {
  for (const text of ["a sum of two squarefull numbers", "square-full integers", "the set of powerful numbers"])
    expect(tokenize(text)).toContain("powerful-number");
  expect(tokenize("any rearrangement of the natural numbers")).toContain("permutation");
});

describe("general vocabulary", () => {
  it("reads 'infinitely many' as infinite and the product of the first n primes as the primorial", () => {
    expect(analyzeText("infinitely many").tokens).toContain("infinit");
    expect(analyzeText("the product of the first n prime numbers plus one").tokens).toContain("primorial");
    expect(analyzeText("one more than a primorial").tokens).toContain("primorial");
  });
});

it.each([
  ["(1_A ∗ 1_A)(n) / log n", "representation"],
  ["#{k <= x : d(k) | k} >= x / (2 log x)", "refactorabl"],
  ["every n divisible by tau(n)", "refactorabl"],
  ["the tau numbers", "refactorabl"],
])("reads %j as the concept %j", (text, concept) => {
  expect(analyzeText(text).tokens).toContain(concept);
});

it.each(["primes p such that p + 2 is prime", "n and n+2 both prime", "pairs (p, p+2) of primes"])(
  "reads %j as twin primes",
  (text) => {
    expect(analyzeText(text).tokens).toContain("twin-prim");
  },
);

it.each(["2^n + 2 is prime", "a(n+2) is prime"])("reads no twin primes in %j", (text) => {
  expect(analyzeText(text).tokens).not.toContain("twin-prim");
});

it("reads no refactorable number in a divisor count dividing a neighbour", () => {
  expect(analyzeText("d(n) | n+1").tokens).not.toContain("refactorabl");
});

it.each([
  ["a sum of at most five numbers of the form n(n+1)(n+2)/6", "tetrahedral-number"],
  ["$\\frac{k(k+1)(k+2)}{6}$", "tetrahedral-number"],
  ["every integer is a sum of at most 5 tetrahedral numbers", "tetrahedral-number"],
  ["triangular pyramidal numbers", "tetrahedral-number"],
  ["x(x+1)/2 for some x", "triangular-number"],
  ["$\\frac{n(n+1)}{2}$", "triangular-number"],
  ["the triangular numbers", "triangular-number"],
])("reads %j as the concept %j", (text, concept) => {
  expect(analyzeText(text).tokens).toContain(concept);
});

it.each([
  ["n(n+1)/24", "triangular-number"],
  ["n(n+1)(n+2)/60", "tetrahedral-number"],
  ["n(n+2)/2", "triangular-number"],
  ["n(n+1)(n+2)/6", "triangular-number"],
])("reads in %j no %j", (text, concept) => {
  expect(analyzeText(text).tokens).not.toContain(concept);
});

it.each(["n = p + 2^k", "2^{k+1} - 1", "a prime plus a power of two"])("reads a power of two in %j", (text) => {
  expect(analyzeText(text).tokens).toContain("power-of-2");
});

it("reads no power of two in a fixed power or a power of another base", () => {
  expect(analyzeText("2^3 + 3^k = n").tokens).not.toContain("power-of-2");
});

it.each(["are there k consecutive primes that are equally spaced?", "three evenly spaced elements of the set"])(
  "reads %j as holding an arithmetic progression",
  (text) => {
    expect(analyzeText(text).tokens).toContain(
      analyzeText("an arithmetic progression").tokens.find((token) => token.includes("-")),
    );
  },
);

it.each([
  ["the number of pendant vertices", "leaf"],
  ["the leaves of the spanning tree", "leaf"],
  ["a 2-colourable graph", "bipartite"],
  ["two-colorable graphs", "bipartite"],
  ["the stability number of G", "independence number"],
])("gives %j the token the catalogue's %j has", (paraphrase, catalogueWords) => {
  // The last token of a phrase is its phrase token ("independence number" -> independenc-number).
  expect(analyzeText(paraphrase).tokens).toContain(analyzeText(catalogueWords).tokens.at(-1));
});

it("adds no progression to spacing that is not even", () => {
  expect(analyzeText("points spaced at least one apart").tokens.join(" ")).not.toMatch(/progression/);
});

it.each([
  ["the number of degree-one vertices", "a leaf"],
  ["vertices of degree 1", "a leaf"],
  ["the longest monotone progression", "the largest k"],
  ["the shortest cycle", "the smallest k"],
  ["each part can be permuted", "a permutation"],
  ["an increasing or decreasing progression", "a monotone progression"],
])("gives %j the concept %j has", (paraphrase, catalogueWords) => {
  const concept = analyzeText(catalogueWords)
    .tokens.filter((token) => !["k", "progression"].includes(token))
    .at(-1);
  expect(analyzeText(paraphrase).tokens).toContain(concept);
});

it("reads no leaf in a polynomial of degree one", () => {
  expect(analyzeText("a polynomial of degree one").tokens).not.toContain(analyzeText("a leaf").tokens[0]);
});

it("reads the number of solutions to an equation as its number of representations", () => {
  const representation = analyzeText("the number of ways to write n").tokens.find((token) =>
    token.startsWith("represent"),
  );
  expect(representation).toBeDefined();
  expect(analyzeText("f(n) counts the number of solutions to n = p + 2^k").tokens).toContain(representation);
});

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

it("reads a shuffle as a permutation and a simple closed curve as a Jordan curve", () => {
  expect(tokenize("after you shuffle it around")).toContain("permutation");
  expect(tokenize("a reordered sequence")).toContain("permutation");
  const jordan = tokenize("every Jordan curve").find((token) => token.includes("-"));
  expect(jordan).toBe("jordan-curv");
  expect(tokenize("does every simple closed curve in the plane")).toContain(jordan);
});

describe("additive bases", () => {
  it("reads a sumset that holds every large integer as an additive basis, and no other sum of two sets", () => {
    for (const text of [
      "$A+A$ contains all but finitely many integers",
      "B + B contains every sufficiently large integer",
    ]) {
      expect(tokenize(text), text).toContain("additiv-basis");
    }
    expect(tokenize("A + B contains all large integers")).not.toContain("additiv-basis");
  });
});
