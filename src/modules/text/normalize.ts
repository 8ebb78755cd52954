// The one text normaliser shared by indexing and querying (problems now, research memory later):
// folded text -> word, number, parameter and definitional-phrase tokens. Changing it bumps the version.

import { foldText } from "./latex.js";
import { extractParameters } from "./parameters.js";
import { DEFINITIONAL_PHRASES } from "./phrases.js";
import { stemWord } from "./stem.js";
import { STOPWORDS } from "./stopwords.js";

export { foldText, stripControlCharacters } from "./latex.js";

/** Bump on any change to the token stream; the sparse document view version derives from it. */
export const NORMALIZER_VERSION = 1;

export type TokenKind = "word" | "number" | "parameter" | "phrase";

export interface AnalyzedText {
  /** Every token in text order (words, numbers, then parameters and phrases); repeats kept for term frequency. */
  tokens: string[];
  parameters: string[];
  phrases: string[];
}

/** Abbreviations that stand for a definitional phrase. */
const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ["ap", ["arithmetic", "progression"]],
  ["aps", ["arithmetic", "progression"]],
  ["gp", ["geometric", "progression"]],
]);

interface Word {
  stem: string;
  stop: boolean;
}

function wordsOf(folded: string): Word[] {
  const words: Word[] = [];
  for (const [raw] of folded.replace(/'s\b/g, "").matchAll(/[a-z]+|\d+(?:[./]\d+)?/g)) {
    const expanded = ABBREVIATIONS.get(raw) ?? [raw];
    for (const word of expanded) {
      // Single letters are variable names, which are arbitrary; digits are kept as exact values.
      const stop = STOPWORDS.has(word) || (word.length === 1 && !/\d/.test(word));
      words.push({ stem: stemWord(word), stop });
    }
  }
  return words;
}

/** Phrases in the same stemmed form as text, grouped by first stem, longest first. */
const PHRASES_BY_FIRST_STEM: ReadonlyMap<string, string[][]> = (() => {
  const byFirst = new Map<string, string[][]>();
  for (const phrase of DEFINITIONAL_PHRASES) {
    const stems = wordsOf(foldText(phrase)).map((word) => word.stem);
    const first = stems[0];
    if (first === undefined || stems.length < 2) continue;
    byFirst.set(first, [...(byFirst.get(first) ?? []), stems].sort((left, right) => right.length - left.length));
  }
  return byFirst;
})();

function findPhrases(words: readonly Word[]): string[] {
  const phrases: string[] = [];
  words.forEach((word, start) => {
    const match = PHRASES_BY_FIRST_STEM.get(word.stem)?.find((stems) =>
      stems.every((stem, offset) => words[start + offset]?.stem === stem),
    );
    if (match !== undefined) phrases.push(match.join("-"));
  });
  return phrases;
}

/** Tokens of any text: the same function indexes documents and reads queries. */
export function analyzeText(raw: string): AnalyzedText {
  const folded = foldText(raw);
  const words = wordsOf(folded);
  const parameters = extractParameters(folded);
  const phrases = findPhrases(words);
  const plain = words.filter((word) => !word.stop).map((word) => word.stem);
  return { tokens: [...plain, ...parameters, ...phrases], parameters, phrases };
}

export function tokenize(raw: string): string[] {
  return analyzeText(raw).tokens;
}

/** Classifies a token by its shape; parameters and phrases count as strong signals in discovery. */
export function tokenKind(token: string): TokenKind {
  if (/^\d+(?:[./]\d+)?$/.test(token)) return "number";
  if (/[_^]/.test(token)) return "parameter";
  if (token.includes("-")) return "phrase";
  return "word";
}
