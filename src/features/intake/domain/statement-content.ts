// Minimal content rules for a submitted statement: refuse text that cannot be a mathematical
// statement (too short, a repeated run, no letters, no relation, quantity or object). Pure and lenient.
import { MATHEMATICAL_OBJECT_WORDS, MATHEMATICIAN_NAMES, RELATION_WORDS } from "./statement-lexicon.js";

/** Below this many visible characters no statement fits ("a(1) = 15." is ten, the shortest catalogued). */
export const MIN_STATEMENT_VISIBLE_CHARS = 8;
/** A character repeated this many times in a row is filler: the catalogue's longest run is far shorter. */
export const MAX_REPEATED_RUN = 16;
/** Longer digit runs are pasted data, not a statement; catalogued numbers stay well below this. */
export const MAX_DIGIT_RUN = 64;
/** Longer than this, a statement without a single letter is a dump of numbers or symbols, not prose with maths. */
export const MAX_WORDLESS_CHARS = 200;

export type StatementRule = "TOO_SHORT" | "REPEATED_RUN" | "DIGIT_RUN" | "NO_WORDS" | "NO_MATHEMATICAL_CONTENT";

export interface StatementRefusal {
  rule: StatementRule;
  message: string;
}

/** Relation symbols and LaTeX relation commands: `=`, `<`, `≤`, `\in`, `\to`, `\mid`, ... */
const RELATION_SYMBOL =
  /[=<>≤≥≠∈∉⊂⊆⊃⊇→↔⇒⇔∣≡≈∼|]|\\(?:le|leq|ge|geq|lt|gt|ne|neq|in|notin|subset|subseteq|supset|to|mid|equiv|sim|approx|ll|gg)(?![a-z])/u;
/** Quantities: digits, inline maths, Lean code, a LaTeX command, Greek or mathematical letters. */
const QUANTITY_SYMBOL = /[0-9$`\\∞∑∏∫√π]|[\u0370-\u03ff]|[\u{1d400}-\u{1d7ff}]|[ℕℤℚℝℂ]/u;
/** One-letter words that are English, not variables. */
const ONE_LETTER_WORDS: ReadonlySet<string> = new Set(["a", "i"]);

function longestRun(text: string): { character: string; length: number } {
  let best = { character: "", length: 0 };
  let current = { character: "", length: 0 };
  for (const character of text) {
    current = character === current.character ? { character, length: current.length + 1 } : { character, length: 1 };
    if (current.length > best.length && !/\s/u.test(character)) best = current;
  }
  return best;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+/gu) ?? [];
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word;
}

function hasMathematicalContent(text: string, textWords: string[]): boolean {
  if (RELATION_SYMBOL.test(text) || QUANTITY_SYMBOL.test(text)) return true;
  return textWords.some(
    (word) =>
      (word.length === 1 && !ONE_LETTER_WORDS.has(word)) ||
      RELATION_WORDS.has(word) ||
      MATHEMATICIAN_NAMES.has(word) ||
      MATHEMATICAL_OBJECT_WORDS.has(word) ||
      MATHEMATICAL_OBJECT_WORDS.has(singular(word)),
  );
}

/** The first content rule `statement` breaks, or null when it may be a mathematical statement. */
export function statementRefusal(statement: string): StatementRefusal | null {
  const visible = statement.replace(/\s+/gu, "");
  if ([...visible].length < MIN_STATEMENT_VISIBLE_CHARS) {
    return {
      rule: "TOO_SHORT",
      message: `A statement needs at least ${MIN_STATEMENT_VISIBLE_CHARS} visible characters`,
    };
  }
  const run = longestRun(statement);
  if (run.length >= MAX_REPEATED_RUN) {
    return {
      rule: "REPEATED_RUN",
      message: `"${run.character}" repeats ${run.length} times in a row: a statement is not filler`,
    };
  }
  const digitRun = Math.max(0, ...(statement.match(/\d+/gu) ?? []).map((digits) => digits.length));
  if (digitRun > MAX_DIGIT_RUN) {
    return {
      rule: "DIGIT_RUN",
      message: `A run of ${digitRun} digits is data, not a statement (at most ${MAX_DIGIT_RUN})`,
    };
  }
  const textWords = words(statement);
  if (textWords.length === 0 && visible.length > MAX_WORDLESS_CHARS) {
    return {
      rule: "NO_WORDS",
      message: `Over ${MAX_WORDLESS_CHARS} characters without a word: a statement needs words, not only digits and symbols`,
    };
  }
  if (!hasMathematicalContent(statement, textWords)) {
    return {
      rule: "NO_MATHEMATICAL_CONTENT",
      message: "The statement names no relation, quantity or mathematical object",
    };
  }
  return null;
}
