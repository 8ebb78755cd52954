// First stage: which documents get scored at all. A document holding one informative query term
// always does; a document holding none still does when it shares several of the query's commoner
// content words, because a paraphrase often names a problem only by a combination of common words
// ("even", "sum", "primes") none of which is rare on its own.

import {
  GENERIC_QUERY_WORDS,
  POOL_MAX_FORMULA_DOCUMENTS,
  POOL_MAX_TERM_FRACTION,
  POOL_MIN_SHARED_WORDS,
} from "./discovery.constants.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import { scoresApartFromWords, type QueryTerm } from "./query-terms.js";

/**
 * A query term that may vote for a document by co-occurrence: content (not a request word, not a
 * bare number, not a proximity pair), present somewhere, and not so common that it says nothing
 * (a word in most statements, such as "number", would make every document a candidate).
 */
export function votes(index: DiscoveryIndex, term: QueryTerm): boolean {
  return (
    !term.informative &&
    term.documentFrequency > 0 &&
    !scoresApartFromWords(term.kind) &&
    term.kind !== "number" &&
    !GENERIC_QUERY_WORDS.has(term.term) &&
    index.publishedFrequency(term.term) <= POOL_MAX_TERM_FRACTION * index.publishedCount
  );
}

/**
 * A formula shingle few problems hold names them, as an informative word does (a shingle is informative only in a
 * query that is a formula, see promoteRareFormulas): it admits them to the pool here, and counts as evidence when scored.
 */
export function isRareFormula(index: DiscoveryIndex, term: QueryTerm): boolean {
  return (
    term.kind === "formula" &&
    term.documentFrequency > 0 &&
    index.publishedFrequency(term.term) <= POOL_MAX_FORMULA_DOCUMENTS
  );
}

/** Documents with an informative query term or a rare formula shingle, plus those sharing at least POOL_MIN_SHARED_WORDS voting terms. */
export function candidatePool(index: DiscoveryIndex, terms: readonly QueryTerm[]): Set<IndexedDocument> {
  const pool = new Set<IndexedDocument>();
  for (const term of terms)
    if (term.informative || isRareFormula(index, term))
      for (const document of index.documentsWith(term.term)) pool.add(document);
  const shared = new Map<IndexedDocument, number>();
  for (const term of terms) {
    if (!votes(index, term)) continue;
    for (const document of index.documentsWith(term.term)) shared.set(document, (shared.get(document) ?? 0) + 1);
  }
  for (const [document, count] of shared) if (count >= POOL_MIN_SHARED_WORDS) pool.add(document);
  return pool;
}
