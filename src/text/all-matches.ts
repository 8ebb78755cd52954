// Every match of a global pattern, as `[...text.matchAll(pattern)]` gives them, without what matchAll
// costs: it clones the pattern on every call (a fresh RegExp through its species constructor), about a
// quarter of a microsecond, and the text analysers call it some sixty times per text, so the clones were
// most of analysing a short text. This runs the pattern itself from index 0 and leaves it at 0.

/** The index after an empty match at `index`, as matchAll advances (a surrogate pair whole in unicode mode). */
function advance(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1;
  const code = text.charCodeAt(index);
  if (code < 0xd800 || code > 0xdbff) return index + 1;
  const next = text.charCodeAt(index + 1);
  return next >= 0xdc00 && next <= 0xdfff ? index + 2 : index + 1;
}

/** The matches of `pattern` (which must be global, as for matchAll) in `text`, in order. */
export function allMatches(text: string, pattern: RegExp): RegExpExecArray[] {
  if (!pattern.global) throw new TypeError(`allMatches needs a global pattern: ${pattern}`);
  const matches: RegExpExecArray[] = [];
  const unicode = pattern.unicode || pattern.flags.includes("v");
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
