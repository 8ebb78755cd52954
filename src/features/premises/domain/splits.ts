// Split and top_k guards shared by the index loader, the query parser and the eval harness.
// Unknown values are refused with typed errors instead of being coerced.

import type { Split } from "./premise.types.js";
import { SPLITS, TOP_K_MAX, TOP_K_MIN } from "./premises.constants.js";
import { TopKOutOfRangeError, UnknownSplitError } from "./premises.errors.js";

export function isSplit(value: unknown): value is Split {
  return typeof value === "string" && (SPLITS as readonly string[]).includes(value);
}

export function parseSplit(value: unknown): Split {
  if (!isSplit(value)) throw new UnknownSplitError(String(value));
  return value;
}

export function parseTopK(value: unknown): number {
  const topK = typeof value === "number" ? value : Number.NaN;
  if (!Number.isInteger(topK) || topK < TOP_K_MIN || topK > TOP_K_MAX) {
    throw new TopKOutOfRangeError(topK, TOP_K_MIN, TOP_K_MAX);
  }
  return topK;
}
