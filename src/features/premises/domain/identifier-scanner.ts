// One hand-written pass over a query's text that yields both its identifier terms and its dotted
// symbols, the same ones `identifierTerms` and the symbol regex give, without the nested
// match/split/filter/join and their intermediate strings and arrays: symbol-vote reads both per query.

/**
 * At most this many dotted suffixes of one identifier are expanded (besides the whole): Lean names have a handful
 * of components (`Std.Tactic.Omega.Int.add_congr` has five), and every suffix of an arbitrary dotted run (`a.a.a.…`,
 * as much as a request body holds) would take time and memory quadratic in its length.
 */
export const MAX_SYMBOL_SUFFIXES = 8;

/** Tokens shorter than this carry no signal (bound variables such as `a`, `l`, `f`). */
export const MIN_IDENTIFIER_TERM_LENGTH = 2;

const DOT = 0x2e;
const UNDERSCORE = 0x5f;
const APOSTROPHE = 0x27;

function isUpper(code: number): boolean {
  return code >= 0x41 && code <= 0x5a;
}

function isLower(code: number): boolean {
  return code >= 0x61 && code <= 0x7a;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** `[A-Za-z0-9_.']`: the characters of an identifier run, for terms and symbols alike. */
function isIdentifierCode(code: number): boolean {
  return isLower(code) || isUpper(code) || isDigit(code) || code === UNDERSCORE || code === DOT || code === APOSTROPHE;
}

/**
 * Adds, in order of first appearance, the identifier terms of `text` to `terms` and its symbols to `symbols`
 * (either may be null when not wanted). Terms are `identifierTerms(text)` without repeats; symbols are whole
 * identifiers with their dotted suffixes, `List.Perm.subperm` → itself, `Perm.subperm`, `subperm`.
 */
export function scanIdentifiers(text: string, terms: Set<string> | null, symbols: Set<string> | null): void {
  const length = text.length;
  let position = 0;
  while (position < length) {
    if (!isIdentifierCode(text.charCodeAt(position))) {
      position += 1;
      continue;
    }
    const start = position;
    while (position < length && isIdentifierCode(text.charCodeAt(position))) position += 1;
    if (terms !== null) addRunTerms(text, start, position, terms);
    if (symbols !== null) addRunSymbols(text, start, position, symbols);
  }
}

/**
 * The run's pieces between `.`, `_` and `'`, each split on camelCase boundaries as
 * `/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g` splits it (`getLTCmp` → get, lt, cmp), lowercased.
 */
function addRunTerms(text: string, start: number, end: number, terms: Set<string>): void {
  let position = start;
  while (position < end) {
    const code = text.charCodeAt(position);
    let partEnd = position + 1;
    if (isUpper(code)) {
      while (partEnd < end && isUpper(text.charCodeAt(partEnd))) partEnd += 1;
      if (partEnd < end && isLower(text.charCodeAt(partEnd))) {
        // An acronym gives up its last capital to the word that follows (`LTCmp` → LT, Cmp);
        // a lone capital starts that word.
        if (partEnd - position >= 2) partEnd -= 1;
        else while (partEnd < end && isLower(text.charCodeAt(partEnd))) partEnd += 1;
      }
    } else if (isLower(code)) {
      while (partEnd < end && isLower(text.charCodeAt(partEnd))) partEnd += 1;
    } else if (isDigit(code)) {
      while (partEnd < end && isDigit(text.charCodeAt(partEnd))) partEnd += 1;
    } else {
      // A separator (`.`, `_`, `'`) ends a piece and is no part of a term.
      position = partEnd;
      continue;
    }
    if (partEnd - position >= MIN_IDENTIFIER_TERM_LENGTH) terms.add(text.slice(position, partEnd).toLowerCase());
    position = partEnd;
  }
}

/**
 * The run's symbol, as `/[A-Za-z_][A-Za-z0-9_'.]*[A-Za-z0-9_']/` matches it: from its first letter or
 * underscore to its last character other than a dot, at least two characters; empty dotted parts dropped.
 */
function addRunSymbols(text: string, start: number, end: number, symbols: Set<string>): void {
  let first = start;
  while (first < end && !isSymbolStart(text.charCodeAt(first))) first += 1;
  let last = end - 1;
  while (last > first && text.charCodeAt(last) === DOT) last -= 1;
  if (last <= first) return;
  const raw = text.slice(first, last + 1);
  // Empty parts between repeated dots are dropped, which joins the rest with single dots.
  const whole = raw.includes("..") ? raw.replace(/\.{2,}/g, ".") : raw;
  symbols.add(whole);
  // The suffixes after the last few dots, longest first.
  let from = whole.length;
  for (let count = 0; count < MAX_SYMBOL_SUFFIXES; count += 1) {
    const dot = whole.lastIndexOf(".", from - 1);
    if (dot < 0) break;
    from = dot;
  }
  for (let dot = from; dot >= 0 && dot < whole.length; dot = whole.indexOf(".", dot + 1))
    symbols.add(whole.slice(dot + 1));
}

function isSymbolStart(code: number): boolean {
  return isUpper(code) || isLower(code) || code === UNDERSCORE;
}
