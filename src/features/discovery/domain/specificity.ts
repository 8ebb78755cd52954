// Abstention tests on what a query names, and the one promotion that rescues a query from them.
// `promoteRareCombination` and `promoteRareFormulas` run first. `namesOnlyAnArea` runs before scoring: a query whose every
// informative word is subject vocabulary ("a conjecture in extremal graph theory", "something about
// unit fractions") asks for an area, and a ranked answer would be a guess. `coversTooMany` runs after
// scoring: "points in the plane" passes the first tests (one rare-enough word), but fifty problems
// contain every informative thing it says, so it names none of them. Last, a topic phrase, a request
// for several problems or for any one of a family (`isTopicPhrase`, `asksForSeveral`, `asksForAny`)
// names a family unless it calls the best match by name (`namedProblems`), and a query that calls a
// problem by name skips every test.

import {
  AREA_HEAD_WORDS,
  AREA_MODIFIER_REACH,
  COMBINATION_MAX_DOCUMENTS,
  COMBINATION_MIN_TERMS,
  FORMULA_PROMOTION_MAX_FRACTION,
  FORMULA_PROMOTION_MIN_SHINGLES,
  FULLY_COVERING_FLOOR,
  GENERIC_QUERY_WORDS,
  MAX_FULLY_COVERING_FRACTION,
  NAME_MAX_PROBLEMS,
  TOPIC_PHRASE_MAX_WORDS,
} from "./discovery.constants.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import { isActionable } from "../../catalogue/domain/catalogue.types.js";
import { isRareFormula, votes } from "./candidate-pool.js";
import { isRequestForAFamilyOrHelp, isRequestForAny, isRequestWhateverTheNotation } from "./request-forms.js";
import type { QueryTerm } from "./query-terms.js";
import type { ScoredDocument } from "./scoring.js";
import { analyzeText } from "../../../text/normalize.js";

/** Coverage at or above this counts as full (coverage is a ratio of float sums). */
const FULL_COVERAGE = 1 - 1e-9;

/** Published candidates covering every informative query group, against the share of the catalogue that makes a query generic. */
export function coversTooMany(published: readonly ScoredDocument[], publishedCount: number): boolean {
  const limit = Math.max(FULLY_COVERING_FLOOR, MAX_FULLY_COVERING_FRACTION * publishedCount);
  let fully = 0;
  for (const candidate of published) if (candidate.coverage >= FULL_COVERAGE && ++fully > limit) return true;
  return false;
}

/** A query stating a parameter or a number ("C_6", "k ≥ 4", "21") is never generic prose. */
function statesParameter(terms: readonly QueryTerm[]): boolean {
  return terms.some((term) => term.kind === "parameter" || term.kind === "number");
}

/** Words that name an area together with a following head word: "extremal" and "graph" in "extremal graph theory". */
function areaModifiers(tokens: readonly string[]): Set<string> {
  const modifiers = new Set<string>();
  tokens.forEach((token, position) => {
    if (!AREA_HEAD_WORDS.has(token)) return;
    for (let back = 1; back <= AREA_MODIFIER_REACH && position - back >= 0; back += 1)
      modifiers.add(tokens[position - back]!);
  });
  return modifiers;
}

/**
 * True when the query states no parameter or number and each of its informative terms is subject
 * vocabulary: a word of some problem's subject tags (the catalogue's tags and MSC section names,
 * so the vocabulary follows the catalogue) or a modifier of an area's head word.
 */
export function namesOnlyAnArea(
  index: DiscoveryIndex,
  terms: readonly QueryTerm[],
  tokens: readonly string[],
): boolean {
  if (statesParameter(terms)) return false;
  const informative = terms.filter((term) => term.informative);
  if (informative.length === 0) return false;
  const modifiers = areaModifiers(tokens);
  return informative.every((term) => index.tagFrequency(term.term) > 0 || modifiers.has(term.term));
}

/** Published documents holding every one of the terms: the rarest term's documents, checked for the rest. */
function documentsHoldingAll(index: DiscoveryIndex, terms: readonly QueryTerm[]): number {
  let holding = 0;
  for (const document of index.documentsWithRarest(terms)) {
    if (document.entry.publicationState !== "PUBLISHED") continue;
    if (terms.every((term) => document.allTerms.has(term.term))) holding += 1;
  }
  return holding;
}

/**
 * A query with no rare word can still name a problem by a rare combination of commoner ones ("subsets
 * with distinct sums of reciprocals"): when at most a handful of published problems hold all its voting
 * words (see candidate-pool.ts), those words become its informative terms, so coverage and the
 * abstention tests read them.
 */
export function promoteRareCombination(index: DiscoveryIndex, terms: readonly QueryTerm[]): readonly QueryTerm[] {
  if (terms.some((term) => term.informative)) return terms;
  const voting = terms.filter((term) => votes(index, term));
  if (voting.length < COMBINATION_MIN_TERMS) return terms;
  const holding = documentsHoldingAll(index, voting);
  if (holding === 0 || holding > COMBINATION_MAX_DOCUMENTS) return terms;
  const promoted = new Set(voting);
  return terms.map((term) => (promoted.has(term) ? { ...term, informative: true } : term));
}

/**
 * A query that is only a formula has no informative word (shingles are never informative), yet a couple of shingles
 * that few published problems hold name them as a rare word would (`a(n) = {}_2F_1(n,-n;;-1)`, `(Σ_{p∈P} 1/p)(Σ_{q∈Q}
 * 1/q) = 1`): with no informative term, at least FORMULA_PROMOTION_MIN_SHINGLES distinct rare shingles (isRareFormula)
 * become the informative terms, so the specificity test and coverage read them. One is not enough: a generic bound
 * such as `Σ_{n∈A} 1/n < ∞` has one shingle that only a problem or two happen to hold. Nor is rarity in a small store
 * (FORMULA_PROMOTION_MAX_FRACTION), where every shingle is held by a problem or two.
 */
export function promoteRareFormulas(index: DiscoveryIndex, terms: readonly QueryTerm[]): readonly QueryTerm[] {
  if (terms.some((term) => term.informative)) return terms;
  const rare = distinguishingShingles(index, terms);
  return rare.size === 0 ? terms : terms.map((term) => (rare.has(term) ? { ...term, informative: true } : term));
}

/**
 * The query's formula shingles that few problems hold, in this store too (at most FORMULA_PROMOTION_MAX_FRACTION of the
 * published problems), when there are at least FORMULA_PROMOTION_MIN_SHINGLES of them; otherwise none.
 */
function distinguishingShingles(index: DiscoveryIndex, terms: readonly QueryTerm[]): Set<QueryTerm> {
  const rareInThisStore = (term: QueryTerm): boolean =>
    isRareFormula(index, term) &&
    index.publishedFrequency(term.term) <= FORMULA_PROMOTION_MAX_FRACTION * index.publishedCount;
  const rare = new Set(terms.filter(rareInThisStore));
  return rare.size < FORMULA_PROMOTION_MIN_SHINGLES ? new Set() : rare;
}

/**
 * A question, a request to prove or find, an existence claim ("there is no …"), or notation: the query states what it
 * asks. The question may follow a name, after a colon or a dash ("the odd covering problem - can a covering system …").
 */
const STATES_SOMETHING =
  /[?$=<>≤≥^()|]|(?:^|[:;—–]|\s-)\s*(?:is|are|does|do|can|must|how|what|which|prove|show|find|determine|given|let|suppose|for|there\s+(?:is|are|exists?))\b|\bbeing\b/i;
/** A claim about a set's size: "the set of irregular primes is infinite", "infinitely many Wieferich primes exist". */
const CLAIMS_A_SIZE = /\b(?:is|are)\s+(?:not\s+)?(?:in)?finite\b/i;
const HOW_MANY = /\b(?:infinitely|finitely)\s+many\b/i;
const EXIST = /\bexists?\b/i;

function claimsSomething(text: string): boolean {
  return CLAIMS_A_SIZE.test(text) || (HOW_MANY.test(text) && EXIST.test(text));
}

/**
 * A topic phrase: a few content words (at most TOPIC_PHRASE_MAX_WORDS, no parameter or number) that ask
 * nothing ("open problems about sum-free sets", "Egyptian fractions"). Such a query can name a problem
 * ("sunflower conjecture"), but otherwise it describes a family of problems, and its best match is
 * only the one that mentions those words most.
 */
export function isTopicPhrase(text: string, terms: readonly QueryTerm[]): boolean {
  if (STATES_SOMETHING.test(text) || claimsSomething(text) || statesParameter(terms)) return false;
  const words = terms.filter(
    (term) => term.kind === "word" && term.documentFrequency > 0 && !GENERIC_QUERY_WORDS.has(term.term),
  );
  return words.length <= TOPIC_PHRASE_MAX_WORDS;
}

/** Plural request nouns: "open problems about …", "which conjectures …", "results on …" ask for several problems. */
const SEVERAL_PROBLEMS = /\b(?:problems|questions|conjectures|results)\b/i;

/**
 * A request for several problems ("open problems about sum-free sets", "what are some unsolved questions about
 * colouring graphs?", "Ben Green's open problems about sumsets in F_2^n") unless it singles one out. Notation does
 * not make it a statement: the setting of a family is often written in symbols ("primes of the form n^2+1").
 */
export function asksForSeveral(text: string): boolean {
  const request = text.replace(CITATIONS, " ").replace(NOT_REQUEST_NOUNS, " ");
  return SEVERAL_PROBLEMS.test(request) && !singlesOutOne(request);
}

/** Bibliographic text, which names papers ("Reference: [LuPo02] Luca and Pomerance, On some problems of …"). */
const CITATIONS = /\breferences?\s*:[\s\S]*$|\[[^\]\n]{2,40}\]/gi;
/**
 * The plural nouns used as verbs or as a label: "Colton conjectures that the number of …", "… which results in
 * a(n) = 0", "Conjectures: a(2^n) = …". A relative clause is still a request: "conjectures that bound the …".
 */
const NOT_REQUEST_NOUNS =
  /\b(?:conjectures|questions)\s+(?:that|whether)\s+(?=(?:the|a|an|every|all|each|no|there|for|if|any|some)\b|[$\d(]|[a-z]\b)|\bresults\s+in\s+(?=(?:the|a|an)\b|[$\d(]|[a-z]\b)|^\s*(?:conjectures|questions|problems)\s*:/gi;

/**
 * One member of a list: "one of the 'First Proof' challenge questions", "(one of Green's problems)", "as listed among the
 * open questions in Bugeaud's book", a numbered one ("Ben Green's open problems, problem #38").
 */
const ONE_OF_A_LIST =
  /\bone\s+of\s+(?:the|his|her|their|its|\p{Lu}\p{Ll}+['’]s)(?!\p{L})|\blisted,?\s+(?:among|as)\b|\b(?:problem|question|conjecture)\s*(?:#|no\.?\s*|number\s+)\d+\b/iu;

/**
 * A clause asking a question of its own: yes or no, what or how ("Does that force …?", "What is the best bound …?"), perhaps
 * after a lead-in ("for a monotone family and an interval [s, t] with t/s > 1000 log n, is there a p …?").
 */
const OWN_QUESTION =
  /^(?:[^?,]*,\s*)?(?:is|are|does|do|did|can|could|must|should|will|would|has|have|what|how)\b[^?]*\?/i;

/**
 * Whether a query that mentions several problems singles one out: "the one about …", or a clause without the
 * plural noun asking its own question ("From Ben Green's list of open problems: … Does that force X and Y to be
 * uniform?"), unless that clause is itself a request ("how do I compute …?").
 */
function singlesOutOne(text: string): boolean {
  if (/\bthe one\b(?!-)/i.test(text) || ONE_OF_A_LIST.test(text)) return true;
  const clauses = text.split(/(?<=[.?!;:])\s+|\s+[—–]\s+|,\s+but\s+/u).map((clause) => clause.trim());
  return clauses.some(
    (clause) => !SEVERAL_PROBLEMS.test(clause) && OWN_QUESTION.test(clause) && !isRequestForAny(clause),
  );
}

/**
 * A request for any one problem of a family, for help, a definition or literature (see request-forms.ts)
 * that states no parameter, number or rare formula: "suggest an open problem in discrete geometry involving distances",
 * "how do I state a conjecture about arithmetic progressions in Lean?". Notation makes it a statement, except
 * in a request for a definition or a computation ("what is the Turán number ex(n, K_{r+1})?") and in a
 * recollection that says its details are missing ("… mod p^2 with x^2 + d·y^2, I can't remember d").
 */
export function asksForAny(index: DiscoveryIndex, text: string, terms: readonly QueryTerm[]): boolean {
  return (
    isRequestWhateverTheNotation(text) ||
    (isRequestForAFamilyOrHelp(text) && !statesParameter(terms) && !statesRareFormula(index, terms))
  );
}

/**
 * A formula few problems hold (see distinguishingShingles): "a reference for counting pairs with σ(a)+σ(b)=σ(a+b)"
 * states its problem though the formula yields no parameter.
 */
function statesRareFormula(index: DiscoveryIndex, terms: readonly QueryTerm[]): boolean {
  return distinguishingShingles(index, terms).size > 0;
}

/** A singular problem noun: beside a name ("results on the sunflower conjecture") the query asks about that one problem. */
const ONE_PROBLEM = /\b(?:conjecture|problem|hypothesis|question|theorem)\b/i;

/** How a query names a family of problems rather than one: a topic phrase, a request for any one, or for several. */
export type FamilyForm = "TOPIC_PHRASE" | "REQUEST_FOR_ANY" | "REQUEST_FOR_SEVERAL";

/**
 * How the query names a family rather than a problem, or null when it names one: a topic phrase or a request for
 * any one problem of a family, unless it calls the best match by name ("sunflower conjecture"), or a request for
 * several, unless it calls the best match by name beside a singular problem noun. "Conjectures about perfect
 * numbers" and "problems about Fermat numbers" ask about a topic that is also some problem's title.
 */
export function familyNamedBy(
  index: DiscoveryIndex,
  query: string,
  terms: readonly QueryTerm[],
  callsBestByName: boolean,
): FamilyForm | null {
  if (!callsBestByName && isTopicPhrase(query, terms)) return "TOPIC_PHRASE";
  if (!callsBestByName && asksForAny(index, query, terms)) return "REQUEST_FOR_ANY";
  return asksForSeveral(query) && !(callsBestByName && ONE_PROBLEM.test(query)) ? "REQUEST_FOR_SEVERAL" : null;
}

/** A parenthetical that says which problem by what the agent remembers of it: "(the one with the million-dollar prize)". */
const WHICH_ONE_ASIDE = /\(\s*the\s+one\b[^()]*\)/giu;

/**
 * Terms only a "(the one …)" aside holds. They are hearsay about the problem (a prize, who solved it), which its
 * statement need not say, so they do not stop the query from calling the problem by name.
 */
export function asideOnlyTerms(text: string): Set<string> {
  const asides = [...text.matchAll(WHICH_ONE_ASIDE)].map((match) => match[0]);
  if (asides.length === 0) return new Set();
  const outside = new Set(analyzeText(text.replace(WHICH_ONE_ASIDE, " ")).tokens);
  return new Set(analyzeText(asides.join(" ")).tokens.filter((token) => !outside.has(token)));
}

/**
 * Actionable problems the query calls by name: the query holds every content word of one of the problem's
 * names, its title, an alias or its statement's heading ("the sunflower conjecture" for "Erdős Problem 20:
 * sunflower conjecture", "Brocard's problem" for the heading "**Brocard's Problem**"), and the problem holds
 * every informative word of the query ("Erdős–Rado" is in its formal variants) but those only a "(the one …)"
 * aside holds (`asideOnly`, see asideOnlyTerms). A name the query only
 * shares words with ("Extending Sidon Sets" for "Sidon sets") does not count, nor one that more than
 * NAME_MAX_PROBLEMS problems carry ("Ben Green's Open Problem N", "Zhi-Wei Sun's Conjecture").
 */
export function namedProblems(
  index: DiscoveryIndex,
  terms: readonly QueryTerm[],
  asideOnly: ReadonlySet<string> = new Set(),
): Set<IndexedDocument> {
  const informative = terms.filter((term) => term.informative && !asideOnly.has(term.term));
  const named = new Set<IndexedDocument>();
  const queryWords = new Set(terms.map((term) => term.term));
  for (const document of index.documentsWithRarest(informative)) {
    if (!isActionable(document.entry.publicationState)) continue;
    const callsByName = document.names.some(
      (name) =>
        name.words.every((word) => queryWords.has(word)) && index.nameFrequency(name.signature) <= NAME_MAX_PROBLEMS,
    );
    if (callsByName && informative.every((term) => document.allTerms.has(term.term))) named.add(document);
  }
  return named;
}

/**
 * A proper name before a problem noun: "Barnette's conjecture", "Skolem problem", "Masser–Oesterlé conjecture". The
 * name is one to four capitalised words joined by hyphens or dashes, each possibly possessive. The bound keeps the
 * scan linear: an unbounded chain is retried from every word of a long hyphenated run (8 KB took 145 ms).
 */
const PROPER_NAME_OF_A_PROBLEM =
  /(?<!\p{L})(\p{Lu}\p{Ll}+(?:['’]s)?(?:\s*[-–—]\s*\p{Lu}\p{Ll}+(?:['’]s)?){0,3})\s+(?:conjecture|problem|hypothesis)\b/gu;
/** A joint name heading the text, the way a problem is cited: "Caccetta–Häggkvist: a digraph on n vertices …". */
const NAME_HEADING = /^\s*(\p{Lu}\p{Ll}+(?:\s*[-–—]\s*\p{Lu}\p{Ll}+){1,3})\s*:/gu;

/** Whether no catalogue text holds any word of the name ("Caccetta–Häggkvist"): each word is unknown to the index. */
function unknownToTheCatalogue(index: DiscoveryIndex, name: string): boolean {
  return name.split(/\s*[-–—]\s*/u).every((word) => {
    const tokens = analyzeText(word).tokens;
    return tokens.length === 1 && index.documentFrequency(tokens[0]!) === 0;
  });
}

/**
 * The first proper name by which the query calls a problem that no catalogue entry holds anywhere in its text, not one
 * word of it ("Barnette's conjecture", "Zarankiewicz problem", a heading "Caccetta–Häggkvist: …"), or null. The
 * catalogue has likely never heard of the problem; the right one can still lack its name (the abc conjecture is not
 * called "Masser–Oesterlé"), so the caller only uses this when the description alone does not make a clear match.
 */
export function unknownProblemName(index: DiscoveryIndex, text: string): string | null {
  const called = [...text.matchAll(PROPER_NAME_OF_A_PROBLEM)].find((match) => unknownToTheCatalogue(index, match[1]!));
  if (called !== undefined) return called[0];
  const heading = [...text.matchAll(NAME_HEADING)].find((match) => unknownToTheCatalogue(index, match[1]!));
  return heading?.[1] ?? null;
}
