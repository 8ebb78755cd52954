// Concept tokens from the curated lexicon (lexicon/concepts.yaml) and parameters named in prose ("five-cycle"
// is C_5): added next to the original tokens so paraphrase and notation meet on one token.

import { foldText } from "./latex.js";
import { LEXICON } from "./lexicon/load.js";
import { buildSequenceTable, matchSequences, wordsOf, type Word } from "./words.js";
import { allMatches, GuardedPattern } from "./all-matches.js";

/** The token a concept adds: its stems, joined with "-" when it has several words (a phrase token). */
function conceptToken(concept: string): string {
  return wordsOf(foldText(concept))
    .map((word) => word.stem)
    .join("-");
}

/**
 * Each concept group (lexicon/concepts.yaml): `concept` is the token every spelling adds (analysed like any text, so a
 * two-word concept becomes a phrase token); `spellings` are plain-English word sequences; `notation` matches folded
 * text. Originals are kept, the concept is added, so exact wording still counts.
 */
const CONCEPT_GROUPS = LEXICON.concepts;

const CONCEPT_TABLE = buildSequenceTable(
  CONCEPT_GROUPS.flatMap((group) => {
    const token = conceptToken(group.concept);
    return (
      group.spellings
        .map((spelling) => wordsOf(foldText(spelling)).map((word) => word.stem))
        // A one-word spelling equal to the concept already yields that token; adding it again would double-count.
        .filter((stems) => stems.join("-") !== token)
        .map((stems) => ({ stems, value: token }))
    );
  }),
);

const CONCEPT_NOTATION: readonly { pattern: GuardedPattern; token: string }[] = CONCEPT_GROUPS.flatMap((group) =>
  group.notation.map((notation) => ({
    pattern: new GuardedPattern(new RegExp(notation, "g")),
    token: conceptToken(group.concept),
  })),
);

/**
 * Prose names of standard parameters: `C_k` is the k-cycle and `K_k` the complete graph on k
 * vertices (a k-clique), whichever way the text says it.
 */
const PROSE_PARAMETERS: readonly { pattern: GuardedPattern; parameter: (size: string) => string }[] = [
  { pattern: new GuardedPattern(/(?<![a-z0-9_^])(\d+)[- ]cycles?\b/g), parameter: (size) => `c_${size}` },
  { pattern: new GuardedPattern(/\bcycles? of length (\d+)\b/g), parameter: (size) => `c_${size}` },
  { pattern: new GuardedPattern(/(?<![a-z0-9_^])(\d+)[- ]cliques?\b/g), parameter: (size) => `k_${size}` },
  { pattern: new GuardedPattern(/\bcomplete graphs? on (\d+) vertices\b/g), parameter: (size) => `k_${size}` },
];

/** Content-word stems of every spelling of each concept: evidence a concept token may duplicate. */
const CONCEPT_SOURCES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  CONCEPT_GROUPS.map((group) => [
    conceptToken(group.concept),
    new Set(
      group.spellings.flatMap((spelling) =>
        wordsOf(foldText(spelling))
          .filter((word) => !word.stop)
          .map((word) => word.stem),
      ),
    ),
  ]),
);

/** Content-word stems of the spellings of concept `token` (empty for any other token). */
export function conceptSpellingStems(token: string): ReadonlySet<string> {
  return CONCEPT_SOURCES.get(token) ?? new Set();
}

/**
 * Whether `token` is a concept one of whose spellings uses `stem`: a text that shares both shares
 * one piece of evidence, not two ("totient" and the `phi` it adds).
 */
export function conceptDerivesFrom(token: string, stem: string): boolean {
  // A concept named like one of its spellings ("phi" from "phi function") is its own evidence, not a copy of it.
  return token !== stem && (CONCEPT_SOURCES.get(token)?.has(stem) ?? false);
}

/** Concept tokens of one text: lexicon spellings in word order, then notation matches. */
export function findConcepts(folded: string, words: readonly Word[]): string[] {
  const concepts = matchSequences(words, CONCEPT_TABLE);
  for (const { pattern, token } of CONCEPT_NOTATION)
    for (const _match of allMatches(folded, pattern)) concepts.push(token);
  return concepts;
}

/** Parameters the text names in words rather than symbols. */
export function proseParameters(folded: string): string[] {
  return PROSE_PARAMETERS.flatMap(({ pattern, parameter }) =>
    allMatches(folded, pattern).map((match) => parameter(match[1] ?? "")),
  );
}

/** The patterns this module builds from the lexicon (regex literals are found in the source): for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = CONCEPT_NOTATION.map(({ pattern }) => pattern.regex);
