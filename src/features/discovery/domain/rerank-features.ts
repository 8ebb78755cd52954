// What the second stage knows about a candidate beyond its BM25F score, as named features (all of them 0
// gives a factor of 1). Each answers a question the first stage cannot: does the candidate say things the
// query never mentions, miss what the query names, use the query's words (rare or common), state its
// numbers, or match only through variant docstrings? Parameter conflicts are read here too, for the reasons
// a candidate reports: as a feature their fitted weight was -0.007.

import { inverseDocumentFrequency } from "../../../retrieval/bm25.js";
import { tokenKind } from "../../../text/normalize.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import { scoresApartFromWords, type QueryTerm } from "./query-terms.js";
import type { RerankFeatures } from "./rerank-feature-names.js";
import type { ScoredDocument } from "./scoring.js";
import type { SparseField } from "./sparse-fields.js";

/** `c_5` -> `c_`, `k_ge_4` -> `k_ge_`, `n^1/3` -> `n^`; null when the value is not a number (`2^n`: letters are arbitrary). */
export function parameterFamily(parameter: string): string | null {
  const match = /^(.*[_^])(-?\d+(?:[./]\d+)?)$/.exec(parameter);
  return match?.[1] ?? null;
}

/** Query parameters the candidate contradicts: it lacks the value but states the same family with another one. */
export function parameterConflicts(queryParameters: readonly string[], candidate: ReadonlySet<string>): string[] {
  const candidateFamilies = new Set([...candidate].map(parameterFamily).filter((family) => family !== null));
  return queryParameters.filter((parameter) => {
    const family = parameterFamily(parameter);
    return family !== null && !candidate.has(parameter) && candidateFamilies.has(family);
  });
}

/**
 * IDF-weighted share of the candidate's identifying content terms that the query does not
 * contain, in [0, 1]. Rare terms dominate: a neighbour's extra condition ("four points on a
 * circle", "copies of C_5") weighs more than the common words every statement uses.
 */
export function unexplainedShare(
  index: DiscoveryIndex,
  document: IndexedDocument,
  queryTerms: ReadonlySet<string>,
): number {
  let total = 0;
  let unexplained = 0;
  for (const term of document.identifyingTerms) {
    const weight = inverseDocumentFrequency(index.publishedCount, index.publishedFrequency(term));
    total += weight;
    if (!queryTerms.has(term)) unexplained += weight;
  }
  return total > 0 ? unexplained / total : 0;
}

/** The query as the second stage reads it, computed once for every candidate. */
export interface RerankQuery {
  tokens: ReadonlySet<string>;
  informative: readonly QueryTerm[];
  informativeMass: number;
  numbers: readonly QueryTerm[];
  /** Content terms some document contains (proximity pairs left out). */
  words: readonly QueryTerm[];
  conflictsOf(document: IndexedDocument): string[];
}

export function readRerankQuery(terms: readonly QueryTerm[], queryTokens: readonly string[]): RerankQuery {
  const tokens = new Set(queryTokens);
  const parameters = [...tokens].filter((token) => tokenKind(token) === "parameter");
  const informative = terms.filter((term) => term.informative);
  const known = terms.filter((term) => !scoresApartFromWords(term.kind) && term.documentFrequency > 0);
  return {
    tokens,
    informative,
    informativeMass: informative.reduce((total, term) => total + term.weight, 0),
    numbers: known.filter((term) => term.kind === "number"),
    words: known,
    conflictsOf: (document) => parameterConflicts(parameters, document.parameters),
  };
}

/** Where a number is mathematics: a title's or source's number ("Erdős Problem 7") only numbers the problem. */
const STATING_FIELDS: readonly SparseField[] = ["statement", "definitions"];

function shareContained(terms: readonly QueryTerm[], contains: (term: string) => boolean): number {
  return terms.length === 0 ? 0 : terms.filter((term) => contains(term.term)).length / terms.length;
}

export function rerankFeatures(index: DiscoveryIndex, query: RerankQuery, candidate: ScoredDocument): RerankFeatures {
  const document = candidate.document;
  const formal = document.fieldCounts.get("formal");
  const formalWeight = query.informative.reduce(
    (total, term) => total + ((formal?.get(term.term) ?? 0) > 0 ? term.weight : 0),
    0,
  );
  const contains = (term: string): boolean => document.allTerms.has(term);
  const states = (term: string): boolean =>
    STATING_FIELDS.some((field) => (document.fieldCounts.get(field)?.get(term) ?? 0) > 0);
  return {
    unexplained: unexplainedShare(index, document, query.tokens),
    uncovered: 1 - candidate.coverage,
    formalShare: query.informativeMass > 0 ? formalWeight / query.informativeMass : 0,
    identifyingSize: Math.log1p(document.identifyingTerms.length),
    numberAgreement: shareContained(query.numbers, states),
    wordCoverage: shareContained(query.words, contains),
  };
}
