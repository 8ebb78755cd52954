// Evidence groups (one notion spelled several ways scores once) and the second stage's checks in
// both directions: content a candidate states that the query never mentions, and query weight a candidate misses.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover } from "../../../src/features/discovery/domain/discover.js";
import type { DiscoveryIndex, IndexedDocument } from "../../../src/features/discovery/domain/discovery-index.js";
import { evidenceGroups } from "../../../src/features/discovery/domain/evidence-groups.js";
import { rerank } from "../../../src/features/discovery/domain/rerank.js";
import { unexplainedShare } from "../../../src/features/discovery/domain/rerank-features.js";
import { buildQueryTerms, type QueryTerm } from "../../../src/features/discovery/domain/query-terms.js";
import type { ScoredDocument } from "../../../src/features/discovery/domain/scoring.js";
import { conceptDerivesFrom, tokenize } from "../../../src/text/normalize.js";
import { buildProblem, SMALL_CATALOGUE } from "./discovery-fixtures.js";

describe("evidence groups", () => {
  it("joins a phrase and a concept with the words that spell them; unrelated terms stay alone", () => {
    const terms = ["euler", "totient", "euler-totient", "phi", "graph", "euler~totient"].map((term) => ({
      term,
      kind: term.includes("~") ? "pair" : "word",
    }));
    const groups = evidenceGroups(terms);
    expect(new Set(groups.slice(0, 4)).size).toBe(1);
    expect(groups[4]).not.toBe(groups[0]);
    expect(groups[5]).not.toBe(groups[0]);
  });

  it("a concept named like one of its spellings is its own evidence (`phi` from 'phi function')", () => {
    expect(conceptDerivesFrom("phi", "phi")).toBe(false);
    expect(conceptDerivesFrom("phi", "totient")).toBe(true);
  });

  it("a query spelling one notion four ways does not favour a statement that repeats the spellings over one that states the condition", () => {
    const run = buildProblem({
      stableId: "cp:run",
      statement:
        "For fixed $c>0$ and large $x$, is there $n \\le x$ such that the values $\\phi(n+k)$ are distinct for $1 \\le k \\le (\\log x)^c$?",
    });
    const result = discover(
      buildDiscoveryIndex([...SMALL_CATALOGUE, run]),
      "Euler's totient function takes distinct values on a long run n+1, ..., n+k",
    );
    expect(result.candidates.map((candidate) => candidate.problemId).slice(0, 2)).toEqual(["cp:run", "cp:erdos:1003"]);
  });
});

const NEIGHBOURS = [
  buildProblem({
    stableId: "cp:a-circle",
    title: "Points in the plane",
    statement:
      "Are there $n$ points in the plane, no three on a line and no four on a circle, with all pairwise distances integers?",
  }),
  buildProblem({
    stableId: "cp:b-plain",
    title: "Points in the plane",
    statement: "Are there $n$ points in the plane, no three on a line, with all pairwise distances integers?",
  }),
];
const QUERY = "n points in the plane, no three on a line, all pairwise distances integers";

function documentOf(index: DiscoveryIndex, problemId: string): IndexedDocument {
  const document = [...index.documentsWith(tokenize("points")[0] ?? "")].find(
    (candidate) => candidate.entry.problemId === problemId,
  );
  if (document === undefined) throw new Error(`${problemId} is not indexed`);
  return document;
}

function termsOf(index: DiscoveryIndex): QueryTerm[] {
  return buildQueryTerms(index, tokenize(QUERY));
}

function scoredAs(document: IndexedDocument, coverage: number): ScoredDocument {
  return {
    document,
    score: 10,
    proximity: 0,
    formula: 0,
    relevance: 0.5,
    coverage,
    sharedTerms: [],
    evidenceCount: 2,
    matchedFields: ["statement"],
  };
}

describe("second stage", () => {
  const index = buildDiscoveryIndex([...SMALL_CATALOGUE, ...NEIGHBOURS]);
  const queryTerms = new Set(tokenize(QUERY));

  it("a candidate's unexplained share is zero when the query says all it says, and grows with its own conditions", () => {
    expect(unexplainedShare(index, documentOf(index, "cp:b-plain"), queryTerms)).toBeLessThan(0.1);
    expect(unexplainedShare(index, documentOf(index, "cp:a-circle"), queryTerms)).toBeGreaterThan(0.2);
  });

  it("of two equally scored neighbours, the one stating a condition the query never mentions ranks second", () => {
    const ranked = rerank(
      index,
      [scoredAs(documentOf(index, "cp:a-circle"), 1), scoredAs(documentOf(index, "cp:b-plain"), 1)],
      termsOf(index),
      tokenize(QUERY),
    );
    expect(ranked.map((candidate) => candidate.document.entry.problemId)).toEqual(["cp:b-plain", "cp:a-circle"]);
  });

  it("of two equally scored candidates saying the same, the one covering less of the query's informative weight ranks second", () => {
    const plain = documentOf(index, "cp:b-plain");
    const ranked = rerank(
      index,
      [
        { ...scoredAs(plain, 0.5), document: { ...plain, entry: { ...plain.entry, problemId: "cp:a-half" } } },
        scoredAs(plain, 1),
      ],
      termsOf(index),
      tokenize(QUERY),
    );
    expect(ranked.map((candidate) => candidate.document.entry.problemId)).toEqual(["cp:b-plain", "cp:a-half"]);
  });
});
