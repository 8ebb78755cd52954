// Names mentioned inside a longer text. `namedProblems` (specificity.ts) reads a query that is little more than a
// name ("the sunflower conjecture"): every informative word of it must be the problem's. Real texts mention the name
// in passing, among history, people and notation ("Legendre's Conjecture is an unproven statement regarding …",
// "… sequences of +1s and -1s … called a 'discrepancy'"), so that test never holds for them. Here a problem's name
// counts as mentioned when the text holds all of its content words close together, the name is distinctive (few
// problems carry it, and its rarest word is rare), and a name of one word is written as a proper noun. A mention
// raises the candidate's score by a factor; it decides nothing by itself.

import { analyzeText } from "../../../text/normalize.js";
import type { DiscoveryIndex, IndexedDocument } from "./discovery-index.js";
import type { ScoredDocument } from "./scoring.js";

/** A name carried by more problems than this names a collection ("Ben Green's open problem N"), not one problem. */
const MENTION_MAX_PROBLEMS = 2;
/** The name's rarest word is in at most this many published problems: "discrepancy" (17) is, "sum" or "gap" are not. */
const MENTION_MAX_WORD_FREQUENCY = 20;
/** A name of common words is distinctive when at most this many problems hold all of its words. */
const MENTION_MAX_HOLDERS = 3;
/** Extra tokens allowed between the words of a name ("Heilbronn's problem for triangles"). */
const MENTION_SLACK = 2;
/** The score factor of a candidate whose name the text mentions. */
export const NAME_MENTION_FACTOR = 1.6;

/** Tokens of capitalised words in the raw text: where a one-word name must be found ("Goldbach", not "mill"). */
function properNounTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  for (const match of text.matchAll(/(?<!\p{L})\p{Lu}\p{Ll}+/gu))
    for (const token of analyzeText(match[0]).tokens) tokens.add(token);
  return tokens;
}

function positionsOf(tokens: readonly string[]): Map<string, number[]> {
  const positions = new Map<string, number[]>();
  tokens.forEach((token, position) => {
    const list = positions.get(token);
    if (list === undefined) positions.set(token, [position]);
    else list.push(position);
  });
  return positions;
}

/** Whether every word occurs within a window of the name's length plus MENTION_SLACK around one occurrence of the first. */
function closeTogether(words: readonly string[], positions: ReadonlyMap<string, number[]>): boolean {
  const reach = words.length - 1 + MENTION_SLACK;
  return (positions.get(words[0]!) ?? []).some((anchor) =>
    words.every((word) => (positions.get(word) ?? []).some((position) => Math.abs(position - anchor) <= reach)),
  );
}

/**
 * Whether at most MENTION_MAX_HOLDERS published problems hold every word of a name of common words: "lonely runner"
 * is distinctive, "gizmo sprocket" in ten statements names their topic, not the one problem titled by it.
 */
function fewHoldAll(index: DiscoveryIndex, words: readonly string[]): boolean {
  const rarest = words.reduce((best, word) =>
    index.publishedFrequency(word) < index.publishedFrequency(best) ? word : best,
  );
  if (index.publishedFrequency(rarest) > MENTION_MAX_WORD_FREQUENCY) return false;
  let holders = 0;
  for (const document of index.documentsWith(rarest)) {
    if (document.entry.publicationState === "PUBLISHED" && words.every((word) => document.allTerms.has(word)))
      holders += 1;
  }
  return holders <= MENTION_MAX_HOLDERS;
}

/** Published problems whose distinctive name the text (its tokens, and the raw text for proper nouns) mentions. */
export function problemsMentionedByName(
  index: DiscoveryIndex,
  tokens: readonly string[],
  text: string,
): Set<IndexedDocument> {
  const positions = positionsOf(tokens);
  const properNouns = properNounTokens(text);
  // Where to look: documents holding a rare token or a proper noun of the text (a name's words are in its title).
  const anchors = [...positions.keys()].filter((token) => {
    const frequency = index.publishedFrequency(token);
    return frequency > 0 && (frequency <= MENTION_MAX_WORD_FREQUENCY || properNouns.has(token));
  });
  const mentioned = new Set<IndexedDocument>();
  for (const token of anchors) {
    for (const document of index.documentsWith(token)) {
      if (mentioned.has(document) || document.entry.publicationState !== "PUBLISHED") continue;
      const mentions = document.names.some((name) => {
        if (!name.words.includes(token) || !name.words.every((word) => positions.has(word))) return false;
        if (index.nameFrequency(name.signature) > MENTION_MAX_PROBLEMS) return false;
        // A name of proper nouns ("Erdős–Hajnal", "Legendre's conjecture") is distinctive as written; one of common
        // words must have a rare one among several ("lonely runner", "happy ending"): "the gap conjecture" is not.
        const proper = name.words.every((word) => properNouns.has(word));
        const rare = name.words.length > 1 && fewHoldAll(index, name.words);
        return (proper || rare) && closeTogether(name.words, positions);
      });
      if (mentions) mentioned.add(document);
    }
  }
  return mentioned;
}

/** Multiplies the score of each candidate the text mentions by name by NAME_MENTION_FACTOR and re-sorts. */
export function promoteMentionedNames(
  scored: readonly ScoredDocument[],
  mentioned: ReadonlySet<IndexedDocument>,
): ScoredDocument[] {
  if (mentioned.size === 0) return [...scored];
  return scored
    .map((candidate) =>
      mentioned.has(candidate.document) ? { ...candidate, score: candidate.score * NAME_MENTION_FACTOR } : candidate,
    )
    .sort(
      (left, right) =>
        right.score - left.score || (left.document.entry.problemId < right.document.entry.problemId ? -1 : 1),
    );
}
