// The stronger transparent strategy: a weighted sum of inspectable signals — field BM25 on text
// and names, exact symbol mentions, module proximity, and neighbour votes from public citations.

import type { ScoreComponents } from "./premise.types.js";
import { SYMBOL_VOTE_WEIGHTS, type SymbolVoteWeights } from "./premises.constants.js";
import type { PreparedStrategy, RetrievalStrategy, StrategyInputs } from "./strategy.types.js";
import { buildSymbolSignals, type QuerySignal, queryTokens, type SymbolSignals } from "./symbol-signals.js";
import { buildNeighbourVoter } from "./neighbour-vote.js";

export const SYMBOL_VOTE_ID = "symbol-vote";

export function prepareSymbolVote(
  inputs: StrategyInputs,
  weights: SymbolVoteWeights = SYMBOL_VOTE_WEIGHTS,
): PreparedStrategy {
  const size = inputs.index.premises.length;
  const signals: SymbolSignals = buildSymbolSignals(inputs.index);
  const voter = buildNeighbourVoter(inputs);
  const named: Array<[name: string, weight: number, signal: QuerySignal]> = [
    ["text_bm25", weights.textBm25, signals.textBm25],
    ["name_bm25", weights.nameBm25, signals.nameBm25],
    ["symbol_mention", weights.symbolMention, signals.symbolMention],
    ["module_proximity", weights.moduleProximity, signals.moduleProximity],
    ["neighbour_vote", weights.neighbourVote, voter],
    ["strategy_tag", weights.strategyTag, signals.strategyTag],
  ];
  const active = named.filter(([, weight]) => weight !== 0);
  // The signals reuse their arrays query after query, so an explanation reads them only until the next query.
  let queryCount = 0;

  return {
    id: SYMBOL_VOTE_ID,
    score(query) {
      queryCount += 1;
      const thisQuery = queryCount;
      const tokens = queryTokens(query);
      const parts = active.map(([, , signal]) => signal(query, tokens));
      const scores = new Float64Array(size);
      // Signals are added in the same order for every premise, so each score is the same sum of doubles;
      // skipping a premise a sparse signal leaves at 0 adds nothing a dense pass would have changed.
      for (let signal = 0; signal < parts.length; signal += 1) {
        const { values, scale, touched } = parts[signal]!;
        const weight = active[signal]?.[1] ?? 0;
        // A dense first signal writes its terms rather than adding them to the zeros there: 0 + x is x for
        // every x but -0, which a positive weight never gives.
        if (touched === null && signal === 0 && weight > 0)
          for (let position = 0; position < size; position += 1)
            scores[position] = weight * ((values[position] ?? 0) / scale);
        else if (touched === null)
          for (let position = 0; position < size; position += 1)
            scores[position] = (scores[position] ?? 0) + weight * ((values[position] ?? 0) / scale);
        else
          for (const position of touched)
            scores[position] = (scores[position] ?? 0) + weight * ((values[position] ?? 0) / scale);
      }
      const explain = (position: number): ScoreComponents => {
        if (thisQuery !== queryCount) throw new Error("symbol-vote: explain a result before scoring the next query");
        const components: ScoreComponents = {};
        parts.forEach(({ values, scale }, signal) => {
          const [name, weight] = active[signal] ?? ["?", 0];
          const value = weight * ((values[position] ?? 0) / scale);
          if (value !== 0) components[name] = value;
        });
        return components;
      };
      return { scores, explain };
    },
  };
}

export const symbolVoteStrategy: RetrievalStrategy = {
  id: SYMBOL_VOTE_ID,
  description: "stronger: field BM25 + symbol mentions + module proximity + citation neighbour votes",
  prepare: (inputs) => prepareSymbolVote(inputs),
};
