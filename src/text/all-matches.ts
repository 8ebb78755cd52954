// Every match of a global pattern, as `[...text.matchAll(pattern)]` gives them, without what matchAll
// costs: it clones the pattern on every call (a fresh RegExp through its species constructor), about a
// quarter of a microsecond, and the text analysers call it some sixty times per text, so the clones were
// most of analysing a short text. This runs the pattern itself from index 0 and leaves it at 0.
//
// A pattern can come with the characters every match of it contains (`GuardedPattern`): a text that
// lacks one is not scanned at all. Most of the analysers' patterns look for notation that prose lacks.
import { requiredCharacters } from "./required-characters.js";

/** A global pattern and the characters (requiredCharacters) without which a text cannot hold a match. */
export class GuardedPattern {
  readonly required: string;

  constructor(readonly regex: RegExp) {
    if (!regex.global) throw new TypeError(`a guarded pattern must be global: ${regex}`);
    this.required = requiredCharacters(regex);
  }

  /** False only when `text` lacks a character every match needs. */
  mayMatch(text: string): boolean {
    for (let index = 0; index < this.required.length; index += 1)
      if (!text.includes(this.required[index]!)) return false;
    return true;
  }
}

/** The index after an empty match at `index`, as matchAll advances (a surrogate pair whole in unicode mode). */
function advance(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff) return index + 1;
  const next = text.charCodeAt(index + 1);
  return next >= 0xdc00 && next <= 0xdfff ? index + 2 : index + 1;
}

/** The matches of `pattern` (which must be global, as for matchAll) in `text`, in order. */
export function allMatches(text: string, guarded: RegExp | GuardedPattern): RegExpExecArray[] {
  if (guarded instanceof GuardedPattern && !guarded.mayMatch(text)) return [];
  const pattern = guarded instanceof GuardedPattern ? guarded.regex : guarded;
  if (!pattern.global) throw new TypeError(`allMatches needs a global pattern: ${pattern}`);
  const matches: RegExpExecArray[] = [];
  // The `flags` getter builds a string on every call; the two mode properties do not.
  const unicode = pattern.unicode || (pattern as { unicodeSets?: boolean }).unicodeSets === true;
  pattern.lastIndex = 0;
  try {
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      matches.push(match);
      if (match[0] === "") pattern.lastIndex = advance(text, pattern.lastIndex, unicode);
    }
  } finally {
    pattern.lastIndex = 0;
  }
  return matches;
}
