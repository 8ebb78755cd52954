// A reusable Okapi BM25 field over documents numbered 0..n-1: inverted postings with saturated term
// frequencies, scoring into a caller's array so several fields blend without allocation per query.

import { type Bm25Parameters, inverseDocumentFrequency, lengthNormalisation, okapiSaturation } from "./bm25.js";

/**
 * One term's postings as parallel typed arrays, ascending by document. The term-frequency part of
 * BM25, tf·(k1+1) / (tf + k1·(1−b+b·len/avg)), does not depend on the query, so it is computed once
 * here and a query only multiplies it by the term's idf.
 */
interface Postings {
  documents: Int32Array;
  saturated: Float64Array;
}

export class Bm25Field {
  private readonly postings = new Map<string, Postings>();
  private readonly documentCount: number;

  /** `documents[n]` is document n's terms, repeats kept; k1 and b are the caller's (its constants file). */
  constructor(documents: readonly (readonly string[])[], { k1, b }: Bm25Parameters) {
    this.documentCount = documents.length;
    const totalLength = documents.reduce((sum, terms) => sum + terms.length, 0);
    const averageLength = totalLength / Math.max(1, documents.length) || 1;
    const lists = new Map<string, Array<[document: number, saturated: number]>>();
    documents.forEach((terms, document) => {
      const normalisation = lengthNormalisation(b, terms.length, averageLength);
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, frequency] of frequencies) {
        const list = lists.get(term) ?? [];
        list.push([document, okapiSaturation(frequency, k1, normalisation)]);
        lists.set(term, list);
      }
    });
    for (const [term, list] of lists) {
      this.postings.set(term, {
        documents: Int32Array.from(list, ([document]) => document),
        saturated: Float64Array.from(list, ([, saturated]) => saturated),
      });
    }
  }

  /** Non-negative idf (the +1 form), so common terms never subtract. */
  idf(term: string): number {
    return inverseDocumentFrequency(this.documentCount, this.postings.get(term)?.documents.length ?? 0);
  }

  /** Adds weight × BM25(query, document) for every document that shares a term. */
  addScores(queryTerms: Iterable<string>, into: Float64Array, weight = 1): void {
    for (const term of queryTerms) {
      const postings = this.postings.get(term);
      if (postings === undefined) continue;
      const factor = weight * this.idf(term);
      const { documents, saturated } = postings;
      for (let entry = 0; entry < documents.length; entry += 1) {
        const document = documents[entry] ?? 0;
        into[document] = (into[document] ?? 0) + factor * (saturated[entry] ?? 0);
      }
    }
  }

  /**
   * `addScores` at weight 1 into an array of zeros, returning the largest value it leaves there (0 when no
   * term matched). Every contribution is positive (idf > 0, saturated tf > 0), so a document's sum only grows
   * and the largest sum written on the way is the largest final one: no second pass over the array finds it.
   */
  addScoresFromZero(queryTerms: Iterable<string>, into: Float64Array): number {
    let maximum = 0;
    for (const term of queryTerms) {
      const postings = this.postings.get(term);
      if (postings === undefined) continue;
      const factor = this.idf(term);
      const { documents, saturated } = postings;
      for (let entry = 0; entry < documents.length; entry += 1) {
        const document = documents[entry] ?? 0;
        const sum = (into[document] ?? 0) + factor * (saturated[entry] ?? 0);
        into[document] = sum;
        if (sum > maximum) maximum = sum;
      }
    }
    return maximum;
  }

  /**
   * `addScoresFromZero` that also lists, once each, the documents it reaches, so a caller can scale,
   * blend and later clear just those. `into` must be 0 wherever nothing was added yet: every term's
   * contribution is positive, so a 0 slot is one not reached before.
   */
  addTouchedScores(queryTerms: Iterable<string>, into: Float64Array, touched: number[]): number {
    let maximum = 0;
    for (const term of queryTerms) {
      const postings = this.postings.get(term);
      if (postings === undefined) continue;
      const factor = this.idf(term);
      const { documents, saturated } = postings;
      for (let entry = 0; entry < documents.length; entry += 1) {
        const document = documents[entry] ?? 0;
        const previous = into[document] ?? 0;
        if (previous === 0) touched.push(document);
        const sum = previous + factor * (saturated[entry] ?? 0);
        into[document] = sum;
        if (sum > maximum) maximum = sum;
      }
    }
    return maximum;
  }

  /** Per-term contributions for one document, for explanations. */
  explain(queryTerms: Iterable<string>, document: number): Map<string, number> {
    const parts = new Map<string, number>();
    for (const term of queryTerms) {
      const postings = this.postings.get(term);
      const entry = postings === undefined ? -1 : findDocument(postings.documents, document);
      if (postings !== undefined && entry >= 0) parts.set(term, this.idf(term) * (postings.saturated[entry] ?? 0));
    }
    return parts;
  }
}

/** Binary search in ascending document ids; -1 when the document does not hold the term. */
function findDocument(documents: Int32Array, document: number): number {
  let low = 0;
  let high = documents.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = documents[middle] ?? 0;
    if (found === document) return middle;
    if (found < document) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
