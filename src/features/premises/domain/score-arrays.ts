// Helpers for dense per-premise score arrays (one slot per index position), which keep scoring
// the full corpus allocation-light and fast.

export function addScore(scores: Float64Array, position: number, value: number): void {
  scores[position] = (scores[position] ?? 0) + value;
}

/** Divides by the maximum so a signal's best premise scores 1 and blend weights stay comparable. */
export function scaleToUnit(values: Float64Array): Float64Array {
  let maximum = 0;
  for (const value of values) if (value > maximum) maximum = value;
  if (maximum > 0)
    for (let position = 0; position < values.length; position += 1)
      values[position] = (values[position] ?? 0) / maximum;
  return values;
}
