import { describe, expect, it } from "vitest";
import { loadPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import {
  DuplicatePremiseIdError,
  EmptyQueryError,
  MalformedJsonlError,
  QueryTooLongError,
  TopKOutOfRangeError,
  UnknownSplitError,
} from "../../../src/features/premises/domain/premises.errors.js";
import { MAX_QUERY_TEXT_CHARS } from "../../../src/features/premises/domain/premises.constants.js";
import { loadGradedQueries, parseRetrievalInput } from "../../../src/features/premises/domain/queries.js";

function premiseLine(premiseId: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    premise_id: premiseId,
    namespace: "",
    decl_name: premiseId,
    statement_excerpt: `theorem ${premiseId} : True`,
    retrieval_terms: [premiseId],
    allowed_for_split: ["train", "dev", "test"],
    ...overrides,
  });
}

const query = { query_id: "q", text: "append length", split: "dev", strategy: "bm25", top_k: 5 };

function caught(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

describe("bad premise-index input", () => {
  it("reports every malformed line by number and loads nothing", () => {
    const text = [premiseLine("a"), "{not json", premiseLine("b"), JSON.stringify({ premise_id: "c" }), "[1, 2]"].join(
      "\n",
    );
    const error = caught(() => loadPremiseIndex(text));
    expect(error).toBeInstanceOf(MalformedJsonlError);
    const lines = (error as MalformedJsonlError).problems.map((problem) => problem.line);
    expect(new Set(lines)).toEqual(new Set([2, 4, 5]));
    expect((error as MalformedJsonlError).code).toBe("MALFORMED_JSONL");
  });

  it("refuses duplicate premise ids with both line numbers", () => {
    const error = caught(() => loadPremiseIndex([premiseLine("a"), premiseLine("b"), premiseLine("a")].join("\n")));
    expect(error).toBeInstanceOf(DuplicatePremiseIdError);
    expect((error as DuplicatePremiseIdError).lines).toEqual([1, 3]);
  });

  it("refuses unknown splits in allowed_for_split", () => {
    expect(() => loadPremiseIndex(premiseLine("a", { allowed_for_split: ["dev", "validation"] }))).toThrow(
      UnknownSplitError,
    );
  });

  it("ignores blank lines and keeps the input order irrelevant", () => {
    const index = loadPremiseIndex(`${premiseLine("b")}\n\n${premiseLine("a")}\n`);
    expect(index.premises.map((premise) => premise.premiseId)).toEqual(["a", "b"]);
  });
});

describe("bad retrieval input", () => {
  it("refuses a text and terms longer than the limit, counting both", () => {
    const half = "append ".repeat(Math.ceil(MAX_QUERY_TEXT_CHARS / 2 / 7));
    const error = caught(() => parseRetrievalInput({ ...query, text: half, terms: [half] }));
    expect(error).toBeInstanceOf(QueryTooLongError);
    expect((error as QueryTooLongError).code).toBe("QUERY_TOO_LONG");
    expect(parseRetrievalInput({ ...query, text: half }).text).toBe(half);
  });

  it("refuses an unknown split", () => {
    expect(() => parseRetrievalInput({ ...query, split: "holdout" })).toThrow(UnknownSplitError);
  });

  it.each([0, 100_000, 2.5, -1])("refuses top_k %s", (topK) => {
    expect(() => parseRetrievalInput({ ...query, top_k: topK })).toThrow(TopKOutOfRangeError);
  });

  it("accepts the range ends", () => {
    expect(parseRetrievalInput({ ...query, top_k: 1 }).topK).toBe(1);
    expect(parseRetrievalInput({ ...query, top_k: 1000 }).topK).toBe(1000);
  });

  it("refuses an empty query (no text, no terms, or only punctuation)", () => {
    expect(() => parseRetrievalInput({ ...query, text: "" })).toThrow(EmptyQueryError);
    expect(() => parseRetrievalInput({ ...query, text: "  ∀ → : ", terms: [" "] })).toThrow(EmptyQueryError);
    expect(parseRetrievalInput({ ...query, text: "", terms: ["append"] }).terms).toEqual(["append"]);
  });

  it("loads a graded query file all-or-nothing, with line numbers", () => {
    const rows = [
      JSON.stringify({ ...query, expected_premise_ids: ["a"] }),
      JSON.stringify({ ...query, expected_premise_ids: "a", terms: 3 }),
    ];
    const error = caught(() => loadGradedQueries(rows.join("\n")));
    expect(error).toBeInstanceOf(MalformedJsonlError);
    expect((error as MalformedJsonlError).problems.every((problem) => problem.line === 2)).toBe(true);
    expect((error as MalformedJsonlError).problems).toHaveLength(2);
  });
});
