// Nearest-rank percentiles, the one definition every benchmark and evaluation prints with.

/** `sorted` ascending; `fraction` in [0, 1] (0.95 for p95). 0 for an empty list. */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

/** The same for values in any order. */
export function percentileOf(values: readonly number[], fraction: number): number {
  return percentile(
    [...values].sort((left, right) => left - right),
    fraction,
  );
}
