// Normaliser v7: words that narrate rather than state, derivational families, powers and divisor
// notation read aloud, so an agent's own wording meets a terse catalogue statement.
import { describe, expect, it } from "vitest";
import { foldText, tokenize } from "../../../src/modules/text/normalize.js";
import { stemWord } from "../../../src/modules/text/stem.js";

describe("discourse and operator words", () => {
  it("drops set-up words and spoken operators, so 'tends to infinity' is just infinity", () => {
    expect(tokenize("Suppose we take n and consider what follows as it tends to infinity")).toEqual(["infinity"]);
    const spoken = tokenize("2^x plus y minus z times w");
    expect(spoken).toContain("2^x");
    for (const word of ["plus", "minus", "tim", "times"]) expect(spoken).not.toContain(word);
  });

  it("checks the stem as well as the word: 'others' is the function word 'other'", () => {
    expect(tokenize("distances to the others")).toEqual(["distanc"]);
  });

  it("keeps operator words inside the concepts they spell", () => {
    expect(tokenize("a sequence of plus and minus ones")).toContain("plus-minus-one");
  });
});

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

describe("powers read aloud", () => {
  it("reads '2 to the x', 'n to the k-th power', 'n squared' and 'n cubed' as powers", () => {
    expect(tokenize("two raised to the x")).toContain("2^x");
    expect(tokenize("n to the k-th power")).toContain("n^k");
    expect(tokenize("n squared")).toContain("n^2");
    expect(tokenize("a constant times n cubed")).toContain("n^3");
  });

  it("needs a variable or number as the base when the word 'power' is absent", () => {
    expect(foldText("it belongs to the a_i")).toBe("it belongs to the a_i");
    expect(tokenize("the squared distance")).not.toContain("the^2");
  });

  it("reads (log N)^2 and log^2 N as one parameter", () => {
    expect(tokenize("$o((\\log N)^2)$")).toContain("log^2");
    expect(tokenize("$\\log^2 N$")).toContain("log^2");
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
