// The seed's transparent strategy, exactly: lowercase token counts over the five public fields,
// score = sum over shared tokens of the smaller count, +1 for a premise tagged with the query's strategy.

import type { Premise, RetrievalQuery, ScoreComponents } from "./premise.types.js";
import { SEED_STRATEGY_ID, SEED_STRATEGY_TAG_BONUS } from "./premises.constants.js";
import { addScore } from "./score-arrays.js";
import type { PreparedStrategy, RetrievalStrategy, StrategyInputs } from "./strategy.types.js";
import { countTokens, wordTokens } from "./tokenize.js";

/** The five inspectable fields, read as one haystack of token counts. */
export function premiseHaystack(premise: Premise): Map<string, number> {
  const fields = [
    premise.premiseId,
    premise.namespace,
    premise.declName,
    premise.statementExcerpt,
    premise.retrievalTerms.join(" "),
  ];
  return countTokens(fields.flatMap(wordTokens));
}

export function queryTokenCounts(query: RetrievalQuery): Map<string, number> {
  return countTokens([...wordTokens(query.text), ...query.terms.flatMap(wordTokens)]);
}

function prepare({ index }: StrategyInputs): PreparedStrategy {
  const haystacks = index.premises.map(premiseHaystack);
  const postings = new Map<string, Array<[position: number, count: number]>>();
  haystacks.forEach((haystack, position) => {
    for (const [token, count] of haystack) {
      const list = postings.get(token) ?? [];
      list.push([position, count]);
      postings.set(token, list);
    }
  });

  const explain = (query: RetrievalQuery, position: number): ScoreComponents => {
    const components: ScoreComponents = {};
    const haystack = haystacks[position] ?? new Map<string, number>();
    for (const [token, queryCount] of queryTokenCounts(query)) {
      const count = haystack.get(token);
      if (count !== undefined) components[`overlap:${token}`] = Math.min(queryCount, count);
    }
    if (index.premises[position]?.strategyTags.includes(query.strategy))
      components.strategy_tag = SEED_STRATEGY_TAG_BONUS;
    return components;
  };

  return {
    id: SEED_STRATEGY_ID,
    score(query) {
      const scores = new Float64Array(index.premises.length);
      for (const [token, queryCount] of queryTokenCounts(query)) {
        for (const [position, count] of postings.get(token) ?? [])
          addScore(scores, position, Math.min(queryCount, count));
      }
      index.premises.forEach((premise, position) => {
        if (premise.strategyTags.includes(query.strategy)) addScore(scores, position, SEED_STRATEGY_TAG_BONUS);
      });
      return { scores, explain: (position) => explain(query, position) };
    },
  };
}

export const seedTermOverlapStrategy: RetrievalStrategy = {
  id: SEED_STRATEGY_ID,
  description: "seed: lowercase token-count overlap over five fields, +1 strategy tag",
  prepare,
};
