// Free-text problem discovery as a pure function of (index, query, limit): published problems
// ranked first, unpublished ones only as duplicate warnings, and an explicit abstention reason.

import { isActionable, type PublicationState } from "../../catalogue/domain/catalogue.types.js";
import { analyzeText, NORMALIZER_VERSION, stripControlCharacters } from "../../../text/normalize.js";
import {
  CONFIDENCE_MODEL,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  MAX_QUERY_CHARACTERS,
  MIN_COVERAGE,
  MIN_LIMIT,
  MIN_MARGIN,
  MIN_RELEVANCE,
  MIN_SHARED_TERMS,
  WEAK_MATCH_DEPTH,
} from "./discovery.constants.js";
import { DiscoveryInputError } from "./discovery.errors.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import { rerank } from "./rerank.js";
import { mentionedNames, nameBestLacks, promoteMentionedNames } from "./name-mentions.js";
import { RERANK_FEATURES } from "./rerank-feature-names.js";
import { splitContrasts } from "./contrasts.js";
import { decisions, type DiscoveryDecision } from "./decisions.js";
import {
  asideOnlyTerms,
  coversTooMany,
  familyNamedBy,
  namedProblems,
  namesOnlyAnArea,
  promoteRareCombination,
  promoteRareFormulas,
  unknownProblemName,
} from "./specificity.js";
import { buildQueryTerms, isUnderspecified, type QueryTerm } from "./query-terms.js";
import { scoreCandidates, type ScoredDocument } from "./scoring.js";

export type DiscoveryOutcome = "MATCH" | "AMBIGUOUS" | "ABSTAINED";
export type AbstentionReason = "UNDERSPECIFIED_QUERY" | "WEAK_MATCH" | "EMPTY_STORE" | "INDEX_UNAVAILABLE" | "FILTERED";

export interface DiscoveryCandidate {
  problemId: string;
  number: number | null;
  title: string;
  publicationState: PublicationState;
  /** Raw BM25F score; `relevance` is the same over the query's attainable maximum. */
  score: number;
  relevance: number;
  /** Relative margin over the next candidate in the same list: (score - next) / score. */
  margin: number;
  sharedTerms: string[];
  coverage: number;
  /** Calibrated probability that this is the intended problem. */
  confidence: number;
  reasons: string[];
}

export interface DiscoveryLaneReport {
  lane: "discovery" | "identity";
  candidateCount: number;
  indexVersion: string;
  scoreBasis: string;
  abstentionReason: AbstentionReason | null;
}

export interface DiscoveryResult {
  outcome: DiscoveryOutcome;
  abstentionReason: AbstentionReason | null;
  candidates: DiscoveryCandidate[];
  duplicateWarnings: DiscoveryCandidate[];
  lane: DiscoveryLaneReport;
  /** Which rule decided the outcome, and why in words (decisions.ts). */
  decision: DiscoveryDecision;
  /** Clauses read as what the caller does not mean ("not the three-bases version"): their words were no evidence. */
  setAside: string[];
}

type Ranking = Omit<DiscoveryResult, "setAside">;

export interface DiscoverOptions {
  limit?: number;
}

const SCORE_BASIS =
  `pool: an informative term or 3 shared content words; ` +
  `bm25f(title,aliases,statement,question,definitions,tags,source,formal; idf; ` +
  `k1 saturation) + proximity pairs + formula shingles (a rare one also admits to the pool and is evidence); ` +
  `one score and one coverage per evidence group; ` +
  `rerank: log-linear in the candidate's unexplained content (remarks after the question left out), ` +
  `uncovered query weight, weight found only in variant docstrings, size, ` +
  `the query's numbers and the share of its words it uses (weights fit leave-one-split-out); ` +
  `contrasted clauses ("not the …", "rather than …") set aside; a problem called by a name (title, ` +
  `alias, statement heading) is specific; a topic phrase, ` +
  `a request for several problems (a name counts beside a singular problem noun) or for any one problem, ` +
  `help, a definition or literature abstains; a proper name no entry holds, without a clear match, ` +
  `is a weak match; normalizer v${NORMALIZER_VERSION}`;

function validate(text: string, limit: number): string {
  if (!Number.isInteger(limit) || limit < MIN_LIMIT || limit > MAX_LIMIT) {
    throw new DiscoveryInputError("LIMIT_OUT_OF_RANGE", `limit must be an integer from ${MIN_LIMIT} to ${MAX_LIMIT}`);
  }
  if (text.length > MAX_QUERY_CHARACTERS) {
    throw new DiscoveryInputError("QUERY_TOO_LONG", `query text is limited to ${MAX_QUERY_CHARACTERS} characters`);
  }
  const cleaned = stripControlCharacters(text).trim();
  if (cleaned === "") throw new DiscoveryInputError("EMPTY_QUERY", "query text is empty");
  return cleaned;
}

/**
 * A text of at least this many words is read as prose about a problem (an issue, a file header, a post) rather than
 * a query: its history, people and notation dilute relevance, and its incidental words ("a method", "notes on") read
 * as request forms. Synthetic queries of the eval set run to a median of 16 words; real texts to a median of 50.
 */
const LONG_TEXT_WORDS = 30;
/** In a long text, a best candidate leading the next by this share is offered (AMBIGUOUS) where a request form abstains. */
const DOMINANT_LEAD = 0.6;
/**
 * In a long text, a best candidate that covers the query and holds the evidence, leading the next by this share, is
 * offered (AMBIGUOUS) where only its relevance falls short: relevance is the share of the whole text's matched weight
 * a candidate explains, and the history, people and notation of prose dilute it for every candidate alike (the
 * thresholds were set on short queries), unless the text reads as a request for a family of problems. Real dev (70 catalogued texts): 0.6 left 2 answers ranked first abstained,
 * 0.3 one, 0.2 and 0.1 none; the 8 generic texts abstained alike at all four; synthetic splits: one abstention lost.
 */
const LONG_TEXT_OFFER_LEAD = 0.2;

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== "").length;
}

function passes(scored: ScoredDocument): boolean {
  return (
    scored.evidenceCount >= MIN_SHARED_TERMS && scored.coverage >= MIN_COVERAGE && scored.relevance >= MIN_RELEVANCE
  );
}

function relativeGap(score: number, other: number): number {
  return score > 0 ? (score - other) / score : 0;
}

/** What the confidence model reads: the candidate's evidence, and what the service decided about the query. */
export interface ConfidenceFeatures {
  relevance: number;
  coverage: number;
  /** Relative gap to the best other candidate (for the first candidate, its margin). */
  advantage: number;
  /** The query names a family of problems (a topic phrase, a request for several or for any one of them): none is meant. */
  family: boolean;
  /** The best published candidate shares too little with the query (WEAK_MATCH or FILTERED). */
  weakMatch: boolean;
}

/** Logistic in the features above; the constants are fit by `npm run fit:confidence` (see CONFIDENCE_MODEL). */
export function candidateConfidence(features: ConfidenceFeatures): number {
  const model = CONFIDENCE_MODEL;
  const logit =
    model.intercept +
    model.relevance * features.relevance +
    model.coverage * features.coverage +
    model.advantage * features.advantage +
    model.family * Number(features.family) +
    model.weakMatch * Number(features.weakMatch);
  return 1 / (1 + Math.exp(-logit));
}

/**
 * A candidate's advantage: its lead over its best rival, relative to its own score (`gapToRival`), or null with no
 * rival at all (a small store, a rare word). Read as complete, that lead would hold however little the candidate
 * explains, so it is the share of the query the candidate explains (its relevance): a lone candidate that explains a
 * sixth of the query is not far ahead of "none". In a weak match the lead counts for no more than that share either:
 * far ahead of rivals that explain nothing, the candidate still explains little ("Caccetta–Häggkvist: …" on the
 * 33-problem fixture catalogue led by 90% with a fifth of the query explained, and read as 0.80 confident).
 */
function advantageOf(relevance: number, gapToRival: number | null, weakMatch: boolean): number {
  if (gapToRival === null) return relevance;
  return weakMatch ? Math.min(gapToRival, relevance) : gapToRival;
}

/** The features of a result's first candidate, as discover computed its confidence; null without candidates. */
export function topConfidenceFeatures(result: DiscoveryResult): ConfidenceFeatures | null {
  const top = result.candidates[0];
  if (top === undefined) return null;
  const lone = result.lane.candidateCount === 1;
  const weakMatch = result.abstentionReason === "WEAK_MATCH" || result.abstentionReason === "FILTERED";
  return {
    relevance: top.relevance,
    coverage: top.coverage,
    advantage: advantageOf(top.relevance, lone ? null : top.margin, weakMatch),
    family: result.abstentionReason === "UNDERSPECIFIED_QUERY",
    weakMatch,
  };
}

/** "second stage ×1.84: wordCoverage 0.90, unexplained 0.35, …": the learned factor and every feature it read. */
function secondStageReason(stage: NonNullable<ScoredDocument["secondStage"]>): string {
  const features = RERANK_FEATURES.map((name) => `${name} ${stage.features[name].toFixed(2)}`).join(", ");
  return `second stage ×${stage.factor.toFixed(2)}: ${features}`;
}

function reasonsOf(scored: ScoredDocument): string[] {
  const strong = scored.sharedTerms.filter((term) => /[_^-]/.test(term));
  return [
    `shared ${scored.sharedTerms.length} terms (coverage ${scored.coverage.toFixed(2)}, relevance ${scored.relevance.toFixed(2)})`,
    ...(strong.length > 0 ? [`exact parameters or phrases: ${strong.join(", ")}`] : []),
    ...(scored.conflicts?.length ? [`states other values for: ${scored.conflicts.join(", ")}`] : []),
    ...(scored.secondStage === undefined ? [] : [secondStageReason(scored.secondStage)]),
    `matched fields: ${scored.matchedFields.join(", ")}`,
  ];
}

/** What was decided about the query as a whole, which every candidate's confidence reads. */
type QueryVerdict = Pick<ConfidenceFeatures, "family" | "weakMatch">;

function toCandidates(ranked: readonly ScoredDocument[], limit: number, verdict: QueryVerdict): DiscoveryCandidate[] {
  return ranked.slice(0, limit).map((scored, rank) => {
    const next = ranked[rank + 1]?.score ?? 0;
    const rival = rank === 0 ? ranked[1]?.score : ranked[0]?.score;
    const entry = scored.document.entry;
    return {
      problemId: entry.problemId,
      number: entry.number,
      title: entry.title,
      publicationState: entry.publicationState,
      score: scored.score,
      relevance: scored.relevance,
      margin: relativeGap(scored.score, next),
      sharedTerms: scored.sharedTerms,
      coverage: scored.coverage,
      confidence: candidateConfidence({
        relevance: scored.relevance,
        coverage: scored.coverage,
        advantage: advantageOf(
          scored.relevance,
          rival === undefined ? null : relativeGap(scored.score, rival),
          verdict.weakMatch,
        ),
        ...verdict,
      }),
      reasons: reasonsOf(scored),
    };
  });
}

function abstain(
  reason: AbstentionReason,
  indexVersion: string,
  decision: DiscoveryDecision,
  ranked: Partial<Ranked> = {},
): Ranking {
  return {
    outcome: "ABSTAINED",
    abstentionReason: reason,
    candidates: ranked.candidates ?? [],
    duplicateWarnings: ranked.duplicateWarnings ?? [],
    lane: {
      lane: "discovery",
      candidateCount: ranked.candidateCount ?? 0,
      indexVersion,
      scoreBasis: SCORE_BASIS,
      abstentionReason: reason,
    },
    decision,
  };
}

interface Ranked {
  candidates: DiscoveryCandidate[];
  duplicateWarnings: DiscoveryCandidate[];
  candidateCount: number;
}

/** A query read once: checked, cleaned, and split into what it asks for and the clauses it sets aside. */
export interface ReadQuery {
  limit: number;
  /** The text without its contrasted clauses. */
  affirmed: string;
  contrasted: string[];
}

/** Throws DiscoveryInputError for empty or over-long text and a bad limit. */
export function readQuery(text: string, limit: number = DEFAULT_LIMIT): ReadQuery {
  // "not the three-bases version", "rather than …": a contrasted clause describes a neighbour, so its words are no evidence.
  const contrasts = splitContrasts(validate(text, limit));
  return { limit, affirmed: contrasts.affirmed, contrasted: contrasts.contrasted };
}

/** Ranks published problems for a query already read. `index` null means the index is not loaded (INDEX_UNAVAILABLE). */
export function rankQuery(index: DiscoveryIndex | null, query: ReadQuery): DiscoveryResult {
  return { ...rank(index, query.affirmed, query.limit), setAside: query.contrasted };
}

/**
 * Ranks published problems for a free-text query. `index` null means the index is not loaded
 * (INDEX_UNAVAILABLE). Throws DiscoveryInputError for empty or over-long text and a bad limit.
 */
export function discover(index: DiscoveryIndex | null, text: string, options: DiscoverOptions = {}): DiscoveryResult {
  return rankQuery(index, readQuery(text, options.limit));
}

/**
 * The affirmed text's tokens and its scored terms (IDF, informativeness, a rare combination or rare formula shingles
 * promoted): what both stages read.
 */
export function queryTermsOf(
  index: DiscoveryIndex,
  affirmed: string,
): { tokens: readonly string[]; terms: readonly QueryTerm[] } {
  const analyzed = analyzeText(affirmed);
  return {
    tokens: analyzed.tokens,
    terms: promoteRareFormulas(
      index,
      promoteRareCombination(index, buildQueryTerms(index, analyzed.tokens, analyzed.pairs, analyzed.formulas)),
    ),
  };
}

/** The query's informative terms, each once, for an abstention to name. */
function informativeTerms(terms: readonly QueryTerm[]): string[] {
  return [...new Set(terms.filter((term) => term.informative).map((term) => term.term))];
}

/**
 * Why an answer is a MATCH (called by name, or clear) or AMBIGUOUS (a name the best does not carry, a close rival, or
 * the best below the thresholds).
 */
function answerDecision(best: {
  clear: boolean;
  meetsThresholds: boolean;
  calledByName: boolean;
  title: string;
  lead: number;
  lackedName: string | null;
}): DiscoveryDecision {
  if (best.lackedName !== null && best.meetsThresholds && best.lead >= MIN_MARGIN)
    return decisions.nameNotCarried(best.lackedName);
  if (!best.clear) return best.meetsThresholds ? decisions.closeRival(best.lead) : decisions.bestBelowThresholds();
  return best.calledByName ? decisions.calledByName(best.title) : decisions.clearMatch(best.lead);
}

/**
 * `affirmed` is the query without its contrasted clauses: what it asks for, and in what form (a topic phrase,
 * a request for several problems). "Ramanujan's tau function, not the τ(n) in Erdős problems" asks for one.
 */
function rank(index: DiscoveryIndex | null, affirmed: string, limit: number): Ranking {
  if (index === null) return abstain("INDEX_UNAVAILABLE", "unavailable", decisions.indexUnavailable());
  if (index.size === 0) return abstain("EMPTY_STORE", index.version, decisions.emptyStore());
  const { tokens, terms } = queryTermsOf(index, affirmed);
  // A query that calls a problem by name ("the sunflower conjecture") is specific however common its words.
  const named = namedProblems(index, terms, asideOnlyTerms(affirmed));
  if (named.size === 0 && isUnderspecified(index, terms))
    return abstain("UNDERSPECIFIED_QUERY", index.version, decisions.tooLittleInformation(informativeTerms(terms)));
  if (named.size === 0 && namesOnlyAnArea(index, terms, tokens))
    return abstain("UNDERSPECIFIED_QUERY", index.version, decisions.areaOnly(informativeTerms(terms)));
  // A distinctive name mentioned in passing ("Legendre's Conjecture is an unproven statement …") raises its problem.
  // Only in long texts: there a name mentioned in passing is evidence the whole-query name test cannot see; a short
  // query that names a problem is answered by that test, and often modifies the named problem (but see lackedName).
  const long = wordCount(affirmed) >= LONG_TEXT_WORDS;
  const mentions = mentionedNames(index, tokens, affirmed, long ? "all" : "rare-proper");
  const mentioned = new Set<IndexedDocument>(long ? mentions.map((mention) => mention.document) : []);
  const scored = promoteMentionedNames(rerank(index, scoreCandidates(index, terms), terms, tokens), mentioned);
  const published = scored.filter((candidate) => isActionable(candidate.document.entry.publicationState));
  const unpublished = scored.filter((candidate) => !isActionable(candidate.document.entry.publicationState));
  if (named.size === 0 && coversTooMany(published, index.publishedCount))
    return abstain("UNDERSPECIFIED_QUERY", index.version, decisions.tooManyProblems());
  const answers = (candidate: ScoredDocument): boolean => named.has(candidate.document) || passes(candidate);
  const best = published[0];
  const lead = best === undefined ? 0 : relativeGap(best.score, published[1]?.score ?? 0);
  // A text that mentions a catalogued problem's distinctive name is no clear match for a candidate without that name,
  // however many of its other words the candidate shares: it is offered beside the named ones (AMBIGUOUS).
  const lackedName =
    best === undefined || named.has(best.document) ? null : nameBestLacks(index, mentions, best.document);
  const clearBest = best !== undefined && answers(best) && lead >= MIN_MARGIN && lackedName === null;
  // A problem called by a name no catalogue entry holds ("Barnette's conjecture"), and described too loosely for a
  // MATCH, is most likely not catalogued: its nearest neighbours come back with a weak-match abstention.
  const unknownName = !clearBest && named.size === 0 ? unknownProblemName(index, affirmed) : null;
  // The second stage also orders by evidence the thresholds do not read (how many of the query's words a candidate
  // uses), so the match is weak only when none of the first few candidates meets them; a MATCH needs the best to.
  const weakMatch = best === undefined || unknownName !== null || !published.slice(0, WEAK_MATCH_DEPTH).some(answers);
  // A topic phrase or a request for several problems or for any one of a family names a family (see familyNamedBy);
  // the ranked candidates come back with the abstention, for an agent to browse.
  const familyForm = weakMatch ? null : familyNamedBy(index, affirmed, terms, named.has(best.document));
  const verdict: QueryVerdict = { family: familyForm !== null, weakMatch };
  const ranked: Ranked = {
    candidates: toCandidates(published, limit, verdict),
    duplicateWarnings: toCandidates(unpublished.filter(passes), limit, verdict),
    candidateCount: published.length,
  };
  // A long text whose best candidate covers it and leads: neither the diluted relevance (LONG_TEXT_OFFER_LEAD) nor, with a
  // wider lead, incidental request words (DOMINANT_LEAD) stand for "no problem here", but the evidence is not that of a
  // match either, so the candidate is offered as AMBIGUOUS.
  const words = wordCount(affirmed);
  const offerable =
    best !== undefined &&
    unknownName === null &&
    words >= LONG_TEXT_WORDS &&
    best.coverage >= MIN_COVERAGE &&
    best.evidenceCount >= MIN_SHARED_TERMS;
  const overrules =
    lead >= DOMINANT_LEAD
      ? weakMatch || familyForm !== null
      : weakMatch &&
        lead >= LONG_TEXT_OFFER_LEAD &&
        best !== undefined &&
        familyNamedBy(index, affirmed, terms, named.has(best.document)) === null;
  const dominant = offerable && overrules;
  if (dominant && ranked.duplicateWarnings.length === 0) {
    const overruled = weakMatch ? "no early candidate meets the thresholds" : `it reads as ${familyForm}`;
    const lane = answeredLane(published.length, index.version);
    return {
      outcome: "AMBIGUOUS",
      abstentionReason: null,
      candidates: ranked.candidates,
      duplicateWarnings: ranked.duplicateWarnings,
      lane,
      decision: decisions.dominantInLongText(lead, words, overruled),
    };
  }
  if (best === undefined || weakMatch) {
    if (ranked.duplicateWarnings.length > 0)
      return abstain("FILTERED", index.version, decisions.onlyUnpublished(), ranked);
    const decision =
      unknownName === null
        ? decisions.noCandidateMeetsThresholds(published.length)
        : decisions.unknownName(unknownName);
    return abstain("WEAK_MATCH", index.version, decision, ranked);
  }
  if (familyForm !== null) return abstain("UNDERSPECIFIED_QUERY", index.version, decisions.family(familyForm), ranked);
  const decision = answerDecision({
    clear: clearBest,
    meetsThresholds: answers(best),
    calledByName: named.has(best.document),
    title: best.document.entry.title,
    lead,
    lackedName: lackedName?.document.entry.title ?? null,
  });
  const lane = answeredLane(published.length, index.version);
  return {
    outcome: clearBest ? "MATCH" : "AMBIGUOUS",
    abstentionReason: null,
    candidates: ranked.candidates,
    duplicateWarnings: ranked.duplicateWarnings,
    lane,
    decision,
  };
}

/** The lane report of an answer (MATCH or AMBIGUOUS): how many published problems were ranked, and how. */
function answeredLane(candidateCount: number, indexVersion: string): DiscoveryLaneReport {
  return { lane: "discovery", candidateCount, indexVersion, scoreBasis: SCORE_BASIS, abstentionReason: null };
}
