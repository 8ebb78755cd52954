// The one text normaliser shared by indexing and querying (problems now, research memory later):
// folded text -> word, number, parameter and definitional-phrase tokens. Its version is a code version (bumped by hand
// for a change of mechanism) and the lexicon's hash (a change to the data files needs no bump: see docs/lexicon.md).

import { binomialForms } from "./binomials.js";
import { findConcepts, proseParameters } from "./concepts.js";
import { FORMULA_MARK, formulaShingles } from "./formulas.js";
import { foldText } from "./latex.js";
import { extractParameters } from "./parameters.js";
import { LEXICON } from "./lexicon/load.js";
import {
  functionComparisons,
  linearEquations,
  oneVariableForms,
  parameterBounds,
  unitFractionEquations,
} from "./relations.js";
import { buildSequenceTable, matchSequences, wordsOf } from "./words.js";

export { conceptDerivesFrom, conceptSpellingStems } from "./concepts.js";
export { foldText, stripControlCharacters } from "./latex.js";

/**
 * The normaliser's code version: bump on any change to the code (mechanisms) that changes the token stream. A change to
 * the lexicon's data files changes NORMALIZER_VERSION through their hash instead; the history below lists both kinds.
 * - 3: general-vocabulary concepts (factorial, prime counting, lcm, gcd, central binomial, partition, ...).
 * - 4: a k-th root `\sqrt[k]{x}` folds to the power `x^{1/k}`.
 * - 5: Unicode subscript and superscript letters (`aᵢ`, `nᵏ`); linear equations (`lin_1+3_eq_2+2`) and
 *   bounds between parameters (`m_ge_k+n`); plain `R^n` is `reals^n`; "least" is a minimum; notation for
 *   consecutive terms, their gaps and the representation function; the phrase "sum of two primes".
 * - 6: `non-trivial` is `nontrivial`; `±1` and `{-1, +1}` are `plus-minus-one`; coprimality `(a, b) = 1`; sums and
 *   products written out with dots; `Re s`; unit and Egyptian fractions are reciprocals; an n-gon is a polygon;
 *   factorial primes (`n! ± 1`); one function compared at two arguments (`φ(n) = φ(n+1)`); more function words.
 * - 7: discourse words ("suppose", "take", "tends to") and spoken operators ("plus", "times") are stopwords, checked
 *   on the stem as well ("others"); derivational families ("monotonicity", "monotonic" -> monotone, derivations.ts);
 *   "squarefree" is "square free"; "2 to the x", "n squared", "n cubed" are powers; `(\log N)^2` is `log^2`;
 *   "number of divisors" is `tau`, "whole numbers" are integers, a spaced bar `φ(n) | n + a` divides.
 * - 8: "eps" is epsilon; one function compared at `n` and `n+1` (`τ(n) = τ(n+1)`), and "consecutive numbers", are
 *   consecutive integers; "like", "vs" and "versus" are discourse words; squarefull numbers are powerful numbers; a rearrangement is a
 *   permutation.
 * - 9: one-variable forms with a constant term (`n^2 + 1`, `3x + 1`, `2^n - 1`) are one token, the variable renamed;
 *   phrases and concepts match with determiners left out ("sum of its divisors" is the sum of divisors); "infinitely" and
 *   "finitely" are infinite and finite; the product of the first n primes is the primorial.
 * - 10: a decimal exponent is read whole (`N^0.9` was `n^0`), and a value has one spelling in parameters: a fraction
 *   in lowest terms with a decimal of at most 3 digits is that decimal (`N^{9/10}` and `N^0.9` are `n^0.9`, `n^{1/2}` is
 *   `n^0.5`; `n^1/3` stays); "hundred", "thousand", "million", "billion" are numbers and scale a count before them
 *   ("a thousand" is 1000, "two million" 2000000); the greatest or biggest prime factor or divisor is the largest prime factor;
 *   a power of a shifted variable is a one-variable form (`(n+1)^2` is `form_(v+1)^2`).
 * - 11: "Lean 4" and "Lean4" are Lean: a version of the proof assistant is not a number of the problem; a binomial
 *   coefficient is one parameter whatever its notation and letters (`\binom{w+2}{2}`, `{x+2 \choose 2}` and
 *   `binomial(y+2,2)` are `binom_(a+2,2)`); `(1_A ∗ 1_A)(n)` is a representation count as `1_A * 1_A(n)` is; a number
 *   divisible by its number of divisors (`d(n) | n`, a tau number) is refactorable; "power of two" is a phrase;
 *   "p + 2 is prime" and `(p, p+2)` are twin primes.
 * - 12: `n(n+1)/2` is a triangular number and `n(n+1)(n+2)/6` a tetrahedral one; both names are phrases.
 * - 13: a variable under a fraction bar or a number over one is no side of a bound (`4/n = 1/x` is no `n = 1`); an
 *   equation in three or more unit fractions is one parameter (`4/n = 1/x + 1/y + 1/z` is `uf_1/v+1/v+1/v_eq_4/v`).
 * - 14: formula shingles (formulas.ts), kept apart from `tokens` as proximity pairs are.
 * - 15: `C(n,k)` is a binomial coefficient; `2^k` is a power of two; `R(5,5)` is the parameter `r_(5,5)`; `\ell` is the
 *   letter l (it was dropped); a spaced ASCII `~` is `\sim`; a formula word keeps its apostrophe ("it's" has no variable `s`).
 * - 16: spoken fractions are numbers ("one half" is `1/2`, "two thirds" `2/3`).
 * - 17: "equally spaced" and "evenly spaced" terms form an arithmetic progression; "leaves" is the plural of leaf (it was
 *   "leav"), and a pendant vertex is a leaf; a 2-colourable graph is bipartite; the stability number is the independence number.
 * - 18: a vertex of degree one is a leaf; "longest" asks for a maximum and "shortest" for a minimum; "permuted" is a
 *   permutation; "increasing or decreasing" is monotone.
 * - 19: a strict bound on a letter that names an integer by convention (n, k, m, i, j, l, d, r) is the non-strict one a
 *   step further: `n > 4` is `n ≥ 5` (`n_ge_5`), `k < 3` is `k ≤ 2`; "the number of solutions" (to `n = p + 2^k`) is a count
 *   of representations, as "the number of ways to write n" is.
 * - 20: a run of consecutive integers written out (`n+1, …, n+k`, `n, n−1, …, n−k`), as a product of its shifts
 *   (`(n+1)(n+2)⋯(n+k)`, `n(n−1)⋯(n−k+1)`) or as a product over them (`∏_{0≤i≤k}(n−i)`) is `consecutive integers`; a spaced
 *   bar before a difference (`n | 2^n − k`) is a congruence (`modulo`); "bounded gaps" is a phrase, and so is a gap
 *   `a_{i+1} − a_i = O(1)`; "n choose 2" is the binomial coefficient `binom_(a,2)`.
 * - 21: a shuffled or reordered sequence is a permutation of it; a simple closed curve is a Jordan curve, and "Jordan curve"
 *   is a phrase.
 */
export const NORMALIZER_CODE_VERSION = 21;

/** A code version joined with the lexicon's hash: `21007+831666ae337d`. Every version of a view built from tokens derives from it. */
export function withLexiconHash(codeVersion: number): string {
  return `${codeVersion}+${LEXICON.hash.slice(0, 12)}`;
}

/** The normaliser's version: its code version and the hash of the lexicon it reads. */
export const NORMALIZER_VERSION: string = withLexiconHash(NORMALIZER_CODE_VERSION);

/**
 * Proximity pairs join content words at most this many content words apart: 2 lets one
 * intervening word ("distinct [pairwise] distances") through without pairing across clauses.
 */
export const PROXIMITY_WINDOW = 2;

export type TokenKind = "word" | "number" | "parameter" | "phrase" | "pair" | "formula";

export interface AnalyzedText {
  /** Every token in text order (words, numbers, then parameters, phrases and concepts); repeats kept for term frequency. */
  tokens: string[];
  parameters: string[];
  phrases: string[];
  /** Unordered proximity pairs of content words (`distanc~integer`), kept apart from `tokens`. */
  pairs: string[];
  /** Runs of a formula's symbols (`ƒphi n gt`), kept apart from `tokens`: see formulas.ts. */
  formulas: string[];
}

const stemsOf = (phrase: string): string[] => wordsOf(foldText(phrase)).map((word) => word.stem);

/**
 * Definitional phrases (lexicon/phrases.yaml) kept together as one token ("primitive set" -> `primitive-set`), so a query
 * naming a defined notion outweighs one that merely uses the same two common words apart; and other spellings of a
 * phrase, each yielding the phrase's own token.
 */
const DEFINITIONAL_PHRASES: readonly string[] = LEXICON.phrases.groups.flatMap((group) => group.phrases);
const PHRASE_SPELLINGS = LEXICON.phrases.spellings;

/** Phrases in the same stemmed form as text; another spelling of a phrase yields the phrase's token. */
const PHRASE_TABLE = buildSequenceTable([
  ...DEFINITIONAL_PHRASES.map(stemsOf)
    .filter((stems) => stems.length >= 2)
    .map((stems) => ({ stems, value: stems.join("-") })),
  ...PHRASE_SPELLINGS.flatMap(({ phrase, spellings }) =>
    spellings.map((spelling) => ({ stems: stemsOf(spelling), value: stemsOf(phrase).join("-") })),
  ),
]);

/** Word order matters little in paraphrase ("integer distances", "distances are integers"), so pairs are unordered. */
function proximityPairs(stems: readonly string[]): string[] {
  const pairs: string[] = [];
  stems.forEach((stem, position) => {
    for (let offset = 1; offset <= PROXIMITY_WINDOW; offset += 1) {
      const other = stems[position + offset];
      if (other !== undefined && other !== stem) pairs.push(stem < other ? `${stem}~${other}` : `${other}~${stem}`);
    }
  });
  return pairs;
}

/** The token part of an analysis, and what the rest is computed from. */
function analyzeTokens(raw: string) {
  const folded = foldText(raw);
  const words = wordsOf(folded);
  const parameters = [
    ...extractParameters(folded),
    ...proseParameters(folded),
    ...linearEquations(folded),
    ...parameterBounds(folded),
    ...functionComparisons(folded),
    ...oneVariableForms(folded),
    ...binomialForms(folded),
    ...unitFractionEquations(folded),
  ];
  const phrases = matchSequences(words, PHRASE_TABLE);
  const plain = words.filter((word) => !word.stop).map((word) => word.stem);
  const concepts = findConcepts(folded, words);
  return { folded, plain, parameters, phrases, tokens: [...plain, ...parameters, ...phrases, ...concepts] };
}

/** Tokens of any text: the same function indexes documents and reads queries. */
export function analyzeText(raw: string): AnalyzedText {
  const { folded, plain, parameters, phrases, tokens } = analyzeTokens(raw);
  return { tokens, parameters, phrases, pairs: proximityPairs(plain), formulas: formulaShingles(folded) };
}

/** The tokens of analyzeText alone (a document's field counts need no pairs or formula shingles). */
export function tokenize(raw: string): string[] {
  return analyzeTokens(raw).tokens;
}

/** Classifies a token by its shape; parameters and phrases count as strong signals in discovery. */
export function tokenKind(token: string): TokenKind {
  if (token.startsWith(FORMULA_MARK)) return "formula";
  if (token.includes("~")) return "pair";
  if (/^\d+(?:[./]\d+)?$/.test(token)) return "number";
  if (/[_^]/.test(token)) return "parameter";
  if (token.includes("-")) return "phrase";
  return "word";
}
