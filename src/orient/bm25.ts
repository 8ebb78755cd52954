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
    const fields = Object.values(document.fields);
    for (const term of terms) if (fields.some((field) => (field[term] ?? 0) > 0)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
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
  for (const term of terms) {
    const weight = cachedIdf(stats, term);
    totalWeight += weight;
    let tf = 0;
    for (const [field, fieldWeight] of FIELD_ENTRIES) tf += fieldWeight * (fields[field]?.[term] ?? 0);
    if (tf === 0) continue;
    matched.push(term);
    coveredWeight += weight;
    // A repeated query term counts a little more, saturating like document term frequency.
    const queryBoost = 1 + Math.log(queryFrequency.get(term) ?? 1);
    score += queryBoost * weight * ((tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm));
  }
  return { score, coverage: totalWeight > 0 ? coveredWeight / totalWeight : 0, matched };
}
