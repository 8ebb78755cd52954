// The statement's opening question as its own field: remarks after it (history, references) are
// scored with the statement but are not content a query must explain.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import type { DiscoveryIndex, IndexedDocument } from "../../../src/features/discovery/domain/discovery-index.js";
import { unexplainedShare } from "../../../src/features/discovery/domain/rerank-features.js";
import { buildSparseDocument, questionOf } from "../../../src/features/discovery/domain/sparse-document.js";
import { tokenize } from "../../../src/text/normalize.js";
import { buildProblem } from "./discovery-fixtures.js";

const QUESTION = "Does every triangle-free graph on $5n$ vertices contain at most $n^5$ copies of $C_5$?";
const REMARKS =
  "Győri proved this with $1.03n^5$, which Füredi improved. Grzesik and, independently, Hatami, Hladký, Král', Norine and Razborov proved it.";

describe("questionOf", () => {
  it("keeps the first paragraph and drops the remarks after a blank line", () => {
    expect(questionOf(`${QUESTION}\n\n${REMARKS}`)).toBe(QUESTION);
    expect(questionOf(QUESTION)).toBe(QUESTION);
    expect(questionOf(null)).toBeNull();
  });

  it("reads past a heading paragraph to the question itself", () => {
    expect(questionOf(`**Brocard's Conjecture**\n\n${QUESTION}\n\n${REMARKS}`)).toBe(
      `**Brocard's Conjecture**\n\n${QUESTION}`,
    );
  });

  it("indexes the question in its own field and the whole statement in the statement field", () => {
    const fields = buildSparseDocument(
      buildProblem({ stableId: "cp:x", statement: `${QUESTION}\n\n${REMARKS}` }),
    ).fields;
    expect(fields.question).toHaveProperty("c_5");
    expect(fields.question).not.toHaveProperty("grzesik");
    expect(fields.statement).toHaveProperty("grzesik");
  });
});

function documentOf(index: DiscoveryIndex, problemId: string): IndexedDocument {
  const document = [...index.documentsWith("c_5")].find((candidate) => candidate.entry.problemId === problemId);
  if (document === undefined) throw new Error(`${problemId} is not indexed`);
  return document;
}

describe("unexplained content", () => {
  it("does not count a statement's remarks against it: names in its history are no extra condition", () => {
    const index = buildDiscoveryIndex([
      buildProblem({ stableId: "cp:with-remarks", statement: `${QUESTION}\n\n${REMARKS}` }),
      buildProblem({ stableId: "cp:bare", statement: QUESTION }),
      buildProblem({ stableId: "cp:other", statement: "Is every planar graph four-colourable?" }),
    ]);
    const query = new Set(tokenize("copies of C_5 in a triangle-free graph on 5n vertices"));
    const withRemarks = unexplainedShare(index, documentOf(index, "cp:with-remarks"), query);
    expect(withRemarks).toBeCloseTo(unexplainedShare(index, documentOf(index, "cp:bare"), query), 10);
  });
});
