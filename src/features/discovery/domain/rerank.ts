// Second stage over the best-scored candidates: a log-linear model of named evidence about each
// candidate (rerank-features.ts) rescales the first stage's BM25F score. The weights are fit by
// `npm run fit:rerank` on the evaluation set, leave-one-split-out, and kept in RERANK_MODEL.

import { RERANK_DEPTH, RERANK_MODEL } from "./discovery.constants.js";
import type { DiscoveryIndex } from "./discovery-index.js";
import type { QueryTerm } from "./query-terms.js";
import { RERANK_FEATURES, type RerankFeatures } from "./rerank-feature-names.js";
import { rerankFeatures, readRerankQuery } from "./rerank-features.js";
import type { ScoredDocument } from "./scoring.js";

/** The factor a candidate's score is multiplied by: exp of the weighted features (1 when every feature is 0). */
export function rerankFactor(
  features: RerankFeatures,
  model: Readonly<Record<keyof RerankFeatures, number>> = RERANK_MODEL,
): number {
  let logit = 0;
  for (const name of RERANK_FEATURES) logit += model[name] * features[name];
  return Math.exp(logit);
}

/** Rescores the top RERANK_DEPTH candidates and re-sorts them; the tail keeps its order below them. */
export function rerank(
  index: DiscoveryIndex,
  scored: readonly ScoredDocument[],
  terms: readonly QueryTerm[],
  queryTokens: readonly string[],
): ScoredDocument[] {
  const query = readRerankQuery(terms, queryTokens);
  const head = scored.slice(0, RERANK_DEPTH).map((candidate) => {
    const features = rerankFeatures(index, query, candidate);
    const conflicts = query.conflictsOf(candidate.document);
    const factor = rerankFactor(features);
    return {
      ...candidate,
      score: candidate.score * factor,
      secondStage: { factor, features },
      ...(conflicts.length > 0 ? { conflicts } : {}),
    };
  });
  head.sort(
    (left, right) =>
      right.score - left.score || (left.document.entry.problemId < right.document.entry.problemId ? -1 : 1),
  );
  return [...head, ...scored.slice(RERANK_DEPTH)];
}
