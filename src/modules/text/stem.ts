// Conservative inflection folding for English mathematical prose: plurals, -ing and -ed, British
// spellings. It only ever merges forms of one word; anything it is unsure about stays as written.

import { DERIVATIONS } from "./derivations.js";

/** Irregular plurals common in mathematics (the suffix rules would get them wrong), and "different" read as "distinct". */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["vertices", "vertex"], ["matrices", "matrix"], ["indices", "index"], ["simplices", "simplex"],
  ["hypotheses", "hypothesis"], ["radii", "radius"], ["lemmata", "lemma"], ["polyhedra", "polyhedron"],
  ["maxima", "maximum"], ["minima", "minimum"], ["bases", "basis"], ["loci", "locus"], ["foci", "focus"],
  ["tori", "torus"], ["different", "distinct"], ["differing", "distinct"], ["criteria", "criterion"], ["phenomena", "phenomenon"], ["analyses", "analysis"],
  ["leaves", "leaf"], ["halves", "half"],
]);

/** Words that end like an inflection but are not one (names, Latin, -ss, -us, -is, short words). */
const PROTECTED: ReadonlySet<string> = new Set([
  "erdos", "lucas", "gauss", "jones", "moses", "thomas", "nicholas", "ramanujans", "series", "species",
  "always", "perhaps", "whereas", "thus", "plus", "minus", "bonus", "various", "previous", "famous",
  "string", "during", "bring", "spring", "thing", "nothing", "something", "anything", "everything",
  "morning", "evening", "wing", "swing", "sling", "sing", "king", "ring", "hundred", "kindred", "sacred",
  "naked", "wicked", "embed", "shed", "bed", "red", "need", "seed", "speed", "indeed", "exceed",
  "proceed", "succeed", "feed", "breed", "bleed", "led", "fled", "sled", "wed", "bred", "fed",
  "chaos", "cos", "los", "pythagoras", "euclides", "archimedes", "diophantus", "pappus",
]);

const KEEP_DOUBLE = new Set(["l", "s", "z", "f"]);
const VOWEL = /[aeiouy]/;

function undouble(stem: string): string {
  const last = stem.at(-1) ?? "";
  return stem.length > 3 && stem.at(-2) === last && !VOWEL.test(last) && !KEEP_DOUBLE.has(last)
    ? stem.slice(0, -1)
    : stem;
}

function stripPlural(word: string): string {
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ss|us|is|ous|ics)$/.test(word)) return word;
  if (/(sses|xes|zes|ches|shes)$/.test(word)) return word.slice(0, -2);
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
  return word
    .replace(/is(e|ed|ing|es|ation|ations)$/, "iz$1")
    .replace(/^(col|neighb|fav|behavi|lab|harb)our/, "$1or");
}

/** Folds one lower-case ASCII word (derivational families first, see derivations.ts); numbers and words of three letters or fewer are returned as-is. */
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
