// Second stage over the best-scored candidates: exact parameter agreement. A query that names
// `C_5` or `k ≥ 4` argues against a candidate stating `C_4` or `k ≥ 3` (a near-neighbour variant).

import { tokenKind } from "../text/normalize.js";
import { PARAMETER_CONFLICT_FACTOR, RERANK_DEPTH } from "./discovery.constants.js";
import type { ScoredDocument } from "./scoring.js";

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

/** Rescores the top RERANK_DEPTH candidates and re-sorts them; the tail keeps its order below them. */
export function rerank(scored: readonly ScoredDocument[], queryTokens: readonly string[]): ScoredDocument[] {
  const queryParameters = [...new Set(queryTokens.filter((token) => tokenKind(token) === "parameter"))];
  if (queryParameters.length === 0) return [...scored];
  const head = scored.slice(0, RERANK_DEPTH).map((candidate) => {
    const conflicts = parameterConflicts(queryParameters, candidate.document.parameters);
    return conflicts.length === 0 ? candidate : { ...candidate, score: candidate.score * PARAMETER_CONFLICT_FACTOR ** conflicts.length, conflicts };
  });
  head.sort((left, right) => right.score - left.score || (left.document.entry.problemId < right.document.entry.problemId ? -1 : 1));
  return [...head, ...scored.slice(RERANK_DEPTH)];
}
