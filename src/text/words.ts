// Splits folded text into stemmed words, expanding abbreviations and flagging stopwords; the
// shared first step of tokens, definitional phrases, concepts and proximity pairs.

import { LEXICON } from "./lexicon/load.js";
import { stemWord } from "./stem.js";
import { STOPWORDS } from "./stopwords.js";

export interface Word {
  stem: string;
  stop: boolean;
}

/** Abbreviations that stand for a definitional phrase, and closed compounds written open (lexicon/words.yaml). */
const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map(LEXICON.words.abbreviations);

/** Words and numbers, in order (`match` with a global pattern gives the matched strings, no match records). */
const WORD_OR_NUMBER = /[a-z]+|\d+(?:[./]\d+)?/g;

export function wordsOf(folded: string): Word[] {
  const words: Word[] = [];
  for (const raw of folded.replace(/'s\b/g, "").match(WORD_OR_NUMBER) ?? []) {
    const expanded = ABBREVIATIONS.get(raw) ?? [raw];
    for (const word of expanded) {
      // Single letters are variable names, which are arbitrary; digits are kept as exact values.
      const stem = stemWord(word);
      // The stem is checked too: "others" is "other", a function word in any inflection.
      const stop = STOPWORDS.has(word) || STOPWORDS.has(stem) || (word.length === 1 && !/\d/.test(word));
      words.push({ stem, stop });
    }
  }
  return words;
}

/** Word sequences in stemmed form, grouped by first stem, longest first, for matching in text order. */
export type SequenceTable<Value> = ReadonlyMap<string, { stems: string[]; value: Value }[]>;

/**
 * Determiners a phrase may carry or drop without changing what it names: "sum of its divisors", "sum of the
 * divisors" and "sum of all divisors" are the sum of divisors. Sequences are matched with them left out.
 */
const DETERMINERS: ReadonlySet<string> = new Set(LEXICON.words.determiners.map(stemWord));

const withoutDeterminers = <Item>(items: readonly Item[], stemOf: (item: Item) => string): Item[] =>
  items.filter((item) => !DETERMINERS.has(stemOf(item)));

export function buildSequenceTable<Value>(
  rawEntries: readonly { stems: string[]; value: Value }[],
): SequenceTable<Value> {
  const byFirst = new Map<string, { stems: string[]; value: Value }[]>();
  const entries = rawEntries.map((entry) => ({ ...entry, stems: withoutDeterminers(entry.stems, (stem) => stem) }));
  for (const entry of entries) {
    const first = entry.stems[0];
    if (first === undefined) continue;
    byFirst.set(
      first,
      [...(byFirst.get(first) ?? []), entry].sort((left, right) => right.stems.length - left.stems.length),
    );
  }
  return byFirst;
}

/** The value of the longest sequence starting at each word, in text order. */
export function matchSequences<Value>(allWords: readonly Word[], table: SequenceTable<Value>): Value[] {
  const found: Value[] = [];
  const words = withoutDeterminers(allWords, (word) => word.stem);
  words.forEach((word, start) => {
    const match = table
      .get(word.stem)
      ?.find((entry) => entry.stems.every((stem, offset) => words[start + offset]?.stem === stem));
    if (match !== undefined) found.push(match.value);
  });
  return found;
}
