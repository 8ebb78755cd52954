// Partial selection of the best few positions by score, in exactly the order a stable sort by
// descending score gives: among equal scores, the earlier candidate first.

/** Above this many wanted positions a full sort is cheaper than insertion into the kept list. */
const INSERTION_SELECTION_LIMIT = 64;

/**
 * The first `count` of `candidates` (ascending positions) ranked by descending score, ties kept in
 * candidate order. A shortlist of ten from thousands is one pass that mostly compares a score with the
 * current last kept one; deep rankings (evaluation reads a thousand) sort.
 */
export function topPositions(scores: Float64Array, candidates: readonly number[], count: number): number[] {
  if (count > INSERTION_SELECTION_LIMIT)
    return [...candidates].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0)).slice(0, count);
  const best: number[] = [];
  if (count <= 0) return best;
  // The score a candidate must beat once the list is full; an equal score ranks after the kept ones.
  let floor = -Infinity;
  for (const position of candidates) {
    const score = scores[position] ?? 0;
    if (best.length === count && score <= floor) continue;
    // Shift the kept positions that score lower one place down (the last falls off a full list),
    // rather than splicing, which allocates; the candidate goes in the gap.
    let slot = best.length < count ? best.length : count - 1;
    while (slot > 0 && (scores[best[slot - 1] ?? 0] ?? 0) < score) {
      best[slot] = best[slot - 1] ?? 0;
      slot -= 1;
    }
    best[slot] = position;
    if (best.length === count) floor = scores[best[count - 1] ?? 0] ?? 0;
  }
  return best;
}
