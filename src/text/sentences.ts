// A text's sentences and their tokens: the one analysis of a research record that its sparse document and
// its memory checkpoint share (the write path hands it to the memory projector, which would otherwise redo it).
import { flattenSpace } from "./clip.js";
import { tokenize } from "./normalize.js";

/** After `.`, `!` or `?` and the space that follows, or at a blank line. */
const SENTENCE_BREAK = /(?<=[.!?])\s+|\n{2,}/;

/** The sentences of `text`, spaces collapsed, empty ones dropped. */
export function sentencesOf(text: string): string[] {
  return text.split(SENTENCE_BREAK).map(flattenSpace).filter(Boolean);
}

/** The tokens of a title (one sentence, spaces collapsed) and of each sentence of a body, in order. */
export interface SentenceTokens {
  title: string[];
  body: string[][];
  /** The body's sentences (sentencesOf), whose tokens `body` holds: a summary quotes them without a second split. */
  sentences: string[];
}

/**
 * Each sentence is analysed on its own, so no token spans two sentences (a phrase or relation across a full
 * stop is no phrase of the text), and the sentences a summary quotes come with their tokens.
 */
export function tokenizeSentences(title: string, body: string): SentenceTokens {
  const sentences = sentencesOf(body);
  return { title: tokenize(flattenSpace(title)), body: sentences.map(tokenize), sentences };
}
