// Premise retrieval as plain data: index rows, retrieval inputs, graded queries and ranked results.
// Grading truth (expected ids) lives only in GradedQuery, never in what a scorer receives.

import type { SPLITS } from "./premises.constants.js";

export type Split = (typeof SPLITS)[number];

/** One public Lean declaration's metadata; never its proof. */
export interface Premise {
  premiseId: string;
  namespace: string;
  declName: string;
  kind: string;
  module: string;
  /** Position in its module; null when the source does not say (hand-written fixtures). */
  declIndex: number | null;
  statementExcerpt: string;
  docstring: string | null;
  retrievalTerms: string[];
  allowedForSplit: Split[];
  strategyTags: string[];
}

/** Everything a scorer may see about a query. */
export interface RetrievalQuery {
  queryId: string;
  text: string;
  terms: string[];
  split: Split;
  strategy: string;
  topK: number;
  recipeId: string | null;
  /** Where the query theorem sits: premises at or after it in the same module are not candidates. */
  module: string | null;
  declIndex: number | null;
  excludePremiseIds: string[];
}

/** A retrieval input plus the ids it should surface, kept apart so grading cannot leak into scoring. */
export interface GradedQuery {
  query: RetrievalQuery;
  expectedPremiseIds: string[];
}

/** A public citation: a training query's text and the premises its proof cites. */
export interface Citation {
  queryId: string;
  split: Split;
  text: string;
  citedPremiseIds: string[];
}

/** Named score parts; they sum to the score, so every rank can be explained. */
export type ScoreComponents = Record<string, number>;

export interface RankedPremise {
  rank: number;
  premiseId: string;
  score: number;
  components: ScoreComponents;
}

export interface RetrievalResult {
  queryId: string;
  strategy: string;
  split: Split;
  consideredCount: number;
  ranked: RankedPremise[];
}
