// Neighbour voting from public citations: the training queries most similar to this query vote
// for the premises their proofs cite. A query never votes for itself (leave-one-out).

import { BASELINE_BM25, NEIGHBOUR_COUNT } from "./premises.constants.js";
import { Bm25Field } from "../../../retrieval/bm25-field.js";
import { addTouchedScore, scaleToUnit } from "./score-arrays.js";
import type { StrategyInputs } from "./strategy.types.js";
import type { QuerySignal } from "./symbol-signals.js";
import { identifierTerms } from "./tokenize.js";

/**
 * The `count` rows of highest positive similarity that `admits`, best first and, among equals, in row
 * order (the order a stable sort by similarity gives). Kept by insertion into a short list, since
 * only a handful of the citations are wanted.
 */
export function mostSimilarRows(similarity: Float64Array, count: number, admits: (row: number) => boolean): number[] {
  const best: number[] = [];
  if (count <= 0) return best;
  for (let row = 0; row < similarity.length; row += 1) {
    const weight = similarity[row] ?? 0;
    if (!(weight > 0)) continue;
    if (best.length === count && weight <= (similarity[best[count - 1] ?? 0] ?? 0)) continue;
    if (!admits(row)) continue;
    let slot = best.length;
    while (slot > 0 && (similarity[best[slot - 1] ?? 0] ?? 0) < weight) slot -= 1;
    best.splice(slot, 0, row);
    if (best.length > count) best.pop();
  }
  return best;
}

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
    const touched: number[] = [];
    if (citations.length === 0) return { values: votes, touched };
    const similarity = new Float64Array(citations.length);
    texts.addScores(terms, similarity);
    const neighbours = mostSimilarRows(similarity, NEIGHBOUR_COUNT, (row) => citations[row]?.queryId !== query.queryId);
    for (const row of neighbours)
      for (const position of cited[row] ?? []) addTouchedScore(votes, touched, position, similarity[row] ?? 0);
    return { values: scaleToUnit(votes, touched), touched };
  };
}
