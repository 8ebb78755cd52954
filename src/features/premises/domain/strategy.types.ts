// The contract every retrieval strategy fulfils: dense scores for ranking, and an explanation
// whose named components sum to a premise's score, so no rank is a black box.

import type { Citation, RetrievalQuery, ScoreComponents } from "./premise.types.js";
import type { PremiseIndex } from "./premise-index.js";

export interface StrategyInputs {
  index: PremiseIndex;
  /** Public citations (training queries and the premises their proofs cite); never test-split rows. */
  citations: readonly Citation[];
}

/** One query's scores; explanations are computed only for the premises that get shown. */
export interface QueryScores {
  /** One score per premise position of the index; the ranker applies eligibility afterwards. */
  scores: Float64Array;
  explain(position: number): ScoreComponents;
}

export interface PreparedStrategy {
  id: string;
  score(query: RetrievalQuery): QueryScores;
}

export interface RetrievalStrategy {
  id: string;
  description: string;
  prepare(inputs: StrategyInputs): PreparedStrategy;
}
