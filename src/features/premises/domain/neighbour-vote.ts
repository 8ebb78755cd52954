// Neighbour voting from public citations: the training queries most similar to this query vote
// for the premises their proofs cite. A query never votes for itself (leave-one-out).

import { BASELINE_BM25, NEIGHBOUR_COUNT } from "./premises.constants.js";
import { Bm25Field } from "../../../retrieval/bm25-field.js";
import { addTouchedScore, SignalScratch, unitScale } from "./score-arrays.js";
import type { StrategyInputs } from "./strategy.types.js";
import { topPositions } from "./top-positions.js";
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
  // Each citation's query as a small number, so leaving the query's own rows out compares numbers, not ids.
  const queryNumbers = new Map<string, number>();
  for (const { queryId } of citations) if (!queryNumbers.has(queryId)) queryNumbers.set(queryId, queryNumbers.size);
  const rowQuery = Int32Array.from(citations, ({ queryId }) => queryNumbers.get(queryId) ?? -1);
  // Reused query after query (see SignalScratch); similarity has one slot per citation and is zeroed whole.
  const scratch = new SignalScratch(size);
  const similarity = new Float64Array(citations.length);
  const voters: number[] = [];
  return (query, { terms }) => {
    const touched = scratch.begin();
    const votes = scratch.values;
    if (citations.length === 0) return { values: votes, scale: 1, touched };
    similarity.fill(0);
    texts.addScores(terms, similarity);
    const own = queryNumbers.get(query.queryId) ?? -1;
    voters.length = 0;
    for (let row = 0; row < citations.length; row += 1)
      if ((similarity[row] ?? 0) > 0 && rowQuery[row] !== own) voters.push(row);
    const neighbours = topPositions(similarity, voters, NEIGHBOUR_COUNT);
    for (const row of neighbours)
      for (const position of cited[row] ?? []) addTouchedScore(votes, touched, position, similarity[row] ?? 0);
    return { values: votes, scale: unitScale(votes, touched), touched };
  };
}
