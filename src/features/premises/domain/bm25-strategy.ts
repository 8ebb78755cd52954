// The published BM25 baseline (README settings): document = premise id + statement excerpt +
// docstring, query and documents tokenised like retrieval_terms, scored with BASELINE_BM25 (k1 1.2, b 0.75).

import { Bm25Field } from "../../../retrieval/bm25-field.js";
import type { Premise, RetrievalQuery, ScoreComponents } from "./premise.types.js";
import { BASELINE_BM25 } from "./premises.constants.js";
import type { PreparedStrategy, RetrievalStrategy } from "./strategy.types.js";
import { identifierTerms } from "./tokenize.js";

export function baselineDocument(premise: Premise): string[] {
  return identifierTerms(`${premise.premiseId} ${premise.statementExcerpt} ${premise.docstring ?? ""}`);
}

export function queryTerms(query: RetrievalQuery): Set<string> {
  return new Set([...identifierTerms(query.text), ...query.terms.flatMap(identifierTerms)]);
}

export const bm25Strategy: RetrievalStrategy = {
  id: "bm25",
  description: "baseline: Okapi BM25 over premise id + statement + docstring",
  prepare({ index }): PreparedStrategy {
    const field = new Bm25Field(index.premises.map(baselineDocument), BASELINE_BM25);
    return {
      id: "bm25",
      score(query) {
        const terms = queryTerms(query);
        const scores = new Float64Array(index.premises.length);
        field.addScores(terms, scores);
        const explain = (position: number): ScoreComponents => {
          const components: ScoreComponents = {};
          for (const [term, value] of field.explain(terms, position)) components[`bm25:${term}`] = value;
          return components;
        };
        return { scores, explain };
      },
    };
  },
};
