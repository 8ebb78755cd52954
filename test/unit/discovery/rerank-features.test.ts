// The learned second stage: what each feature reads from a candidate, and that the fitted weights
// order neighbours the way the features argue.
import { describe, expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { discover, queryTermsOf } from "../../../src/features/discovery/domain/discover.js";
import type { DiscoveryIndex } from "../../../src/features/discovery/domain/discovery-index.js";
import { RERANK_MODEL } from "../../../src/features/discovery/domain/discovery.constants.js";
import { rerankFactor } from "../../../src/features/discovery/domain/rerank.js";
import { RERANK_FEATURES, type RerankFeatures } from "../../../src/features/discovery/domain/rerank-feature-names.js";
import { readRerankQuery, rerankFeatures } from "../../../src/features/discovery/domain/rerank-features.js";
import { scoreCandidates } from "../../../src/features/discovery/domain/scoring.js";
import { buildProblem, SMALL_CATALOGUE } from "./discovery-fixtures.js";

function featuresOf(index: DiscoveryIndex, query: string, problemId: string): RerankFeatures {
  const { tokens, terms } = queryTermsOf(index, query);
  const candidate = scoreCandidates(index, terms).find((scored) => scored.document.entry.problemId === problemId);
  if (candidate === undefined) throw new Error(`${problemId} is not a candidate for "${query}"`);
  return rerankFeatures(index, readRerankQuery(terms, tokens), candidate);
}

const zero = Object.fromEntries(RERANK_FEATURES.map((name) => [name, 0])) as RerankFeatures;

describe("rerank factor", () => {
  it("is 1 for a candidate with nothing said for or against it, and moves with each feature's fitted sign", () => {
    expect(rerankFactor(zero)).toBe(1);
    expect(rerankFactor({ ...zero, unexplained: 0.5 })).toBeLessThan(1);
    expect(rerankFactor({ ...zero, wordCoverage: 0.5 })).toBeGreaterThan(1);
  });

  it("reads every feature through the model it is given", () => {
    const model = { ...RERANK_MODEL, identifyingSize: 0 };
    expect(rerankFactor({ ...zero, identifyingSize: 3 }, model)).toBe(1);
    expect(rerankFactor({ ...zero, identifyingSize: 3 })).toBeCloseTo(Math.exp(3 * RERANK_MODEL.identifyingSize));
  });
});

describe("rerank features", () => {
  const numbered = buildProblem({
    stableId: "cp:erdos:7",
    number: 7,
    title: "Erdős Problem 7",
    statement: "Does every gizmo sprocket turn the amber way?",
  });
  const stating = buildProblem({
    stableId: "cp:erdos:8",
    number: 8,
    title: "Erdős Problem 8",
    statement: "Does every gizmo sprocket of order 7 turn?",
  });
  const formalOnly = buildProblem({
    stableId: "cp:erdos:9",
    number: 9,
    title: "Erdős Problem 9",
    statement: "Is every gizmo round?",
    formalDeclarations: [
      {
        declName: "Erdos9.variant",
        kind: "theorem",
        statement: "theorem variant : True",
        docstring: "A variant: every gizmo sprocket is a quasar.",
        category: null,
        file: null,
        line: null,
        pinnedWorld: "fixture@0",
        hasAnswerPlaceholder: false,
        proofUsesSorry: false,
      },
    ],
  });
  const index = buildDiscoveryIndex([...SMALL_CATALOGUE, numbered, stating, formalOnly]);

  it("counts a query's number only where a statement states it, not in a title that numbers the problem", () => {
    expect(featuresOf(index, "gizmo sprocket of order 7", "cp:erdos:8").numberAgreement).toBe(1);
    expect(featuresOf(index, "gizmo sprocket of order 7", "cp:erdos:7").numberAgreement).toBe(0);
  });

  it("measures the share of the query's words a candidate uses, rare or common", () => {
    expect(featuresOf(index, "does every gizmo sprocket turn the amber way", "cp:erdos:7").wordCoverage).toBe(1);
    expect(featuresOf(index, "does every gizmo sprocket turn the amber way", "cp:erdos:8").wordCoverage).toBeLessThan(
      1,
    );
  });

  it("measures the informative weight a candidate holds only in its variant docstrings", () => {
    expect(featuresOf(index, "is every gizmo sprocket a quasar", "cp:erdos:9").formalShare).toBeGreaterThan(0);
    expect(featuresOf(index, "is every gizmo round", "cp:erdos:9").formalShare).toBe(0);
  });

  it("an exact restatement outranks a neighbour sharing all but its own word", () => {
    const result = discover(index, "does every gizmo sprocket turn the amber way?");
    expect(result.candidates[0]?.problemId).toBe("cp:erdos:7");
    // The reasons say what the second stage read and the factor it applied.
    expect(result.candidates[0]?.reasons.find((reason) => reason.startsWith("second stage ×"))).toContain(
      "wordCoverage 1.00",
    );
  });
});
