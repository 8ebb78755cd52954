// Symbol tables for text normalisation: LaTeX commands and Unicode characters mapped to one
// spelling, so `\phi`, `φ` and `phi` (or `\le`, `≤` and `<=`) become the same token. The tables
// are data (lexicon/symbols.yaml); this module only assembles them.

import { LEXICON } from "./lexicon/load.js";

const SYMBOLS = LEXICON.symbols;

/** Relation words produced for every spelling of a relation; parameter extraction reads them. */
export const RELATION_WORDS: readonly string[] = SYMBOLS.relation_words;

const GREEK_NAMES = SYMBOLS.greek.map((letter) => letter.name);

/** LaTeX command (without backslash) -> replacement text: every Greek letter names itself. Unknown commands become their name. */
export const LATEX_COMMANDS: ReadonlyMap<string, string> = new Map<string, string>([
  ...GREEK_NAMES.map((name): [string, string] => [name, name]),
  ...SYMBOLS.latex_commands,
]);

/**
 * Commands that only format their argument (or space it): dropped, the argument kept.
 * `\mathbb` is handled separately because its argument names a number system.
 */
export const FORMATTING_COMMANDS: ReadonlySet<string> = new Set(SYMBOLS.formatting_commands);

/** `\mathbb{X}` and the double-struck Unicode letters: the number systems they usually denote. */
export const NUMBER_SYSTEMS: ReadonlyMap<string, string> = new Map(SYMBOLS.number_systems);

/** Unicode characters -> replacement (double-struck letters first); applied before NFKD, which would flatten ℕ to N. */
export const UNICODE_SYMBOLS: ReadonlyMap<string, string> = new Map<string, string>([
  ...SYMBOLS.double_struck.map(([glyph, letter]): [string, string] => [glyph, NUMBER_SYSTEMS.get(letter) ?? " "]),
  ...SYMBOLS.unicode_symbols,
]);

/** Greek letters -> their names; applied after NFKD (which already folds ϕ to φ, ϵ to ε). */
export const GREEK_LETTERS: ReadonlyMap<string, string> = new Map<string, string>([
  ...SYMBOLS.greek.map(({ name, lower }): [string, string] => [lower, ` ${name} `]),
  ...SYMBOLS.greek.map(({ name, upper }): [string, string] => [upper, ` ${name} `]),
  ...SYMBOLS.greek_variants.map(([glyph, name]): [string, string] => [glyph, ` ${name} `]),
]);
