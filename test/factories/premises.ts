// Premise retrieval factories: a valid premise row and a retrieval query, overridable field by field,
// so a ranking test builds exactly the small index it reads.
import type { Premise, RetrievalQuery } from "../../src/features/premises/domain/premise.types.js";

/** A theorem in module M, allowed for every split; ids and names come from the caller's overrides. */
export function buildPremise(overrides: Partial<Premise> = {}): Premise {
  return {
    premiseId: "P.x",
    namespace: "P",
    declName: "x",
    kind: "theorem",
    module: "M",
    declIndex: null,
    statementExcerpt: "theorem x : True",
    docstring: null,
    retrievalTerms: [],
    allowedForSplit: ["train", "dev", "test"],
    strategyTags: [],
    ...overrides,
  };
}

/** A dev query for the default strategy with no module position and no exclusions. */
export function buildRetrievalQuery(overrides: Partial<RetrievalQuery> = {}): RetrievalQuery {
  return {
    queryId: "q",
    text: "",
    terms: [],
    split: "dev",
    strategy: "symbol-vote",
    topK: 10,
    recipeId: null,
    module: null,
    declIndex: null,
    excludePremiseIds: [],
    ...overrides,
  };
}
