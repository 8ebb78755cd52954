// Field-weighted BM25 over the research-memory sparse view's token counts, scored in the service
// because ts_rank has neither IDF nor length normalisation. Corpus statistics come from the bounded pool.
import {
  inverseDocumentFrequency,
  lengthNormalisation,
  okapiSaturation,
  weightedFieldFrequency,
} from "../../../retrieval/bm25.js";
import { BM25_B, BM25_K1, FIELD_WEIGHTS } from "./orient.constants.js";
import type { FieldCounts } from "./orient.types.js";

export interface CorpusStats {
  /** Documents on the target (or project): the N of IDF. */
  documentCount: number;
  averageLength: number;
  documentFrequency: Map<string, number>;
}

export interface TermScore {
  score: number;
  /** IDF-weighted share of the query's terms the document contains. */
  coverage: number;
  matched: string[];
}

const FIELD_ENTRIES = Object.entries(FIELD_WEIGHTS);

/** `weightedFrequencies`, or a memoised version of it (the same values for the same counts object). */
export type WeightedFrequencies = (fields: FieldCounts) => ReadonlyMap<string, number>;

/**
 * Field-weighted term frequencies of one document: one map lookup per term replaces four field lookups.
 * Cached documents keep the same counts object across requests, so the orient caches memoise this per
 * counts object (orient-caches.ts) and hand the memoised version to poolStats and bm25Scorer.
 */
export function weightedFrequencies(fields: FieldCounts): Map<string, number> {
  const weighted = new Map<string, number>();
  for (const [field, fieldWeight] of FIELD_ENTRIES) {
    const counts = fields[field];
    if (!counts) continue;
    for (const term in counts) {
      const count = counts[term]!;
      // Fields are weighted without a length normalisation each: the score normalises the document's length.
      if (count > 0) weighted.set(term, (weighted.get(term) ?? 0) + weightedFieldFrequency(fieldWeight, count));
    }
  }
  return weighted;
}

export function idf(stats: CorpusStats, term: string): number {
  const df = Math.min(stats.documentFrequency.get(term) ?? 0, stats.documentCount);
  return inverseDocumentFrequency(stats.documentCount, df);
}

/**
 * Statistics from a pool of documents fetched because they contain a query term. When the pool holds
 * every such document its frequencies are exact; a saturated pool is a sample, so they are scaled up.
 */
export function poolStats(
  pool: readonly { fields: FieldCounts; length: number }[],
  terms: readonly string[],
  documentCount: number,
  saturated: boolean,
  weigh: WeightedFrequencies = weightedFrequencies,
): CorpusStats {
  const documentFrequency = new Map<string, number>();
  let totalLength = 0;
  for (const document of pool) {
    totalLength += document.length;
    const weighted = weigh(document.fields);
    for (const term of terms)
      if (weighted.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const count = Math.max(documentCount, pool.length, 1);
  if (saturated && pool.length > 0) {
    const scale = count / pool.length;
    for (const [term, df] of documentFrequency) documentFrequency.set(term, Math.min(count, Math.round(df * scale)));
  }
  return {
    documentCount: count,
    averageLength: pool.length ? Math.max(1, totalLength / pool.length) : 1,
    documentFrequency,
  };
}

export interface Bm25Scorer {
  score(fields: FieldCounts, length: number): TermScore;
}

/**
 * BM25 of one query against one pool's statistics. IDF and the query-frequency boost are computed once
 * per term, and a document's score once per counts object: a request builds one scorer, and graph
 * seeding and reranking score the same sparse hits through it (they share their cached counts objects).
 */
export function bm25Scorer(
  terms: readonly string[],
  queryFrequency: ReadonlyMap<string, number>,
  stats: CorpusStats,
  weigh: WeightedFrequencies = weightedFrequencies,
): Bm25Scorer {
  const weights = terms.map((term) => idf(stats, term));
  const totalWeight = weights.reduce((total, weight) => total + weight, 0);
  // A repeated query term counts a little more, saturating like document term frequency.
  const boosts = terms.map((term) => 1 + Math.log(queryFrequency.get(term) ?? 1));
  const memo = new Map<FieldCounts, TermScore>();
  return {
    score(fields, length) {
      const known = memo.get(fields);
      if (known) return known;
      let score = 0;
      let coveredWeight = 0;
      const matched: string[] = [];
      const norm = lengthNormalisation(BM25_B, length, stats.averageLength);
      const weighted = weigh(fields);
      for (let index = 0; index < terms.length; index += 1) {
        const tf = weighted.get(terms[index]!) ?? 0;
        if (tf === 0) continue;
        const weight = weights[index]!;
        matched.push(terms[index]!);
        coveredWeight += weight;
        score += boosts[index]! * weight * okapiSaturation(tf, BM25_K1, norm);
      }
      const result = { score, coverage: totalWeight > 0 ? coveredWeight / totalWeight : 0, matched };
      memo.set(fields, result);
      return result;
    },
  };
}
