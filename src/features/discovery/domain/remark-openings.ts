// What the opening sentence of a problem's remarks says about the problem itself. erdosproblems.com opens a sixth of
// its remarks with the problem's name ("The Erdős discrepancy problem.") and more with whose it is ("A problem of
// Erdős and Sós.", "A conjecture of Gyárfás, known as the tree packing conjecture."): the names and people a real text
// about the problem uses ("Erdős and Sós conjectured …", "the happy ending problem") where the statement has neither.
// The vocabulary is data (lexicon/discovery.yaml, `remark_openings`).

import { LEXICON } from "../../../text/lexicon/load.js";

export interface RemarkOpening {
  /** The name the opening gives ("Erdős discrepancy problem"), or null. */
  name: string | null;
  /** The people the problem is attributed to ("Erdős", "Sós"), in the order given. */
  people: string[];
}

const NONE: RemarkOpening = { name: null, people: [] };
/** Longest opening read: a name or an attribution is short; a longer first sentence is already about the mathematics. */
const MAX_OPENING_CHARACTERS = 160;

const KINDS = LEXICON.discovery.remark_openings.kinds.join("|");
const NAME_WORDS = LEXICON.discovery.remark_openings.name_words.map((words) => words.replace(/ /g, "\\s+")).join("|");
/**
 * "The infamous Collatz conjecture", "The pinned distance problem, a stronger form of [89]": a determiner, then the
 * name, then the end of the sentence or an apposition. "The first question is due to …" goes on, so it names nothing.
 */
const NAME_FORM = new RegExp(
  `^(?:this\\s+is\\s+)?(the|an?)\\s+((?!(?:${KINDS})s?\\b)[^,;:]{2,100}?\\b(?:${KINDS}))s?(?=\\s*(?:$|,))`,
  "iu",
);
/** "…, known as the tree packing conjecture": a name given after the attribution. */
const NAMED_AFTER = new RegExp(
  `(?:${NAME_WORDS})\\s+(?:the\\s+)?([^,;:]{2,100}?\\b(?:${KINDS}))s?(?=$|[\\s,;.])`,
  "iu",
);
/** "A problem of Erdős and Sós", "A question of Brown, Erdős, and Freedman [BEF90]". */
const ATTRIBUTION_FORM = new RegExp(
  `^(?:this\\s+is\\s+)?(?:the|an?)\\s+(?:(?:${KINDS})s?)\\s+(?:of|due\\s+to|posed\\s+by)\\s+(.+)$`,
  "iu",
);
/** A person's name as the site writes it: capitalised words, hyphens and particles inside ("de Bruijn", "Erdős-Rényi"). */
const PERSON = /^(?:(?:de|van|von|der|le|la)\s+)*\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*$/u;

/** The first sentence: up to the first full stop that ends a word (not inside "[Er56]" or "e.g."), at most a line. */
function firstSentence(remarks: string): string {
  const line = remarks.trimStart().split("\n", 1)[0] ?? "";
  const end = /(?<!\b(?:e\.g|i\.e|cf|resp|etc))\.(?=\s|$)/u.exec(line);
  return (end === null ? line : line.slice(0, end.index)).trim();
}

/** "Brown, Erdős, and Freedman [BEF90]" -> ["Brown", "Erdős", "Freedman"]; stops at the first part that is no name. */
function peopleOf(list: string): string[] {
  // The list ends where a clause begins: "…, who proved", "… posed in 1991", "… (or Berge and Sauer)", "…; a stronger version".
  const cleaned =
    list.replace(/\[[^\]]*\]/g, " ").split(/[;(:]|,?\s+(?:reported|as|who|in|posed|from|with|which|that|on)\s/u)[0] ??
    "";
  const people: string[] = [];
  for (const part of cleaned.split(/\s*,\s*(?:and\s+)?|\s+and\s+/u)) {
    const name = part.trim();
    if (name === "") continue;
    if (!PERSON.test(name)) break;
    people.push(name);
  }
  return people;
}

/** Whether a name after "a"/"an" is a name rather than a description: it holds a proper name ("A reverse Littlewood-Offord problem"). */
function holdsProperName(name: string): boolean {
  return /(?:^|\s)\p{Lu}/u.test(name.replace(/^\p{Lu}/u, (first) => first.toLowerCase()));
}

export function readRemarkOpening(remarks: string | null): RemarkOpening {
  if (remarks === null) return NONE;
  const sentence = firstSentence(remarks);
  if (sentence === "" || sentence.length > MAX_OPENING_CHARACTERS) return NONE;
  const attribution = ATTRIBUTION_FORM.exec(sentence);
  if (attribution !== null) {
    const named = NAMED_AFTER.exec(sentence);
    return { name: named?.[1]?.trim() ?? null, people: peopleOf(attribution[1] ?? "") };
  }
  const form = NAME_FORM.exec(sentence);
  if (form === null) return NONE;
  const [, determiner = "", name = ""] = form;
  const isName = determiner.toLowerCase() === "the" || holdsProperName(name);
  return { name: isName ? name.trim() : null, people: [] };
}
