// The one BM25 arithmetic the sparse rankers configure (discovery, orient, premises): IDF, length
// normalisation, field weighting and term-frequency saturation, each as one pure function.
//
// Terms arrive already analysed: English prose by src/text (discovery, orient), Lean names by the
// premises' own tokeniser. Each feature sets k1, b and its field weights in its constants file.
// The expressions keep the order of operations the figures were measured with, so scores stay bit-identical.

/** The two Okapi parameters a feature chooses. */
export interface Bm25Parameters {
  /** Term-frequency saturation: how soon repeating a term stops adding score. */
  k1: number;
  /** Length normalisation in [0, 1]: 0 ignores a document's length, 1 divides its frequencies by it fully. */
  b: number;
}

/** Non-negative IDF (the "+1" form): a term most documents hold weighs little but never subtracts. */
export function inverseDocumentFrequency(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** 1 − b + b·length/average: 1 at the average length, more for a longer document, so length alone does not win. */
export function lengthNormalisation(b: number, length: number, averageLength: number): number {
  return 1 - b + (b * length) / averageLength;
}

/**
 * One field's share of a term's frequency: its count times the field's weight, over the field's length
 * normalisation (BM25F). A scorer that normalises the whole document instead leaves it at 1.
 */
export function weightedFieldFrequency(fieldWeight: number, count: number, normalisation = 1): number {
  return (fieldWeight * count) / normalisation;
}

/** Okapi saturation of a term frequency against a length normalisation: tf·(k1+1) / (tf + k1·norm), below k1+1. */
export function okapiSaturation(frequency: number, k1: number, normalisation: number): number {
  return (frequency * (k1 + 1)) / (frequency + k1 * normalisation);
}

/**
 * BM25F's term score: the term's weight times the saturated, already length-normalised weighted
 * frequency, weight·tf / (k1 + tf) (no k1+1 factor, so a term's score stays below its weight).
 */
export function bm25fTermScore(weight: number, frequency: number, k1: number): number {
  return (weight * frequency) / (k1 + frequency);
}
