// Helpers for dense per-premise score arrays (one slot per index position), which keep scoring
// the full corpus allocation-light and fast.

/**
 * One signal's values for one query, a slot per premise. `touched` lists, each once, every premise whose
 * value may be non-zero, so scaling and blending a signal that reaches a few premises visit those
 * premises rather than the corpus; null means the signal is dense and every slot is visited.
 */
export interface SignalValues {
  values: Float64Array;
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
 * Divides by the maximum so a signal's best premise scores 1 and blend weights stay comparable. With
 * `touched`, only those slots are read and written: the others hold 0, which neither raises the
 * maximum nor changes when divided. (Indexed loops: iterating a typed array with for-of was 4x slower.)
 */
export function scaleToUnit(values: Float64Array, touched: readonly number[] | null = null): Float64Array {
  const count = touched === null ? values.length : touched.length;
  let maximum = 0;
  for (let entry = 0; entry < count; entry += 1) {
    const value = values[touched === null ? entry : (touched[entry] ?? 0)] ?? 0;
    if (value > maximum) maximum = value;
  }
  if (maximum > 0)
    for (let entry = 0; entry < count; entry += 1) {
      const position = touched === null ? entry : (touched[entry] ?? 0);
      values[position] = (values[position] ?? 0) / maximum;
    }
  return values;
}
