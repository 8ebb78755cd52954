// Ranking: the split gate and candidate filters, then score descending with ties broken by
// premise id, cut at top_k, each result carrying the components that explain its score.

import { buildCandidateFilter, type CandidateFilter, candidatePositions } from "./candidates.js";
import type { Citation, RetrievalQuery, RetrievalResult } from "./premise.types.js";
import type { PremiseIndex } from "./premise-index.js";
import { parseStrategyId } from "./queries.js";
import { STRATEGIES } from "./strategies.js";
import type { PreparedStrategy, QueryScores } from "./strategy.types.js";
import { refuseTestSplitCitations } from "./citations.js";
import { topPositions } from "./top-positions.js";

export interface PremiseSearchEngine {
  index: PremiseIndex;
  citations: readonly Citation[];
  /** Strategies are prepared on first use and kept for this engine only. */
  prepared: Map<string, PreparedStrategy>;
  /** The candidate rules' view of the index, built with the engine. */
  candidates: CandidateFilter;
}

/** Citations are checked here too, so no caller can hand test truth to a strategy. */
export function createPremiseSearchEngine(
  index: PremiseIndex,
  citations: readonly Citation[] = [],
): PremiseSearchEngine {
  refuseTestSplitCitations(citations, "search engine citations");
  return { index, citations, prepared: new Map(), candidates: buildCandidateFilter(index) };
}

function preparedStrategy(engine: PremiseSearchEngine, strategyId: string): PreparedStrategy {
  const id = parseStrategyId(strategyId);
  let prepared = engine.prepared.get(id);
  if (prepared === undefined) {
    const strategy = STRATEGIES.find((candidate) => candidate.id === id);
    if (strategy === undefined) throw new Error(`strategy ${id} is allowed but not registered`);
    prepared = strategy.prepare({ index: engine.index, citations: engine.citations });
    engine.prepared.set(id, prepared);
  }
  return prepared;
}

export interface Ranking {
  strategy: PreparedStrategy;
  consideredCount: number;
  /** Premise positions, best first, at most `depth` of them. */
  positions: number[];
  scored: QueryScores;
}

/** Ranks without explanations; evaluation reads deep rankings (for MRR) and needs no components. */
export function rankCandidates(engine: PremiseSearchEngine, query: RetrievalQuery, depth: number): Ranking {
  const strategy = preparedStrategy(engine, query.strategy);
  const scored = strategy.score(query);
  const candidates = candidatePositions(engine.candidates, query);
  // Candidates follow premise id order, and the selection keeps that order among equal scores.
  const positions = topPositions(scored.scores, candidates, depth);
  return { strategy, consideredCount: candidates.length, positions, scored };
}

/** The public search: top_k results, each with the named components that sum to its score. */
export function searchPremises(engine: PremiseSearchEngine, query: RetrievalQuery): RetrievalResult {
  const { strategy, consideredCount, positions, scored } = rankCandidates(engine, query, query.topK);
  return {
    queryId: query.queryId,
    strategy: strategy.id,
    split: query.split,
    consideredCount,
    ranked: positions.map((position, offset) => ({
      rank: offset + 1,
      premiseId: engine.index.premises[position]?.premiseId ?? "",
      score: scored.scores[position] ?? 0,
      components: scored.explain(position),
    })),
  };
}
