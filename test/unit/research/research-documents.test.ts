// A research record's sparse document counts the tokens of its title and of each sentence of its body: one
// analysis, shared with the memory view's checkpoint, and no token made of words from two sentences.
import { describe, expect, it } from "vitest";
import { researchDocumentContent } from "../../../src/features/research/projection/research-documents.js";
import { tokenize } from "../../../src/text/normalize.js";
import { sentencesOf, tokenizeSentences } from "../../../src/text/sentences.js";

const row = (title: string, body: string) => ({ title, body, branchName: null, artifact: null, formal: null });

describe("research sparse documents", () => {
  it("count a body's tokens sentence by sentence", () => {
    const body = "The argument is arithmetic. Progression of the bound follows.";
    // Analysed whole, the two sentences would make a phrase of their last and first words.
    expect(tokenize(body)).toContain("arithmetic-progression");
    const { fields, length } = researchDocumentContent(row("Arithmetic progressions", body));
    expect(fields.body).toEqual({ argument: 1, arithmetic: 1, progression: 1, bound: 1 });
    expect(fields.title).toEqual({ arithmetic: 1, progression: 1, "arithmetic-progression": 1 });
    expect(length).toBe(7);
  });

  it("take the analysis a write hands them, and give what they would make of the text themselves", () => {
    const record = row("Second moment bound", "The variance is small.\n\nIt bounds sumsets. Done!");
    const analysed = tokenizeSentences(record.title, record.body);
    expect(analysed.body).toHaveLength(3);
    expect(researchDocumentContent(record, analysed)).toEqual(researchDocumentContent(record));
    const handed = { title: ["handed"], body: [["over"]], sentences: ["Over."] };
    expect(researchDocumentContent(record, handed).fields.body).toEqual({ over: 1 });
  });
});

describe("sentencesOf", () => {
  it("splits after sentence punctuation and at blank lines, collapsing spaces", () => {
    expect(sentencesOf("One.  Two?\tThree!\n\nFour\nfive\n\n\n")).toEqual(["One.", "Two?", "Three!", "Four five"]);
    expect(sentencesOf("  ")).toEqual([]);
  });
});
