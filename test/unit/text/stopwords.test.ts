// Stopwords: function, discourse and operator words (lexicon/words.yaml) are dropped from the token stream,
// checked on the stem as well as the word.
import { describe, expect, it } from "vitest";
import { tokenize } from "../../../src/text/normalize.js";

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

it("drops 'vs' and 'versus', connectors between two names", () => {
  expect(tokenize("p vs np")).toEqual(tokenize("P versus NP"));
  expect(tokenize("P versus NP")).not.toContain("versus");
});

it("drops 'like', a hedge of a request ('something like', 'I'd like')", () => {
  expect(tokenize("something like a Turán density question")).not.toContain("lik");
  expect(tokenize("Euler's conjecture on sums of like powers")).toEqual(
    tokenize("Euler's conjecture on sums of powers"),
  );
});
