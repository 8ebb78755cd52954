// A query's terms as discovery weighs them: kind, document frequency, IDF weight (published
// statistics only) and whether the term is informative, plus the test for a query too generic to rank.

import { inverseDocumentFrequency } from "../../../retrieval/bm25.js";
import { tokenKind, type TokenKind } from "../../../text/normalize.js";
import {
  ARBITRARY_VARIABLE_PARAMETER,
  GENERIC_QUERY_WORDS,
  INFORMATIVE_DOCUMENT_FLOOR,
  INFORMATIVE_MAX_DOCUMENT_FRACTION,
  INFORMATIVE_MAX_DOCUMENT_FRACTION_STRONG,
  MIN_INFORMATIVE_MASS,
  MIN_INFORMATIVE_TERMS,
  TOKEN_KIND_BOOST,
} from "./discovery.constants.js";
import type { DiscoveryIndex } from "./discovery-index.js";

export interface QueryTerm {
  term: string;
  kind: TokenKind;
  documentFrequency: number;
  /** Kind boost times IDF: what matching this term is worth. */
  weight: number;
  informative: boolean;
}

/**
 * Pairs and formula shingles score apart from the words, as bonuses: never informative, never counted in coverage.
 * Pairs only reorder the candidates words found; a formula shingle few problems hold also admits them to the pool
 * (candidate-pool.ts) and is one piece of evidence (`evidenceCount`).
 */
export function scoresApartFromWords(kind: TokenKind): boolean {
  return kind === "pair" || kind === "formula";
}

function isInformative(term: string, kind: TokenKind, publishedFrequency: number, publishedCount: number): boolean {
  if (GENERIC_QUERY_WORDS.has(term)) return false;
  const strong = kind === "parameter" || kind === "phrase";
  const limit = strong ? INFORMATIVE_MAX_DOCUMENT_FRACTION_STRONG : INFORMATIVE_MAX_DOCUMENT_FRACTION;
  return publishedFrequency <= Math.max(INFORMATIVE_DOCUMENT_FLOOR, limit * publishedCount);
}

/** A parameter weighs with the parameter boost unless it only names an arbitrary variable (ARBITRARY_VARIABLE_PARAMETER). */
function kindBoost(term: string, kind: TokenKind): number {
  return kind === "parameter" && ARBITRARY_VARIABLE_PARAMETER.test(term)
    ? TOKEN_KIND_BOOST.word
    : TOKEN_KIND_BOOST[kind];
}

/**
 * IDF and informativeness read published statistics only (see DiscoveryIndex.publishedFrequency).
 * Proximity pairs and formula shingles are never informative here (see scoresApartFromWords); a formula query's rare
 * shingles may be promoted later (promoteRareFormulas).
 */
export function buildQueryTerms(
  index: DiscoveryIndex,
  tokens: readonly string[],
  pairs: readonly string[] = [],
  formulas: readonly string[] = [],
): QueryTerm[] {
  return [...new Set([...tokens, ...pairs, ...formulas])].map((term) => {
    const kind = tokenKind(term);
    const documentFrequency = index.documentFrequency(term);
    const publishedFrequency = index.publishedFrequency(term);
    const weight = kindBoost(term, kind) * inverseDocumentFrequency(index.publishedCount, publishedFrequency);
    const informative =
      !scoresApartFromWords(kind) &&
      documentFrequency > 0 &&
      isInformative(term, kind, publishedFrequency, index.publishedCount);
    return { term, kind, documentFrequency, weight, informative };
  });
}

/**
 * Generic prose: too few informative terms, or too little informative weight to name a problem,
 * measured against the IDF of a word unique to one published problem (see MIN_INFORMATIVE_MASS).
 */
export function isUnderspecified(index: DiscoveryIndex, terms: readonly QueryTerm[]): boolean {
  const informative = terms.filter((term) => term.informative);
  const mass = informative.reduce((total, term) => total + term.weight, 0);
  return (
    informative.length < MIN_INFORMATIVE_TERMS ||
    mass < MIN_INFORMATIVE_MASS * inverseDocumentFrequency(index.publishedCount, 1)
  );
}
