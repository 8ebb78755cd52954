// Field-weighted sparse scoring (BM25F: IDF, per-field length normalisation, one saturation) and
// the per-candidate evidence discovery thresholds read: shared terms, coverage, relevance.

import { bm25fTermScore, lengthNormalisation, weightedFieldFrequency } from "../../../retrieval/bm25.js";
import { conceptDerivesFrom, type TokenKind } from "../../../text/normalize.js";
import {
  FIELD_LENGTH_NORMALISATION,
  FIELD_WEIGHTS,
  FORMULA_WEIGHT,
  GENERIC_QUERY_WORDS,
  PROXIMITY_WEIGHT,
  SATURATION_K1,
  UNKNOWN_TERM_WEIGHT,
} from "./discovery.constants.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import { candidatePool, isRareFormula } from "./candidate-pool.js";
import { evidenceGroups, type EvidenceGroups } from "./evidence-groups.js";
import { scoresApartFromWords, type QueryTerm } from "./query-terms.js";
import type { RerankFeatures } from "./rerank-feature-names.js";
import { SPARSE_FIELDS, TOKEN_FIELDS, type SparseField } from "./sparse-fields.js";

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

function fieldsOf(kind: TokenKind): readonly SparseField[] {
  return kind === "pair" ? PAIR_FIELDS : kind === "formula" ? FORMULA_FIELDS : TERM_FIELDS;
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
      // The ratio is taken first and normalised against 1: the order of operations the thresholds were measured with.
      const lengthRatio = (document.fieldLengths.get(field) ?? 0) / average;
      const normalisation = lengthNormalisation(FIELD_LENGTH_NORMALISATION[field], lengthRatio, 1);
      weightedFrequency += weightedFieldFrequency(FIELD_WEIGHTS[field], count, normalisation);
      matchedFields.add(field);
    }
    if (weightedFrequency === 0) return;
    const contribution = bm25fTermScore(term.weight, weightedFrequency, SATURATION_K1);
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
