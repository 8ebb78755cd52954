// Ranking: the split gate and candidate filters, then score descending with ties broken by
// premise id, cut at top_k, each result carrying the components that explain its score.

import type { Citation, Premise, RetrievalQuery, RetrievalResult } from "./premise.types.js";
import type { PremiseIndex } from "./premise-index.js";
import { parseStrategyId } from "./queries.js";
import { STRATEGIES } from "./strategies.js";
import type { PreparedStrategy, QueryScores } from "./strategy.types.js";
import { refuseTestSplitCitations } from "./citations.js";

export interface PremiseSearchEngine {
  index: PremiseIndex;
  citations: readonly Citation[];
  /** Strategies are prepared on first use and kept for this engine only. */
  prepared: Map<string, PreparedStrategy>;
}

/** Citations are checked here too, so no caller can hand test truth to a strategy. */
export function createPremiseSearchEngine(
  index: PremiseIndex,
  citations: readonly Citation[] = [],
): PremiseSearchEngine {
  refuseTestSplitCitations(citations, "search engine citations");
  return { index, citations, prepared: new Map() };
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

/**
 * The split gate, the query's own exclusions, and the "declared earlier" rule: a premise at or
 * after the query theorem in the same module could not have been cited by its proof.
 */
export function isCandidate(premise: Premise, query: RetrievalQuery, excluded: ReadonlySet<string>): boolean {
  if (!premise.allowedForSplit.includes(query.split)) return false;
  if (excluded.has(premise.premiseId)) return false;
  if (query.module !== null && query.declIndex !== null && premise.module === query.module) {
    return premise.declIndex !== null && premise.declIndex < query.declIndex;
  }
  return true;
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
  const { scores } = scored;
  const excluded = new Set(query.excludePremiseIds);
  const candidates: number[] = [];
  engine.index.premises.forEach((premise, position) => {
    if (isCandidate(premise, query, excluded)) candidates.push(position);
  });
  // Positions follow premise id order, so a stable sort by score alone breaks ties by premise id.
  const positions = candidates.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0)).slice(0, depth);
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
