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
 * the maximum, or 1 when nothing scored (dividing by 1 changes no double). Only the `touched` slots are read:
 * the others hold 0, which cannot raise the maximum.
 */
export function unitScale(values: Float64Array, touched: readonly number[]): number {
  let maximum = 0;
  for (const position of touched) {
    const value = values[position] ?? 0;
    if (value > maximum) maximum = value;
  }
  return unitScaleOf(maximum);
}

/** `unitScale` from the maximum when the caller already holds it (`Bm25Field.addScoresFromZero` returns it). */
export function unitScaleOf(maximum: number): number {
  return maximum > 0 ? maximum : 1;
}

/**
 * One signal's per-premise array, reused query after query by the prepared strategy that owns it: starting a
 * query zeroes only the slots the previous query wrote, so a query costs the premises it reaches rather than
 * a fresh corpus-length array and its garbage. The values stay valid until the owner's next query.
 */
export class SignalScratch {
  readonly values: Float64Array;
  /** The slots a query writes, when the signal lists them as it goes; cleared and refilled query after query. */
  private readonly ownTouched: number[] = [];
  private written: readonly number[] = [];

  constructor(size: number) {
    this.values = new Float64Array(size);
  }

  /** Starts a query whose writes the caller records in the returned list: `values` all zeros again. */
  begin(): number[] {
    this.clear();
    this.ownTouched.length = 0;
    this.written = this.ownTouched;
    return this.ownTouched;
  }

  /** Starts a query that will write only the slots in `touched`, a list the caller already holds. */
  beginWithin(touched: readonly number[]): void {
    this.clear();
    this.written = touched;
  }

  /** Starts a query that may write any slot. */
  beginDense(): void {
    this.values.fill(0);
    this.written = [];
  }

  private clear(): void {
    for (const position of this.written) this.values[position] = 0;
  }
}
