// Exact identifiers written inside free text: "Erdős problem #786", "A280831", "cp:erdos:20",
// "Erdos20.erdos_20", "https://www.erdosproblems.com/20", or a whole text that is one token (a slug,
// statement hash or accession). Exact identifiers resolve before free-text discovery, so these are
// looked up first (see discover-problems.ts); a name ("the sunflower conjecture") is discovery's own.

/** "Erdős", "Erdos's problem", "erdős problems": what an Erdős number follows. */
const ERDOS_PREFIX = String.raw`\berd[őöo]s(?:'s)?(?:\s+problems?)?`;

/** Identifier shapes found anywhere in the text. Each match is a ref the identity resolver may know. */
const EMBEDDED_REFERENCES: readonly RegExp[] = [
  // An Erdős number: "Erdős 786", "Erdos problem #786", "erdos-786", "Erdős problem no. 12".
  new RegExp(String.raw`${ERDOS_PREFIX}(?:\s+(?:no\.?|number))?\s*(?:[#:_-]\s*)?\d{1,5}\b`, "giu"),
  // An OEIS sequence number.
  /\bA\d{6}\b/gu,
  // A catalogue stable id.
  /\bcp:[a-z][a-z0-9-]*:[^\s,;!?()]+/giu,
  // A Lean declaration: a capitalised namespace, then dotted segments, with no space.
  /\b[A-Z][\w'«»]*(?:\.[\w'«»]+)+/gu,
  // A URL, with or without its scheme.
  /\bhttps?:\/\/[^\s<>()]+|\b(?:www\.)?erdosproblems\.com\/[^\s<>()]*/giu,
];

/**
 * More Erdős numbers listed after one: "Erdős problems 12 and 13", "Erdős #12, #13 or #14". Each listed number names a
 * problem as the first does; the ref is the number with the first one's prefix, as the identity resolver reads it. A
 * number that starts a word or a formula ("Erdős problem 12, 3-term progressions", "…, 2^k") is no listed problem.
 */
const LISTED_ERDOS_NUMBERS = new RegExp(
  String.raw`(${ERDOS_PREFIX})\s*(?:#\s*)?\d{1,5}((?:\s*(?:,|and|&|or)\s*(?:#\s*)?\d{1,5}(?![\w^/-]|\.\d))+)`,
  "giu",
);
const LISTED_NUMBER = /\d{1,5}/gu;

function listedErdosNumbers(text: string): ExactReference[] {
  return [...text.matchAll(LISTED_ERDOS_NUMBERS)].flatMap((match) => {
    const [, prefix = "", list = ""] = match;
    const listStart = match.index + match[0].length - list.length;
    return [...list.matchAll(LISTED_NUMBER)].map((number) => ({
      ref: `${prefix} ${number[0]}`,
      start: listStart + number.index,
      end: listStart + number.index + number[0].length,
    }));
  });
}

/** Punctuation that ends a sentence rather than an identifier: "see A280831." */
const TRAILING_PUNCTUATION = /[.,;:!?'"]+$/u;

export interface ExactReference {
  /** The text as written, trailing punctuation removed. */
  ref: string;
  start: number;
  end: number;
}

/** Identifier-shaped substrings of `text` in text order, overlapping ones merged into the first; a one-token text is a ref itself. */
export function exactReferences(text: string): ExactReference[] {
  const trimmed = text.trim();
  const found: ExactReference[] = [];
  for (const pattern of EMBEDDED_REFERENCES) {
    for (const match of trimmed.matchAll(pattern)) {
      const ref = match[0].replace(TRAILING_PUNCTUATION, "");
      if (ref !== "") found.push({ ref, start: match.index, end: match.index + ref.length });
    }
  }
  found.push(...listedErdosNumbers(trimmed));
  if (trimmed !== "" && !/\s/u.test(trimmed) && !found.some((reference) => reference.ref === trimmed)) {
    found.push({ ref: trimmed.replace(TRAILING_PUNCTUATION, "") || trimmed, start: 0, end: trimmed.length });
  }
  found.sort((left, right) => left.start - right.start || right.end - left.end);
  const merged: ExactReference[] = [];
  for (const reference of found) {
    if (merged.some((kept) => reference.start < kept.end && kept.start < reference.end)) continue;
    merged.push(reference);
  }
  return merged;
}

/** The patterns this module builds from parts (regex literals are found in the source): for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = [...EMBEDDED_REFERENCES, LISTED_ERDOS_NUMBERS];
