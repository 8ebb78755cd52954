// A reusable Okapi BM25 field: inverted postings with term frequencies, document lengths and idf,
// scoring into a caller's array so several fields can be blended without allocation per query.

import { BM25_B, BM25_K1 } from "./premises.constants.js";
import { addScore } from "./score-arrays.js";

export class Bm25Field {
  private readonly postings = new Map<string, Array<[document: number, frequency: number]>>();
  private readonly lengthNorm: Float64Array;
  private readonly documentCount: number;

  constructor(documents: readonly (readonly string[])[], private readonly k1 = BM25_K1, b = BM25_B) {
    this.documentCount = documents.length;
    const totalLength = documents.reduce((sum, terms) => sum + terms.length, 0);
    const averageLength = totalLength / Math.max(1, documents.length) || 1;
    this.lengthNorm = Float64Array.from(documents, (terms) => k1 * (1 - b + (b * terms.length) / averageLength));
    documents.forEach((terms, document) => {
      const frequencies = new Map<string, number>();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      for (const [term, frequency] of frequencies) {
        const list = this.postings.get(term) ?? [];
        list.push([document, frequency]);
        this.postings.set(term, list);
      }
    });
  }

  /** Non-negative idf (the +1 form), so common terms never subtract. */
  idf(term: string): number {
    const containing = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.documentCount - containing + 0.5) / (containing + 0.5));
  }

  termScore(term: string, document: number, frequency: number): number {
    return (this.idf(term) * frequency * (this.k1 + 1)) / (frequency + (this.lengthNorm[document] ?? 1));
  }

  /** Adds weight × BM25(query, document) for every document that shares a term. */
  addScores(queryTerms: Iterable<string>, into: Float64Array, weight = 1): void {
    for (const term of queryTerms) {
      const idf = this.idf(term);
      for (const [document, frequency] of this.postings.get(term) ?? []) {
        addScore(into, document, (weight * idf * frequency * (this.k1 + 1)) / (frequency + (this.lengthNorm[document] ?? 1)));
      }
    }
  }

  /** Per-term contributions for one document, for explanations. */
  explain(queryTerms: Iterable<string>, document: number): Map<string, number> {
    const parts = new Map<string, number>();
    for (const term of queryTerms) {
      const hit = this.postings.get(term)?.find(([candidate]) => candidate === document);
      if (hit) parts.set(term, this.termScore(term, document, hit[1]));
    }
    return parts;
  }
}
