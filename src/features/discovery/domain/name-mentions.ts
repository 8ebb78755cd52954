// Names mentioned inside a longer text. `namedProblems` (specificity.ts) reads a query that is little more than a
// name ("the sunflower conjecture"): every informative word of it must be the problem's. Real texts mention the name
// in passing, among history, people and notation ("Legendre's Conjecture is an unproven statement regarding …",
// "… sequences of +1s and -1s … called a 'discrepancy'"), so that test never holds for them. Here a problem's name
// counts as mentioned when the text holds all of its content words close together, the name is distinctive (few
// problems carry it, and its rarest word is rare), and a name of one word is written as a proper noun. In a long text a
// mention raises the candidate's score by a factor; in any text, a proper name the best candidate does not carry keeps
// that candidate from a MATCH (nameBestLacks). Neither makes the mentioned problem the answer by itself.

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
/** Hyphens and dashes that join the parts of a compound ("Erdős–Straus", "Goldbach-type"). */
const HYPHENS = /[-\u2010-\u2014]/u;
/** The score factor of a candidate whose name the text mentions. */
export const NAME_MENTION_FACTOR = 1.6;

/**
 * Tokens of capitalised words in the raw text: where a one-word name must be found ("Goldbach", not "mill"). A name
 * hyphened to a lower-case word is an eponymous attribute ("Goldbach-type", "Hadamard-gap"), not the name of a problem.
 */
function properNounTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  for (const word of text.split(/\s+/)) {
    const parts = word.split(HYPHENS);
    if (parts.length > 1 && parts.some((part) => /^\p{Ll}/u.test(part))) continue;
    for (const match of word.matchAll(/(?<!\p{L})\p{Lu}\p{Ll}+/gu))
      for (const token of analyzeText(match[0]).tokens) tokens.add(token);
  }
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

/** A problem whose distinctive name the text mentions, that name's content words, and whether all are proper nouns. */
export interface NameMention {
  document: IndexedDocument;
  words: readonly string[];
  proper: boolean;
}

/**
 * Which names to look for: every distinctive one, or only names of proper nouns with a rare word (what nameBestLacks
 * reads), which needs no scan of the problems that cite a common name ("Erdős").
 */
export type MentionScope = "all" | "rare-proper";

/** Published problems whose distinctive name the text (its tokens, and the raw text for proper nouns) mentions. */
export function mentionedNames(
  index: DiscoveryIndex,
  tokens: readonly string[],
  text: string,
  scope: MentionScope = "all",
): NameMention[] {
  const positions = positionsOf(tokens);
  const properNouns = properNounTokens(text);
  // Where to look: documents holding a rare token or a proper noun of the text (a name's words are in its title).
  const anchors = [...positions.keys()].filter((token) => {
    const frequency = index.publishedFrequency(token);
    if (frequency === 0) return false;
    const rare = frequency <= MENTION_MAX_WORD_FREQUENCY;
    return scope === "rare-proper" ? rare && properNouns.has(token) : rare || properNouns.has(token);
  });
  const mentions = new Map<IndexedDocument, NameMention>();
  for (const token of anchors) {
    for (const document of index.documentsWith(token)) {
      if (mentions.has(document) || document.entry.publicationState !== "PUBLISHED") continue;
      for (const name of document.names) {
        if (!name.words.includes(token) || !name.words.every((word) => positions.has(word))) continue;
        if (index.nameFrequency(name.signature) > MENTION_MAX_PROBLEMS) continue;
        // A name of proper nouns ("Erdős–Hajnal", "Legendre's conjecture") is distinctive as written; one of common
        // words must have a rare one among several ("lonely runner", "happy ending"): "the gap conjecture" is not.
        const proper = name.words.every((word) => properNouns.has(word));
        if (scope === "rare-proper" && !proper) continue;
        const rare = !proper && name.words.length > 1 && fewHoldAll(index, name.words);
        if (!(proper || rare) || !closeTogether(name.words, positions)) continue;
        mentions.set(document, { document, words: name.words, proper });
        break;
      }
    }
  }
  return [...mentions.values()];
}

/**
 * A problem the text calls by a proper name that `best` does not carry: a word of the name is nowhere in `best`'s text
 * ("Collatz iteration always reaches 1" against a problem on iterating φ(n) + 1 that shares every other word). Only
 * names of proper nouns with a rare word count: a person's name that many statements cite ("Selfridge", "Euler")
 * says little about which problem is meant. Null when `best` is itself a mentioned problem.
 */
export function nameBestLacks(
  index: DiscoveryIndex,
  mentions: readonly NameMention[],
  best: IndexedDocument,
): NameMention | null {
  if (mentions.some((mention) => mention.document === best)) return null;
  const distinctive = (mention: NameMention) =>
    mention.proper && mention.words.some((word) => index.publishedFrequency(word) <= MENTION_MAX_WORD_FREQUENCY);
  return (
    mentions.find((mention) => distinctive(mention) && mention.words.some((word) => !best.allTerms.has(word))) ?? null
  );
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
