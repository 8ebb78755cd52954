// Recall grading against expected ids, kept outside every scorer: R@k = |expected ∩ top-k| / |expected|,
// reciprocal rank by the first expected premise found.

export function recallAtK(rankedIds: readonly string[], expectedIds: readonly string[], k: number): number {
  if (expectedIds.length === 0) return 1;
  const top = new Set(rankedIds.slice(0, k));
  return expectedIds.filter((id) => top.has(id)).length / expectedIds.length;
}

export function reciprocalRank(rankedIds: readonly string[], expectedIds: readonly string[]): number {
  const expected = new Set(expectedIds);
  const first = rankedIds.findIndex((id) => expected.has(id));
  return first === -1 ? 0 : 1 / (first + 1);
}

export function missingIds(rankedIds: readonly string[], expectedIds: readonly string[]): string[] {
  const retrieved = new Set(rankedIds);
  return expectedIds.filter((id) => !retrieved.has(id));
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
