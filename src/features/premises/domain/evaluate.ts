// Benchmark evaluation: every graded query is ranked by a strategy with grading truth held apart,
// then Recall@1, Recall@10 and MRR (first hit) are averaged over queries.

import type { Citation, GradedQuery, Split } from "./premise.types.js";
import { DEFAULT_TOP_K, TOP_K_MAX } from "./premises.constants.js";
import { citationsFromGradedQueries } from "./citations.js";
import { mean, recallAtK, reciprocalRank } from "./grading.js";
import { loadGradedQueries } from "./queries.js";
import { type PremiseSearchEngine, rankCandidates } from "./search.js";

/** Reported cut-offs: R@1 (is the best guess right) and R@10 (does the shortlist hold it). */
const REPORTED_CUTOFFS = [1, 10] as const;

export interface StrategyMetrics {
  strategy: string;
  queries: number;
  recallAt1: number;
  recallAt10: number;
  /** Recall at the caller's shortlist size (equal to recallAt10 when top_k is 10). */
  recallAtTopK: number;
  topK: number;
  mrr: number;
}

export function evaluateStrategy(
  engine: PremiseSearchEngine,
  graded: readonly GradedQuery[],
  strategy: string,
  topK = DEFAULT_TOP_K,
): StrategyMetrics {
  const recalls: Record<number, number[]> = { 1: [], 10: [] };
  const recallsAtTopK: number[] = [];
  const reciprocalRanks: number[] = [];
  for (const { query, expectedPremiseIds } of graded) {
    // Ranked to the deepest allowed cut so MRR sees first hits beyond the shortlist.
    const ranking = rankCandidates(engine, { ...query, strategy }, TOP_K_MAX);
    const ids = ranking.positions.map((position) => engine.index.premises[position]?.premiseId ?? "");
    for (const cutoff of REPORTED_CUTOFFS) recalls[cutoff]?.push(recallAtK(ids, expectedPremiseIds, cutoff));
    recallsAtTopK.push(recallAtK(ids, expectedPremiseIds, topK));
    reciprocalRanks.push(reciprocalRank(ids, expectedPremiseIds));
  }
  return {
    strategy,
    queries: graded.length,
    recallAt1: mean(recalls[1] ?? []),
    recallAt10: mean(recalls[10] ?? []),
    recallAtTopK: mean(recallsAtTopK),
    topK,
    mrr: mean(reciprocalRanks),
  };
}

/** Any signal that a row is test truth (its split, its id, its file name) makes it test. */
function looksLikeTest(queryId: string, fileName: string): boolean {
  return /(^|[-_.])test([-_.]|$)/.test(queryId) || /(^|[-_./])test([-_.]|$)/.test(fileName);
}

/**
 * Loads a --train file as public citations. Rows default to the "train" split; a row that is
 * test by split, id or file name triggers the test-split tuning refusal.
 */
export function loadTrainingCitations(jsonlText: string, fileName: string): Citation[] {
  const graded = loadGradedQueries(jsonlText, { split: "train" }, fileName).map((row) => {
    const split: Split = looksLikeTest(row.query.queryId, fileName) ? "test" : row.query.split;
    return { ...row, query: { ...row.query, split } };
  });
  return citationsFromGradedQueries(graded, `training file ${fileName}`);
}

/** The evaluated file as its own training data: citation strategies then skip each query's own row. */
export function leaveOneOutCitations(graded: readonly GradedQuery[], fileName: string): Citation[] {
  return citationsFromGradedQueries(graded, `evaluated file ${fileName} (leave-one-out)`);
}
