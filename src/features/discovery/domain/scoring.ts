// Field-weighted sparse scoring (BM25F: IDF, per-field length normalisation, one saturation) and
// the per-candidate evidence discovery thresholds read: shared terms, coverage, relevance.

import { conceptDerivesFrom, tokenKind, type TokenKind } from "../../../text/normalize.js";
import {
  FIELD_LENGTH_NORMALISATION,
  FIELD_WEIGHTS,
  GENERIC_QUERY_WORDS,
  INFORMATIVE_DOCUMENT_FLOOR,
  INFORMATIVE_MAX_DOCUMENT_FRACTION,
  INFORMATIVE_MAX_DOCUMENT_FRACTION_STRONG,
  FORMULA_WEIGHT,
  MIN_INFORMATIVE_MASS,
  MIN_INFORMATIVE_TERMS,
  PROXIMITY_WEIGHT,
  ARBITRARY_VARIABLE_PARAMETER,
  SATURATION_K1,
  TOKEN_KIND_BOOST,
  UNKNOWN_TERM_WEIGHT,
} from "./discovery.constants.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import { candidatePool, isRareFormula } from "./candidate-pool.js";
import { evidenceGroups, type EvidenceGroups } from "./evidence-groups.js";
import type { RerankFeatures } from "./rerank-features.js";
import { SPARSE_FIELDS, TOKEN_FIELDS, type SparseField } from "./sparse-document.js";

export interface QueryTerm {
  term: string;
  kind: TokenKind;
  documentFrequency: number;
  /** Kind boost times IDF: what matching this term is worth. */
  weight: number;
  informative: boolean;
}

export interface ScoredDocument {
  document: IndexedDocument;
  /** Ranking score: field-weighted term score (each evidence group once) plus the weighted proximity-pair bonus. */
  score: number;
  /** BM25F over the proximity pairs the query shares with the document's identifying text. */
  proximity: number;
  /** BM25F over the formula shingles the query shares with the document's wording (formulas.ts). */
  formula: number;
  /** Score over the query's attainable maximum, in [0, 1). */
  relevance: number;
  /** IDF-weighted share of the informative query terms this document contains. */
  coverage: number;
  sharedTerms: string[];
  /**
   * Shared terms that are independent evidence: a concept shared with a word it derives from counts once, and a formula
   * shingle few problems hold (isRareFormula) counts as one more (a formula is what a symbolic query shares).
   */
  evidenceCount: number;
  matchedFields: SparseField[];
  /** Query parameters this candidate states with another value (set by the reranker). */
  conflicts?: string[];
  /** What the second stage read and the factor it multiplied the score by (set by the reranker). */
  secondStage?: { factor: number; features: RerankFeatures };
}

// Pair tokens only ever occur in the pairs field, formula shingles in the formulas field, and words in neither:
// skip the lookups that must miss. Name signatures are never scored (see sparse-document.ts).
const PAIR_FIELDS: readonly SparseField[] = ["pairs"];
const FORMULA_FIELDS: readonly SparseField[] = ["formulas"];
const TERM_FIELDS: readonly SparseField[] = TOKEN_FIELDS.filter((field) => field !== "pairs" && field !== "formulas");

/**
 * Pairs and formula shingles score apart from the words, as bonuses: never informative, never counted in coverage.
 * Pairs only reorder the candidates words found; a formula shingle few problems hold also admits them to the pool
 * (candidate-pool.ts) and is one piece of evidence (`evidenceCount`).
 */
export function scoresApartFromWords(kind: TokenKind): boolean {
  return kind === "pair" || kind === "formula";
}

function fieldsOf(kind: TokenKind): readonly SparseField[] {
  return kind === "pair" ? PAIR_FIELDS : kind === "formula" ? FORMULA_FIELDS : TERM_FIELDS;
}

export function inverseDocumentFrequency(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
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

/** What every candidate of one query is measured against: the denominators, and which terms are rare formulas. */
interface QueryMass {
  attainable: number;
  informative: number;
  /** Per evidence group: the weight of its most informative member (0 when none is informative). */
  groupInformative: Float64Array;
  /** Per scorable term: whether it is a formula shingle few problems hold (isRareFormula), read once per query. */
  rareFormula: readonly boolean[];
}

/**
 * Coverage is counted per evidence group, like the score: a query notion spelled two ways ("least"
 * and the `minimum` it adds) weighs as its most informative spelling, not as the sum of them, and a
 * statement covers it as far as the weight of the spelling it uses: `minimum` covers most of
 * "least", while a bare "primes" covers little of `twin-prime`, a phrase it merely shares a word with.
 */
function queryMass(
  index: DiscoveryIndex,
  terms: readonly QueryTerm[],
  scorable: readonly QueryTerm[],
  groups: EvidenceGroups,
): QueryMass {
  let attainable = 0;
  let informative = 0;
  const groupInformative = new Float64Array(scorable.length);
  scorable.forEach((term, position) => {
    const group = groups[position] ?? position;
    if (term.informative) groupInformative[group] = Math.max(groupInformative[group] ?? 0, term.weight);
  });
  for (const weight of groupInformative) informative += weight;
  for (const term of terms) {
    if (scoresApartFromWords(term.kind)) continue;
    if (term.documentFrequency > 0) attainable += term.weight;
    // A term nothing contains still belongs to the question; it dilutes coverage at reduced weight.
    else if (!GENERIC_QUERY_WORDS.has(term.term)) informative += UNKNOWN_TERM_WEIGHT * term.weight;
  }
  return { attainable, informative, groupInformative, rareFormula: scorable.map((term) => isRareFormula(index, term)) };
}

/** Per-document scratch rows indexed by evidence group id, reused for every document of one query. */
interface GroupScratch {
  /** Best term contribution of the group. */
  best: Float64Array;
  /** Weight of the heaviest group member the document contains. */
  cover: Float64Array;
}

function coverGroup(scratch: GroupScratch, group: number, weight: number): void {
  scratch.cover[group] = Math.max(scratch.cover[group] ?? 0, weight);
}

function scoreDocument(
  index: DiscoveryIndex,
  document: IndexedDocument,
  terms: readonly QueryTerm[],
  mass: QueryMass,
  groups: EvidenceGroups,
  scratch: GroupScratch,
): ScoredDocument {
  const groupBest = scratch.best;
  groupBest.fill(0);
  scratch.cover.fill(0);
  let flat = 0;
  let proximity = 0;
  let formula = 0;
  let rareFormula = false;
  const sharedTerms: string[] = [];
  const matchedFields = new Set<SparseField>();
  terms.forEach((term, position) => {
    let weightedFrequency = 0;
    for (const field of fieldsOf(term.kind)) {
      const count = document.fieldCounts.get(field)?.get(term.term) ?? 0;
      if (count === 0) continue;
      const average = index.averageFieldLength(field) || 1;
      const lengthRatio = (document.fieldLengths.get(field) ?? 0) / average;
      const b = FIELD_LENGTH_NORMALISATION[field];
      weightedFrequency += (FIELD_WEIGHTS[field] * count) / (1 - b + b * lengthRatio);
      matchedFields.add(field);
    }
    if (weightedFrequency === 0) return;
    const contribution = (term.weight * weightedFrequency) / (SATURATION_K1 + weightedFrequency);
    if (term.kind === "pair") {
      proximity += contribution;
      return;
    }
    if (term.kind === "formula") {
      formula += contribution;
      rareFormula ||= mass.rareFormula[position] === true;
      // A formula query's rare shingles are its informative terms (promoteRareFormulas): holding one covers it.
      if (term.informative) coverGroup(scratch, groups[position] ?? position, term.weight);
      return;
    }
    // Request words ("prove", "bound") score but are not evidence of a shared problem.
    if (!GENERIC_QUERY_WORDS.has(term.term)) sharedTerms.push(term.term);
    flat += contribution;
    const group = groups[position] ?? position;
    groupBest[group] = Math.max(groupBest[group] ?? 0, contribution);
    coverGroup(scratch, group, term.weight);
  });
  // Ranking counts each evidence group once; relevance keeps every term, as its recorded threshold was set on.
  let grouped = 0;
  let covered = 0;
  groupBest.forEach((best, group) => {
    grouped += best;
    covered += Math.min(scratch.cover[group] ?? 0, mass.groupInformative[group] ?? 0);
  });
  return {
    document,
    score: grouped + PROXIMITY_WEIGHT * proximity + FORMULA_WEIGHT * formula,
    proximity,
    formula,
    relevance: mass.attainable > 0 ? flat / mass.attainable : 0,
    coverage: mass.informative > 0 ? covered / mass.informative : 0,
    sharedTerms,
    evidenceCount:
      sharedTerms.filter((term) => !sharedTerms.some((other) => conceptDerivesFrom(term, other))).length +
      Number(rareFormula),
    matchedFields: SPARSE_FIELDS.filter((field) => matchedFields.has(field)),
  };
}

/** Scores every document of the first-stage pool (see candidate-pool.ts), best first. */
export function scoreCandidates(index: DiscoveryIndex, terms: readonly QueryTerm[]): ScoredDocument[] {
  const candidates = candidatePool(index, terms);
  // Most query pairs occur in no document: dropping them before the per-document loop keeps latency flat.
  const scorable = terms.filter((term) => term.documentFrequency > 0);
  const groups = evidenceGroups(scorable);
  const mass = queryMass(index, terms, scorable, groups);
  const scratch: GroupScratch = { best: new Float64Array(scorable.length), cover: new Float64Array(scorable.length) };
  return [...candidates]
    .map((document) => scoreDocument(index, document, scorable, mass, groups, scratch))
    .sort(
      (left, right) =>
        right.score - left.score || (left.document.entry.problemId < right.document.entry.problemId ? -1 : 1),
    );
}
