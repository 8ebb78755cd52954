// Neighbour voting from public citations: the training queries most similar to this query vote
// for the premises their proofs cite. A query never votes for itself (leave-one-out).

import { BASELINE_BM25, NEIGHBOUR_COUNT } from "./premises.constants.js";
import { Bm25Field } from "../../../retrieval/bm25-field.js";
import { addScore, scaleToUnit } from "./score-arrays.js";
import type { StrategyInputs } from "./strategy.types.js";
import type { QuerySignal } from "./symbol-signals.js";
import { identifierTerms } from "./tokenize.js";

export function buildNeighbourVoter({ index, citations }: StrategyInputs): QuerySignal {
  const size = index.premises.length;
  const texts = new Bm25Field(
    citations.map((citation) => identifierTerms(citation.text)),
    BASELINE_BM25,
  );
  const cited = citations.map((citation) =>
    citation.citedPremiseIds
      .map((id) => index.positionById.get(id))
      .filter((position): position is number => position !== undefined),
  );
  return (query, terms) => {
    const votes = new Float64Array(size);
    if (citations.length === 0) return votes;
    const similarity = new Float64Array(citations.length);
    texts.addScores(terms, similarity);
    const weightOf = (row: number): number => similarity[row] ?? 0;
    const neighbours = [...similarity.keys()]
      .filter((row) => weightOf(row) > 0 && citations[row]?.queryId !== query.queryId)
      .sort((a, b) => weightOf(b) - weightOf(a))
      .slice(0, NEIGHBOUR_COUNT);
    for (const row of neighbours) for (const position of cited[row] ?? []) addScore(votes, position, weightOf(row));
    return scaleToUnit(votes);
  };
}
