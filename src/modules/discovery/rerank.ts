// Second stage over the best-scored candidates: exact parameter agreement (a query naming `C_5`
// argues against `C_4`), then coverage both ways: the candidate's own content the query leaves
// unexplained (a neighbour's extra condition) and the query's informative weight the candidate misses.

import { tokenKind } from "../text/normalize.js";
import { PARAMETER_CONFLICT_FACTOR, RERANK_DEPTH, UNCOVERED_QUERY_PENALTY, UNEXPLAINED_CONTENT_PENALTY } from "./discovery.constants.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import { inverseDocumentFrequency, type ScoredDocument } from "./scoring.js";

/** `c_5` -> `c_`, `k_ge_4` -> `k_ge_`, `n^1/3` -> `n^`; null when the value is not a number (`2^n`: letters are arbitrary). */
export function parameterFamily(parameter: string): string | null {
  const match = /^(.*[_^])(-?\d+(?:[./]\d+)?)$/.exec(parameter);
  return match?.[1] ?? null;
}

/** Query parameters the candidate contradicts: it lacks the value but states the same family with another one. */
export function parameterConflicts(queryParameters: readonly string[], candidate: ReadonlySet<string>): string[] {
  const candidateFamilies = new Set([...candidate].map(parameterFamily).filter((family) => family !== null));
  return queryParameters.filter((parameter) => {
    const family = parameterFamily(parameter);
    return family !== null && !candidate.has(parameter) && candidateFamilies.has(family);
  });
}

/**
 * IDF-weighted share of the candidate's identifying content terms that the query does not
 * contain, in [0, 1]. Rare terms dominate: a neighbour's extra condition ("four points on a
 * circle", "copies of C_5") weighs more than the common words every statement uses.
 */
export function unexplainedShare(index: DiscoveryIndex, document: IndexedDocument, queryTerms: ReadonlySet<string>): number {
  let total = 0;
  let unexplained = 0;
  for (const term of document.identifyingTerms) {
    const weight = inverseDocumentFrequency(index.publishedCount, index.publishedFrequency(term));
    total += weight;
    if (!queryTerms.has(term)) unexplained += weight;
  }
  return total > 0 ? unexplained / total : 0;
}

/** Rescores the top RERANK_DEPTH candidates and re-sorts them; the tail keeps its order below them. */
export function rerank(index: DiscoveryIndex, scored: readonly ScoredDocument[], queryTokens: readonly string[]): ScoredDocument[] {
  const queryTerms = new Set(queryTokens);
  const queryParameters = [...queryTerms].filter((token) => tokenKind(token) === "parameter");
  const head = scored.slice(0, RERANK_DEPTH).map((candidate) => {
    const conflicts = parameterConflicts(queryParameters, candidate.document.parameters);
    const agreement = PARAMETER_CONFLICT_FACTOR ** conflicts.length;
    const explained = 1 - UNEXPLAINED_CONTENT_PENALTY * unexplainedShare(index, candidate.document, queryTerms);
    const covered = 1 - UNCOVERED_QUERY_PENALTY * (1 - candidate.coverage);
    return { ...candidate, score: candidate.score * agreement * explained * covered, ...(conflicts.length > 0 ? { conflicts } : {}) };
  });
  head.sort((left, right) => right.score - left.score || (left.document.entry.problemId < right.document.entry.problemId ? -1 : 1));
  return [...head, ...scored.slice(RERANK_DEPTH)];
}
