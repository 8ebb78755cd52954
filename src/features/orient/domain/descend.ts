// Stage 3: choose the branches to descend into. Only matching branches are opened, at most a few,
// and the project root (which holds everything) never counts as a selection: it is the summary level.
import { ROOT_BRANCH } from "../../memory/domain/branch-derivation.js";
import { DESCEND_BRANCHES } from "./orient.constants.js";
import type { RankedCheckpoint } from "./rank-checkpoints.js";

export interface Descent {
  selected: RankedCheckpoint[];
  /** True when the query stopped at project summaries (nothing below matched). */
  stoppedAtSummary: boolean;
}

export function chooseBranches(ranked: readonly RankedCheckpoint[], limit = DESCEND_BRANCHES): Descent {
  const matching = ranked.filter((checkpoint) => checkpoint.score > 0 && checkpoint.name !== ROOT_BRANCH);
  // A branch whose matched terms are all covered by an already chosen branch adds no new route.
  const selected: RankedCheckpoint[] = [];
  const covered = new Set<string>();
  for (const checkpoint of matching) {
    if (selected.length >= limit) break;
    const adds = checkpoint.matchedTerms.some((term) => !covered.has(term));
    if (!adds && selected.length > 0 && checkpoint.kind !== "APPROACH") continue;
    selected.push(checkpoint);
    for (const term of checkpoint.matchedTerms) covered.add(term);
  }
  return { selected, stoppedAtSummary: selected.length === 0 };
}
