// Second abstention test, after scoring: a query is generic when many published problems satisfy
// all of its informative evidence. "points in the plane" passes the first test (one rare-enough
// word), but fifty problems contain every informative thing it says, so it names none of them.

import { FULLY_COVERING_FLOOR, MAX_FULLY_COVERING_FRACTION } from "./discovery.constants.js";
import type { ScoredDocument } from "./scoring.js";

/** Coverage at or above this counts as full (coverage is a ratio of float sums). */
const FULL_COVERAGE = 1 - 1e-9;

/** Published candidates covering every informative query group, against the share of the catalogue that makes a query generic. */
export function coversTooMany(published: readonly ScoredDocument[], publishedCount: number): boolean {
  const limit = Math.max(FULLY_COVERING_FLOOR, MAX_FULLY_COVERING_FRACTION * publishedCount);
  let fully = 0;
  for (const candidate of published) if (candidate.coverage >= FULL_COVERAGE && ++fully > limit) return true;
  return false;
}
