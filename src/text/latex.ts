// Rewrites LaTeX and Unicode mathematics into plain lower-case words and symbols before
// tokenising: one spelling per symbol, `$` delimiters and formatting commands removed.

import {
  FORMATTING_COMMANDS,
  GREEK_LETTERS,
  LATEX_COMMANDS,
  NUMBER_SYSTEMS,
  UNICODE_SYMBOLS,
} from "./latex-symbols.js";
import { LEXICON } from "./lexicon/load.js";
import { NUMBER_WORDS, PROSE_RELATIONS } from "./stopwords.js";

// C0/C1 controls (tab and newline included): queries arrive from agents and may carry stray bytes.
// eslint-disable-next-line no-control-regex -- matching control characters is the purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g;
/** Superscript and subscript digits, the glyph of 0 first (lexicon/symbols.yaml). */
const SUPERSCRIPT_DIGITS = LEXICON.symbols.superscript_digits.join("");
const SUBSCRIPT_DIGITS = LEXICON.symbols.subscript_digits.join("");
/** Unicode has subscript and superscript forms of some letters (`aᵢ`, `nᵏ`); NFKD would flatten `aᵢ` to the word `ai`. */
const SUBSCRIPT_LETTERS: ReadonlyMap<string, string> = new Map(LEXICON.symbols.subscript_letters);
const SUPERSCRIPT_LETTERS: ReadonlyMap<string, string> = new Map(LEXICON.symbols.superscript_letters);
/** A run of the glyphs: the symbols.yaml check keeps them single non-ASCII characters, so none is special in a class. */
const runOf = (glyphs: Iterable<string>, flags: string): RegExp => new RegExp(`[${[...glyphs].join("")}]+`, flags);
const SUPERSCRIPT_DIGIT_RUN = runOf(SUPERSCRIPT_DIGITS, "g");
const SUBSCRIPT_DIGIT_RUN = runOf(SUBSCRIPT_DIGITS, "g");
const SUBSCRIPT_LETTER_RUN = runOf(SUBSCRIPT_LETTERS.keys(), "gu");
const SUPERSCRIPT_LETTER_RUN = runOf(SUPERSCRIPT_LETTERS.keys(), "gu");

/** Replaces control and zero-width characters with spaces. */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_CHARACTERS, " ");
}

function digitsOf(run: string, alphabet: string): string {
  return [...run].map((glyph) => String(alphabet.indexOf(glyph))).join("");
}

/** A simple argument stays bare; anything longer is parenthesised so `a/b` keeps its grouping. */
function group(argument: string): string {
  const trimmed = argument.trim();
  return /^[A-Z0-9]+$/i.test(trimmed) ? trimmed : `(${trimmed})`;
}

function commandText(name: string): string {
  if (FORMATTING_COMMANDS.has(name)) return " ";
  return LATEX_COMMANDS.get(name) ?? LATEX_COMMANDS.get(name.toLowerCase()) ?? ` ${name} `;
}

function rewriteLatexCommands(text: string): string {
  // Every command pattern below starts with a backslash; most text (prose, ASCII maths) has none.
  if (!text.includes("\\")) return text.replace(/\$/g, " ");
  return (
    text
      .replace(
        /\\mathbb\s*(?:\{\s*)?([A-Za-z])\s*\}?/g,
        (_match, letter: string) => NUMBER_SYSTEMS.get(letter.toUpperCase()) ?? " ",
      )
      .replace(
        /\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g,
        (_match, top: string, bottom: string) => ` ${group(top)}/${group(bottom)} `,
      )
      .replace(/\\[dt]?frac\s*([A-Za-z0-9])\s*([A-Za-z0-9])/g, " $1/$2 ")
      // A k-th root is the power 1/k (`\sqrt[n]{p_n}` is `p_n^{1/n}`): both spellings should meet, and it is no square root.
      .replace(
        /\\sqrt\s*\[([^\]]{1,8})\]\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g,
        (_match, index: string, radicand: string) => ` ${radicand}^{1/${group(index)}} `,
      )
      // A square root of one symbol is also written as the power 1/2; both spellings should meet.
      .replace(
        /\\sqrt\s*(?:\{\s*([A-Za-z0-9]+)\s*\}|\s([A-Za-z0-9]))/g,
        (_match, braced?: string, bare?: string) => ` sqrt ${braced ?? bare ?? ""}^{1/2} `,
      )
      .replace(/\\([A-Z]+)/gi, (_match, name: string) => commandText(name))
      .replace(/\\./g, " ")
      .replace(/\$/g, " ")
  );
}

function replaceEach(text: string, table: ReadonlyMap<string, string>): string {
  let result = "";
  for (const glyph of text) result += table.get(glyph) ?? glyph;
  return result;
}

/**
 * A table of single non-ASCII glyphs with the expression that finds runs of them: replacing each run
 * glyph by glyph is replaceEach over the whole text, without walking (and copying) every other character.
 */
function glyphTable(table: ReadonlyMap<string, string>) {
  for (const glyph of table.keys())
    if ([...glyph].length !== 1 || glyph.charCodeAt(0) < 0x80)
      throw new Error(`symbol tables map single non-ASCII glyphs: ${JSON.stringify(glyph)}`);
  return { table, runs: runOf(table.keys(), "gu") };
}

function replaceGlyphs(text: string, { table, runs }: ReturnType<typeof glyphTable>): string {
  return text.replace(runs, (run) => replaceEach(run, table));
}

const UNICODE_SYMBOL_GLYPHS = glyphTable(UNICODE_SYMBOLS);
const GREEK_LETTER_GLYPHS = glyphTable(GREEK_LETTERS);
/**
 * Any character outside printable ASCII (controls are spaces by then). Text without one is left as it is by
 * NFKD, has no combining marks and no Greek letter (glyphTable checks the table's keys are non-ASCII).
 * A control character only makes the test true, which runs those steps as before.
 */
const OUTSIDE_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/**
 * A whole word that is a number word: what reading every word of lower-case letters and looking it up gives,
 * without a call per word. The table's words must be such words (checked here), or some would be missed.
 */
function numberWordPattern(words: readonly string[]): RegExp {
  for (const word of words)
    if (!/^[a-z]+$/.test(word))
      throw new Error(`lexicon number word ${JSON.stringify(word)} is not lower-case letters`);
  return new RegExp(String.raw`\b(?:${words.join("|")})\b`, "g");
}
const NUMBER_WORD = numberWordPattern([...NUMBER_WORDS.keys()]);

/** Number words of a hundred and up: after a count they scale it ("two hundred", "a thousand", "one hundred thousand"). */
const SCALE_WORDS = [...NUMBER_WORDS].filter(([, value]) => Number(value) >= 100).map(([word]) => word);
/** Every scaled count holds a scale word; a text without one skips SCALED_COUNT, which is tried at every word. */
const ANY_SCALE_WORD = new RegExp(SCALE_WORDS.join("|"));
const SCALED_COUNT = new RegExp(
  String.raw`(?<![\d.])\b(?:(\d+|[a-z]+) )?((?:${SCALE_WORDS.join("|")})(?: (?:${SCALE_WORDS.join("|")}))*)\b`,
  "g",
);

/** "a thousand" -> `1000`, "two million" -> `2000000`; a word that is no count ("the thousand") is kept beside the scale's value. */
function scaledCount(_match: string, count: string | undefined, scales: string): string {
  const scale = scales.split(" ").reduce((product, word) => product * BigInt(NUMBER_WORDS.get(word) ?? "1"), 1n);
  const factor =
    count === undefined
      ? undefined
      : count === "a" || count === "one"
        ? "1"
        : /^\d+$/.test(count)
          ? count
          : NUMBER_WORDS.get(count);
  if (factor === undefined) return `${count === undefined ? "" : `${count} `}${scale}`;
  return String(BigInt(factor) * scale);
}

/** Denominators read aloud: "one half", "a third", "two thirds", "three quarters" (lexicon/words.yaml spoken_fractions). */
const DENOMINATORS: ReadonlyMap<string, string> = new Map(LEXICON.words.spoken_fractions.denominators);
/** A count before a spoken denominator; "a third-order recurrence" and "the second half" are no fractions. */
const SPOKEN_FRACTION = new RegExp(
  String.raw`\b(${LEXICON.words.spoken_fractions.counts.join("|")})\s+(${[...DENOMINATORS.keys()].join("|")})(?![\w-])`,
  "g",
);

/** "natural density one half" is density `1/2`, as the catalogue writes it. */
function spokenFraction(match: string, count: string, denominator: string): string {
  const numerator = count === "a" || count === "one" ? "1" : NUMBER_WORDS.get(count);
  const below = DENOMINATORS.get(denominator);
  return numerator === undefined || below === undefined ? match : ` ${numerator}/${below} `;
}

function rewriteAsciiRelations(text: string): string {
  let result = text
    .replace(/=>|->/g, " to ")
    .replace(/<=/g, " le ")
    .replace(/>=/g, " ge ")
    .replace(/!=|\/=/g, " ne ")
    .replace(/:=|==?/g, " eq ")
    .replace(/</g, " lt ");
  // A spaced tilde is the asymptotic `\sim` typed in ASCII ("f(k) ~ c x"); a tilde inside a word or address is not.
  // The pattern starts with a lookbehind, tried at every position: a text without a tilde skips it.
  if (result.includes("~")) result = result.replace(/(?<=\s)~(?=\s)/g, " sim ");
  result = result.replace(/>/g, " gt ");
  for (const [pattern, relation] of PROSE_RELATIONS) result = result.replace(pattern, relation);
  if (ANY_SCALE_WORD.test(result)) result = result.replace(SCALED_COUNT, scaledCount);
  result = result.replace(SPOKEN_FRACTION, spokenFraction).replace(NUMBER_WORD, (word) => NUMBER_WORDS.get(word)!);
  // The powers read aloud all say "to the"; most texts do not, and the patterns would be tried at every word.
  if (result.includes("to the "))
    result = result
      // "2 to the power n", "2 to the x", "n to the k-th power" are how a power reads aloud; they should meet `2^n`.
      // A decimal exponent is read whole ("n to the power 0.5").
      .replace(/\b([a-z0-9]+) (?:to|raised to) the (?:power|power of) (\d+\.\d+|[a-z0-9]+)\b/g, "$1^{$2}")
      // Without the word "power" only a variable or number counts as the base: "belongs to the a" is no power.
      .replace(
        /(?<![a-z0-9])([a-z]|\d+) (?:to|raised to) the ([a-z]|\d+\.\d+|\d+)(?:-?th)?(?: power)?(?![a-z0-9_^])/g,
        "$1^{$2}",
      );
  // "n squared" and "n cubed" are `n^2` and `n^3`; only after a variable or number ("the squared distance" is no power).
  if (result.includes(" squared")) result = result.replace(/(?<![a-z0-9])([a-z]|\d+) squared\b/g, "$1^{2}");
  if (result.includes(" cubed")) result = result.replace(/(?<![a-z0-9])([a-z]|\d+) cubed\b/g, "$1^{3}");
  return result;
}

/**
 * `C(n,k)`, `C(2n, n)`, `C(a+2,2)`: how agents type a binomial coefficient, which catalogue statements spell `\binom`.
 * A capital C of two short lower-case arguments only: `c(n, k)` may well be a count.
 */
// eslint-disable-next-line regexp/no-super-linear-backtracking -- each argument is at most 12 characters, so a start tries a bounded number of splits
const BINOMIAL_CALL = /(?<![\w\\])C\s*\(\s*([a-z0-9+\- ]{1,12}?)\s*,\s*([a-z0-9+\- ]{1,12}?)\s*\)/g;

/** Folds raw text to lower-case ASCII words, numbers and the symbols `_ ^ { } ( ) /`. */
export function foldText(raw: string): string {
  const withoutControls = stripControlCharacters(raw);
  const scripted = withoutControls
    .replace(SUPERSCRIPT_DIGIT_RUN, (run) => `^{${digitsOf(run, SUPERSCRIPT_DIGITS)}}`)
    .replace(SUBSCRIPT_DIGIT_RUN, (run) => `_{${digitsOf(run, SUBSCRIPT_DIGITS)}}`)
    .replace(SUBSCRIPT_LETTER_RUN, (run) => `_{${replaceEach(run, SUBSCRIPT_LETTERS)}}`)
    .replace(SUPERSCRIPT_LETTER_RUN, (run) => `^{${replaceEach(run, SUPERSCRIPT_LETTERS)}}`);
  const symbols = rewriteLatexCommands(replaceGlyphs(scripted, UNICODE_SYMBOL_GLYPHS))
    // Plain-text `R^n`, `R^2`: a capital R raised to a power is Euclidean space, as `\mathbb{R}^n` is.
    .replace(/(?<![A-Za-z0-9\\])R(?=\s*\^)/g, NUMBER_SYSTEMS.get("R") ?? "R");
  const ascii = OUTSIDE_PRINTABLE_ASCII.test(symbols)
    ? replaceGlyphs(symbols.normalize("NFKD").replace(/\p{M}+/gu, ""), GREEK_LETTER_GLYPHS)
    : symbols;
  // "non-trivial" and "nontrivial" are one word spelled two ways; the joined form keeps its meaning (not "trivial").
  const joined = ascii
    .replace(BINOMIAL_CALL, " binomial($1,$2) ")
    .toLowerCase()
    .replace(/\bnon-(?=[a-z])/g, "non")
    // "Lean 4", "Lean4": the proof assistant's version is no number of the problem asked about.
    .replace(/\blean ?[34]\b/g, "lean");
  return (
    rewriteAsciiRelations(joined)
      // `(\log N)^2` and `\log^2 N` are one power of the logarithm: both give the parameter `log^2`.
      .replace(/\(\s*(log|ln)\s+([a-z])\s*\)\s*\^/g, "$2 $1^")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The patterns this module builds from parts or data (regex literals are found in the source): for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = [
  UNICODE_SYMBOL_GLYPHS.runs,
  GREEK_LETTER_GLYPHS.runs,
  SCALED_COUNT,
  SPOKEN_FRACTION,
  NUMBER_WORD,
  SUPERSCRIPT_DIGIT_RUN,
  SUBSCRIPT_DIGIT_RUN,
  SUBSCRIPT_LETTER_RUN,
  SUPERSCRIPT_LETTER_RUN,
];
