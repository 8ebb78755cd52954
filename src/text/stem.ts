// Conservative inflection folding for English mathematical prose: plurals, -ing and -ed, British
// spellings. It only ever merges forms of one word; anything it is unsure about stays as written.

import { LEXICON } from "./lexicon/load.js";

/** Irregular plurals common in mathematics (the suffix rules would get them wrong), and "different" read as "distinct". */
const IRREGULAR: ReadonlyMap<string, string> = new Map(LEXICON.stems.irregular);

/** Words that end like an inflection but are not one (names, Latin, -ss, -us, -is, short words). */
const PROTECTED: ReadonlySet<string> = new Set(LEXICON.stems.protected);

/**
 * Derivational families: the noun or adverb of a property and the property itself ("monotonicity", "monotonic",
 * "monotone") name one notion. Listed word by word (lexicon/stems.yaml) rather than by a suffix rule, because "-ity"
 * and "-ic" rules merge unrelated words ("logic" and "log", "city"). Form -> base word; the base is then stemmed.
 */
const DERIVATIONS: ReadonlyMap<string, string> = new Map(
  LEXICON.stems.derivations.flatMap(({ base, forms }) => forms.map((form): [string, string] => [form, base])),
);

const KEEP_DOUBLE: ReadonlySet<string> = new Set(["l", "s", "z", "f"]);
const VOWEL = /[aeiouy]/;

function undouble(stem: string): string {
  const last = stem.at(-1) ?? "";
  return stem.length > 3 && stem.at(-2) === last && !VOWEL.test(last) && !KEEP_DOUBLE.has(last)
    ? stem.slice(0, -1)
    : stem;
}

function stripPlural(word: string): string {
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is|ous|ics)$/.test(word)) return word;
  if (/(?:sses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("'s")) return word.slice(0, -1);
  return word;
}

function stripVerbal(word: string): string {
  if (word.endsWith("ying") && word.length > 6) return word.slice(0, -3);
  if (word.endsWith("ing")) {
    const stem = word.slice(0, -3);
    return stem.length >= 3 && VOWEL.test(stem) ? undouble(stem) : word;
  }
  if (word.endsWith("ied") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith("ed") && !word.endsWith("eed")) {
    const stem = word.slice(0, -2);
    return stem.length >= 3 && VOWEL.test(stem) ? undouble(stem) : word;
  }
  return word;
}

/** A trailing silent e is dropped so that "increase", "increased" and "increasing" meet. */
function stripFinalE(word: string): string {
  return word.length >= 4 && word.endsWith("e") && !word.endsWith("ee") ? word.slice(0, -1) : word;
}

/** British -ise/-isation forms fold onto -ize so both spellings meet. */
function foldSpelling(word: string): string {
  // Each rewrite needs its letters in the word; most words have neither, and a search for them is cheaper than the pattern.
  const ized = word.includes("is") ? word.replace(/is(e|ed|ing|es|ation|ations)$/, "iz$1") : word;
  return ized.includes("our") ? ized.replace(/^(col|neighb|fav|behavi|lab|harb)our/, "$1or") : ized;
}

/** Folds one lower-case ASCII word (derivational families first); numbers and words of three letters or fewer are returned as-is. */
export function stemWord(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  const derived = DERIVATIONS.get(word);
  if (derived !== undefined) return stemWord(derived);
  if (word.length <= 3 || PROTECTED.has(word) || !/^[a-z]+$/.test(word)) return word;
  const spelled = foldSpelling(word);
  const singular = stripPlural(spelled);
  if (PROTECTED.has(singular)) return singular;
  // A plural of a derived form ("irrationalities") is read as its family's base too.
  const derivedSingular = DERIVATIONS.get(singular);
  if (derivedSingular !== undefined) return stemWord(derivedSingular);
  const base = singular === spelled ? stripVerbal(singular) : singular;
  return IRREGULAR.get(base) ?? stripFinalE(base);
}
