// Helpers for dense per-premise score arrays (one slot per index position), which keep scoring
// the full corpus allocation-light and fast.

/**
 * One signal's values for one query, a slot per premise: premise p's value is `values[p] / scale`, scaled
 * where it is read rather than in a pass of its own. `touched` lists, each once, every premise whose value
 * may be non-zero, so a signal that reaches a few premises is scaled and blended over those premises
 * rather than the corpus; null means the signal is dense and every slot is visited.
 */
export interface SignalValues {
  values: Float64Array;
  scale: number;
  touched: readonly number[] | null;
}

export function addScore(scores: Float64Array, position: number, value: number): void {
  scores[position] = (scores[position] ?? 0) + value;
}

/**
 * Adds a positive value and records the premise the first time it scores, which keeps `touched`
 * free of repeats without a second pass (a slot holding 0 has had nothing added yet).
 */
export function addTouchedScore(scores: Float64Array, touched: number[], position: number, value: number): void {
  if (scores[position] === 0) touched.push(position);
  addScore(scores, position, value);
}

/**
 * The divisor that scales a signal to [0, 1], so its best premise scores 1 and blend weights stay comparable:
 * the maximum, or 1 when nothing scored (dividing by 1 changes no double). With `touched`, only those slots
 * are read: the others hold 0, which cannot raise the maximum.
 */
export function unitScale(values: Float64Array, touched: readonly number[] | null = null): number {
  const count = touched === null ? values.length : touched.length;
  let maximum = 0;
  for (let entry = 0; entry < count; entry += 1) {
    const value = values[touched === null ? entry : (touched[entry] ?? 0)] ?? 0;
    if (value > maximum) maximum = value;
  }
  return maximum > 0 ? maximum : 1;
}
