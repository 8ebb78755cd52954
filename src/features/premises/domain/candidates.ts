// Which premises a query may rank: the split gate, the query's own exclusions and the "declared
// earlier" rule, read from per-split masks and module groups built once per search engine.

import type { RetrievalQuery, Split } from "./premise.types.js";
import type { PremiseIndex } from "./premise-index.js";
import { SPLITS } from "./premises.constants.js";

/** What the filters read of the index, laid out so a query visits its exclusions and its module only. */
export interface CandidateFilter {
  index: PremiseIndex;
  /** Per split, 1 where the premise is allowed for it. */
  allowedBySplit: ReadonlyMap<Split, Uint8Array>;
  /** Positions of each module's premises, the only ones the "declared earlier" rule can remove. */
  byModule: ReadonlyMap<string, readonly number[]>;
}

export function buildCandidateFilter(index: PremiseIndex): CandidateFilter {
  const allowedBySplit = new Map<Split, Uint8Array>();
  for (const split of SPLITS)
    allowedBySplit.set(
      split,
      Uint8Array.from(index.premises, (premise) => (premise.allowedForSplit.includes(split) ? 1 : 0)),
    );
  const byModule = new Map<string, number[]>();
  index.premises.forEach((premise, position) => {
    const group = byModule.get(premise.module) ?? [];
    group.push(position);
    byModule.set(premise.module, group);
  });
  return { index, allowedBySplit, byModule };
}

/**
 * Candidate positions in ascending order (premise id order). A premise is a candidate when it is allowed for
 * the query's split, not excluded by the query, and, in the query theorem's own module, declared before it:
 * a premise at or after the theorem could not have been cited by its proof.
 */
export function candidatePositions(filter: CandidateFilter, query: RetrievalQuery): number[] {
  const { index } = filter;
  const eligible = Uint8Array.from(filter.allowedBySplit.get(query.split) ?? []);
  for (const premiseId of query.excludePremiseIds) {
    const position = index.positionById.get(premiseId);
    if (position !== undefined) eligible[position] = 0;
  }
  if (query.module !== null && query.declIndex !== null)
    for (const position of filter.byModule.get(query.module) ?? []) {
      const declIndex = index.premises[position]?.declIndex ?? null;
      if (declIndex === null || declIndex >= query.declIndex) eligible[position] = 0;
    }
  const candidates: number[] = [];
  for (let position = 0; position < eligible.length; position += 1)
    if (eligible[position] === 1) candidates.push(position);
  return candidates;
}
