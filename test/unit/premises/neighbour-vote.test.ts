import { describe, expect, it } from "vitest";
import type { Citation, Premise, RetrievalQuery } from "../../../src/features/premises/domain/premise.types.js";
import { buildPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import { TestSplitTuningAttemptError } from "../../../src/features/premises/domain/premises.errors.js";
import { createPremiseSearchEngine, searchPremises } from "../../../src/features/premises/domain/search.js";

const premises: Premise[] = ["Alpha.one", "Beta.two"].map((premiseId) => ({
  premiseId,
  namespace: "",
  declName: premiseId,
  kind: "theorem",
  module: "M",
  declIndex: null,
  statementExcerpt: `theorem ${premiseId} : True`,
  docstring: null,
  retrievalTerms: [],
  allowedForSplit: ["train", "dev", "test"],
  strategyTags: [],
}));

const query: RetrievalQuery = {
  queryId: "dev-1",
  text: "theorem widget_frobnicate : widget = frobnicate",
  terms: [],
  split: "dev",
  strategy: "symbol-vote",
  topK: 2,
  recipeId: null,
  module: null,
  declIndex: null,
  excludePremiseIds: [],
};

describe("symbol-vote neighbour voting", () => {
  it("lets similar public citations vote, but never the query's own row (leave-one-out)", () => {
    const own: Citation = { queryId: "dev-1", split: "dev", text: query.text, citedPremiseIds: ["Beta.two"] };
    const neighbour: Citation = {
      queryId: "dev-2",
      split: "dev",
      text: "theorem widget_other : widget",
      citedPremiseIds: ["Alpha.one"],
    };
    const voted = searchPremises(createPremiseSearchEngine(buildPremiseIndex(premises), [own, neighbour]), query);
    expect(voted.ranked[0]?.premiseId).toBe("Alpha.one");
    expect(voted.ranked[0]?.components.neighbour_vote).toBeGreaterThan(0);
    expect(voted.ranked[1]?.components.neighbour_vote).toBeUndefined();
  });

  it("explains every score as the sum of its named components", () => {
    const citation: Citation = { queryId: "dev-2", split: "dev", text: "widget", citedPremiseIds: ["Alpha.one"] };
    const result = searchPremises(createPremiseSearchEngine(buildPremiseIndex(premises), [citation]), query);
    for (const ranked of result.ranked) {
      const sum = Object.values(ranked.components).reduce((total, value) => total + value, 0);
      expect(sum).toBeCloseTo(ranked.score, 10);
    }
  });

  it("refuses test-split citations at engine creation", () => {
    const leaked: Citation = { queryId: "t-1", split: "test", text: "widget", citedPremiseIds: ["Alpha.one"] };
    expect(() => createPremiseSearchEngine(buildPremiseIndex(premises), [leaked])).toThrow(TestSplitTuningAttemptError);
  });
});
