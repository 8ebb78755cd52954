// Field-weighted BM25 over the research-memory sparse view's token counts, scored in the service
// because ts_rank has neither IDF nor length normalisation. Corpus statistics come from the bounded pool.
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
/**
 * Field-weighted term frequencies per document, built once per counts object: cached documents keep
 * the same object across requests, and one map lookup per term replaces four field lookups.
 */
const weightedCache = new WeakMap<FieldCounts, Map<string, number>>();

export function weightedFrequencies(fields: FieldCounts): ReadonlyMap<string, number> {
  let weighted = weightedCache.get(fields);
  if (!weighted) {
    weighted = new Map();
    for (const [field, fieldWeight] of FIELD_ENTRIES) {
      const counts = fields[field];
      if (!counts) continue;
      for (const term in counts) {
        const count = counts[term]!;
        if (count > 0) weighted.set(term, (weighted.get(term) ?? 0) + fieldWeight * count);
      }
    }
    weightedCache.set(fields, weighted);
  }
  return weighted;
}
/** IDF per term of one pool's statistics: bm25 scores hundreds of documents against the same few terms. */
const idfCache = new WeakMap<CorpusStats, Map<string, number>>();

function cachedIdf(stats: CorpusStats, term: string): number {
  let cache = idfCache.get(stats);
  if (!cache) idfCache.set(stats, (cache = new Map()));
  let value = cache.get(term);
  if (value === undefined) cache.set(term, (value = idf(stats, term)));
  return value;
}

export function idf(stats: CorpusStats, term: string): number {
  const df = Math.min(stats.documentFrequency.get(term) ?? 0, stats.documentCount);
  return Math.log(1 + (stats.documentCount - df + 0.5) / (df + 0.5));
}

/**
 * Statistics from a pool of documents fetched because they contain a query term. When the pool holds
 * every such document its frequencies are exact; a saturated pool is a sample, so they are scaled up.
 */
export function poolStats(pool: readonly { fields: FieldCounts; length: number }[], terms: readonly string[], documentCount: number, saturated: boolean): CorpusStats {
  const documentFrequency = new Map<string, number>();
  let totalLength = 0;
  for (const document of pool) {
    totalLength += document.length;
    const weighted = weightedFrequencies(document.fields);
    for (const term of terms) if (weighted.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const count = Math.max(documentCount, pool.length, 1);
  if (saturated && pool.length > 0) {
    const scale = count / pool.length;
    for (const [term, df] of documentFrequency) documentFrequency.set(term, Math.min(count, Math.round(df * scale)));
  }
  return { documentCount: count, averageLength: pool.length ? Math.max(1, totalLength / pool.length) : 1, documentFrequency };
}

export function bm25(terms: readonly string[], queryFrequency: ReadonlyMap<string, number>, fields: FieldCounts, length: number, stats: CorpusStats): TermScore {
  let score = 0;
  let coveredWeight = 0;
  let totalWeight = 0;
  const matched: string[] = [];
  const norm = 1 - BM25_B + (BM25_B * length) / stats.averageLength;
  const weighted = weightedFrequencies(fields);
  for (const term of terms) {
    const weight = cachedIdf(stats, term);
    totalWeight += weight;
    const tf = weighted.get(term) ?? 0;
    if (tf === 0) continue;
    matched.push(term);
    coveredWeight += weight;
    // A repeated query term counts a little more, saturating like document term frequency.
    const queryBoost = 1 + Math.log(queryFrequency.get(term) ?? 1);
    score += queryBoost * weight * ((tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm));
  }
  return { score, coverage: totalWeight > 0 ? coveredWeight / totalWeight : 0, matched };
}
