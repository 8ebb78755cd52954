// The second stage's feature names (rerank-features.ts measures them): names only, so the constants
// can type RERANK_MODEL, and a scored candidate its features, without importing the feature code.

export const RERANK_FEATURES = [
  /** IDF share of the candidate's identifying content the query does not mention (see unexplainedShare). */
  "unexplained",
  /** Informative query weight the candidate misses: 1 − coverage. */
  "uncovered",
  /** Informative query weight found in the candidate's variant docstrings (the `formal` field). */
  "formalShare",
  /** log(1 + distinct identifying terms): a long statement shares words with any query by chance. */
  "identifyingSize",
  /** Share of the query's numbers the candidate's statement or definitions state (0 when the query states none); titles number problems. */
  "numberAgreement",
  /** Share of the query's content words, rare or common, the candidate contains anywhere. */
  "wordCoverage",
] as const;
export type RerankFeatureName = (typeof RERANK_FEATURES)[number];
export type RerankFeatures = Record<RerankFeatureName, number>;
