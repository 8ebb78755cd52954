// Words dropped from token streams (function words, relation words) and number words read as
// digits, so "at least four" and "≥ 4" produce the same parameter. The words are data
// (lexicon/words.yaml); this module builds the tables the normaliser reads.

import { LEXICON } from "./lexicon/load.js";

const {
  function_words: FUNCTION_WORDS,
  discourse_words: DISCOURSE_WORDS,
  operator_words: OPERATOR_WORDS,
} = LEXICON.words;

/** English function words, discourse words and spoken operators: they carry no mathematical identity. */
export const STOPWORDS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...DISCOURSE_WORDS, ...OPERATOR_WORDS]);

/** Number words read as digits ("one" is left out of the data: it is far more often a pronoun than a count). */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(LEXICON.words.number_words);

/** Relations spelled in prose -> the relation word the symbol tables produce, in the file's order (longest first). */
export const PROSE_RELATIONS: ReadonlyArray<[RegExp, string]> = LEXICON.words.prose_relations.map(
  ({ phrase, relation }) => [new RegExp(String.raw`\b${phrase}\b`, "g"), ` ${relation} `],
);

/** The patterns this module builds from the lexicon: for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = PROSE_RELATIONS.map(([pattern]) => pattern);
