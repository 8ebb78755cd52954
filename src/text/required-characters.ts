// The characters every match of a regular expression contains, read from its source. The analysers run
// some sixty patterns over each text, most of them looking for notation (`f(n) eq f(n+1)`, `1/n`, `k!`)
// that prose lacks; a pattern whose required character is absent from the text cannot match it, and
// checking that is a fast scan where running the pattern tries it at every position.
//
// The reading is conservative: a character counts only where the pattern must consume it (a literal or a
// one-character class, outside any part that may match nothing: an optional or starred atom, a
// lookaround, an alternative the others lack). Whatever it does not recognise counts for nothing, so the
// answer may be incomplete but never names a character a match can lack.

/** What the parser returns for one piece of the source: the characters it requires, and where it ends. */
interface Parsed {
  required: Set<string>;
  end: number;
}

const QUANTIFIER = /^\{(\d+)(?:,\d*)?\}/;
/** Escapes that stand for a class of characters or a position: they require no particular character. */
const CLASS_OR_ASSERTION_ESCAPES: ReadonlySet<string> = new Set(["d", "D", "w", "W", "s", "S", "b", "B"]);
/** Escapes of one control character (not counted: the analysers look for printable notation). */
const CONTROL_ESCAPES: ReadonlySet<string> = new Set(["0", "n", "t", "r", "f", "v"]);

class UnreadablePattern extends Error {}

const intersect = (left: Set<string>, right: Set<string>): Set<string> =>
  new Set([...left].filter((character) => right.has(character)));

/** The end of a character class that starts at `start` (its `[`), and its one character if it has exactly one. */
function readClass(source: string, start: number): { character: string | null; end: number } {
  let index = start + 1;
  const negated = source[index] === "^";
  if (negated) index += 1;
  const members: string[] = [];
  let plain = true;
  while (index < source.length && source[index] !== "]") {
    const character = source[index]!;
    if (character === "\\") {
      const escaped = source[index + 1] ?? "";
      if (/[a-z\d]/i.test(escaped)) plain = false;
      else members.push(escaped);
      index += 2;
      continue;
    }
    if (character === "-" && members.length > 0 && source[index + 1] !== "]") plain = false;
    members.push(character);
    index += 1;
  }
  if (index >= source.length) throw new UnreadablePattern("unterminated class");
  const single = !negated && plain && new Set(members).size === 1 ? members[0]! : null;
  return { character: single, end: index + 1 };
}

/** An escape at `start` (its backslash): the literal character it stands for, if it stands for one. */
function readEscape(source: string, start: number): { character: string | null; end: number } {
  const escaped = source[start + 1];
  if (escaped === undefined) throw new UnreadablePattern("trailing backslash");
  if (/[1-9]/.test(escaped)) {
    let end = start + 2;
    while (/\d/.test(source[end] ?? "")) end += 1;
    return { character: null, end };
  }
  if (escaped === "k" && source[start + 2] === "<") return { character: null, end: source.indexOf(">", start) + 1 };
  if ((escaped === "p" || escaped === "P") && source[start + 2] === "{")
    return { character: null, end: source.indexOf("}", start) + 1 };
  if (CLASS_OR_ASSERTION_ESCAPES.has(escaped) || CONTROL_ESCAPES.has(escaped))
    return { character: null, end: start + 2 };
  // Hexadecimal, Unicode and control-letter escapes run on past two characters; they are not read.
  if (/[a-z\d]/i.test(escaped)) throw new UnreadablePattern(`escape \\${escaped}`);
  return { character: escaped, end: start + 2 };
}

/** A group at `start` (its `(`): what it requires (nothing for a lookaround), and its end. */
function readGroup(source: string, start: number): Parsed {
  let body = start + 1;
  let lookaround = false;
  if (source[body] === "?") {
    const kind = source.slice(body, body + 3);
    if (kind.startsWith("?:")) body += 2;
    else if (kind.startsWith("?=") || kind.startsWith("?!")) [body, lookaround] = [body + 2, true];
    else if (kind === "?<=" || kind === "?<!") [body, lookaround] = [body + 3, true];
    else if (kind.startsWith("?<")) body = source.indexOf(">", body) + 1;
    else throw new UnreadablePattern(`group (${kind}`);
  }
  const inner = readAlternation(source, body);
  if (source[inner.end] !== ")") throw new UnreadablePattern("unterminated group");
  return { required: lookaround ? new Set() : inner.required, end: inner.end + 1 };
}

/** One atom at `start`, without its quantifier. */
function readAtom(source: string, start: number): Parsed {
  const character = source[start]!;
  if (character === "(") return readGroup(source, start);
  if (character === "[" || character === "\\") {
    const read = character === "[" ? readClass(source, start) : readEscape(source, start);
    return { required: new Set(read.character === null ? [] : [read.character]), end: read.end };
  }
  if (character === "." || character === "^" || character === "$") return { required: new Set(), end: start + 1 };
  // A pair of surrogates is one character in unicode mode (a quantifier after it applies to both): not counted.
  if (/[\uD800-\uDBFF]/.test(character)) return { required: new Set(), end: start + 2 };
  if ("*+?)|".includes(character)) throw new UnreadablePattern(`unexpected ${character}`);
  return { required: new Set([character]), end: start + 1 };
}

/** The quantifier after an atom at `start`: whether the atom may match nothing, and where it ends. */
function readQuantifier(source: string, start: number): { optional: boolean; end: number } {
  const character = source[start];
  let optional = false;
  let end = start;
  if (character === "*" || character === "?") [optional, end] = [true, start + 1];
  else if (character === "+") end = start + 1;
  else if (character === "{") {
    const match = QUANTIFIER.exec(source.slice(start));
    if (match) [optional, end] = [Number(match[1]) === 0, start + match[0].length];
  }
  if (end > start && source[end] === "?") end += 1;
  return { optional, end };
}

/** Alternatives separated by `|` from `start` to the closing `)` or the end: what every one requires. */
function readAlternation(source: string, start: number): Parsed {
  let required: Set<string> | null = null;
  let index = start;
  for (;;) {
    const sequence = new Set<string>();
    while (index < source.length && source[index] !== "|" && source[index] !== ")") {
      const atom = readAtom(source, index);
      const quantifier = readQuantifier(source, atom.end);
      if (!quantifier.optional) for (const character of atom.required) sequence.add(character);
      index = quantifier.end;
    }
    required = required === null ? sequence : intersect(required, sequence);
    if (source[index] !== "|") return { required, end: index };
    index += 1;
  }
}

/**
 * The characters (UTF-16 code units) that every match of `pattern` contains, as one string; empty when
 * none is certain. Case-insensitive and `v`-mode patterns are not read (empty).
 */
export function requiredCharacters(pattern: RegExp): string {
  if (pattern.ignoreCase || pattern.flags.includes("v")) return "";
  try {
    const parsed = readAlternation(pattern.source, 0);
    if (parsed.end !== pattern.source.length) return "";
    return [...parsed.required].sort().join("");
  } catch (error) {
    if (error instanceof UnreadablePattern) return "";
    throw error;
  }
}
