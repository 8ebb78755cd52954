// Contrasted clauses in a query: an agent telling two neighbours apart names the one it does not mean
// ("not the three-bases version", "rather than a countable subgraph", "I don't mean Fermat–Catalan").
// Those words describe the neighbour, so they must not count as evidence for it. Mathematical negation
// ("odd numbers not of the form 2^k + p", "A not collinear", "not necessarily induced") is part of the
// statement and stays. The cue words are data (lexicon/contrasts.yaml); this module builds the patterns and reads
// the clauses.

import { alternation, LEXICON } from "../../../text/lexicon/load.js";

const CONTRASTS = LEXICON.contrasts;
/** A phrase list as a literal alternation (a space is one space, as the cues are written). */
const phrases = (words: readonly string[]): string => alternation(words, " ");

/** Where a contrasted clause starts: a phrase that sets aside what follows (the phrases are data: lexicon/contrasts.yaml). */
const CONTRAST_CUES: readonly RegExp[] = [
  new RegExp(String.raw`\b(?<cue>${phrases(CONTRASTS.cue_phrases)})\b`, "dgiu"),
  // "not the …", "not whether …", "not about …", "not just …", "not only …": a clause, not a property.
  new RegExp(String.raw`\b(?<cue>not ${phrases(CONTRASTS.not_clause_words)})\b`, "dgiu"),
  // "not" (or "but not", "and not") opening a clause after punctuation or a sentence start: "(B_3, not Sidon)", "— not the
  // finite bound", "Not counting …", "colourings, but not Croot's theorem …", "…, and not Spencer's theorem";
  // "not sure which …" is the agent's own doubt, not a neighbour set aside.
  new RegExp(
    String.raw`(?:^|[(,;:—–]|[.?!]\s)\s*(?:${phrases(CONTRASTS.not_joined_by)}\s+)?(?<cue>not)\b(?! ${phrases(CONTRASTS.not_exceptions)}\b)`,
    "dgiu",
  ),
];

/** Characters that end a clause at bracket depth 0 (a dash only when spaced: "Fermat–Catalan" is one name). */
const CLAUSE_END: ReadonlySet<string> = new Set([",", ";", ":", ".", "?", "!"]);
const DASHES: ReadonlySet<string> = new Set(["—", "–"]);
const OPENING: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };
/** A later " but " or " I mean " turns back to what the agent does mean (sticky: tried only where a space starts). */
const TURN = new RegExp(String.raw`\s+${phrases(CONTRASTS.turn_words)}\b`, "iuy");

/**
 * Whether the "!" at `position` is a factorial (`(12n+6)! (6n+9)!`, `n! + 1`) rather than the end of a sentence: a
 * sentence's "!" is followed by the end of the text or by a new sentence's capital.
 */
function isFactorial(text: string, position: number): boolean {
  return text[position] === "!" && !/^(?:\s*$|\s+["'“‘(]?\p{Lu})/u.test(text.slice(position + 1, position + 4));
}

function turnsAt(text: string, position: number): boolean {
  TURN.lastIndex = position;
  return TURN.test(text);
}

export interface QueryContrasts {
  /** The query with every contrasted clause blanked out: the text that describes the wanted problem. */
  affirmed: string;
  /** The contrasted clauses, cue excluded. */
  contrasted: string[];
}

/** Index just past the clause that starts at `from`: the first clause end, turn or unmatched closing bracket at depth 0. */
function clauseEnd(text: string, from: number): number {
  const closers: string[] = [];
  let inMath = false;
  for (let position = from; position < text.length; position += 1) {
    const character = text[position]!;
    if (character === "$") inMath = !inMath;
    if (inMath) continue;
    const closer = OPENING[character];
    if (closer !== undefined) closers.push(closer);
    else if (closers.length > 0 && character === closers.at(-1)) closers.pop();
    else if (closers.length === 0 && (character === ")" || character === "]" || character === "}")) return position;
    else if (
      closers.length === 0 &&
      CLAUSE_END.has(character) &&
      !/\d/.test(text[position + 1] ?? "") &&
      !isFactorial(text, position)
    )
      return position;
    else if (
      closers.length === 0 &&
      DASHES.has(character) &&
      /\s/.test(`${text[position - 1] ?? " "}${text[position + 1] ?? " "}`)
    )
      return position;
    else if (closers.length === 0 && /\s/.test(character) && turnsAt(text, position)) return position;
  }
  return text.length;
}

/**
 * Splits off contrasted clauses; a query without cues comes back whole. A cue inside a clause already set
 * aside is skipped before its own clause is scanned, so the work stays linear in the text's length.
 */
export function splitContrasts(text: string): QueryContrasts {
  const cues = CONTRAST_CUES.flatMap((cue) =>
    [...text.matchAll(cue)].map((match) => {
      const [start, clauseStart] = match.indices?.groups?.cue ?? [match.index, match.index + match[0].length];
      return { start, clauseStart };
    }),
  ).sort((left, right) => left.start - right.start);
  if (cues.length === 0) return { affirmed: text, contrasted: [] };
  let affirmed = "";
  let cursor = 0;
  const contrasted: string[] = [];
  for (const cue of cues) {
    if (cue.start < cursor) continue; // inside a clause already set aside
    const end = clauseEnd(text, cue.clauseStart);
    affirmed += `${text.slice(cursor, cue.start)} `;
    contrasted.push(text.slice(cue.clauseStart, end).trim());
    cursor = end;
  }
  affirmed += text.slice(cursor);
  return { affirmed, contrasted: contrasted.filter((clause) => clause !== "") };
}

/** The patterns this module builds from the lexicon's data (regex literals are found in the source): for regex-fuzz.test.ts. */
export const BUILT_PATTERNS: readonly RegExp[] = [...CONTRAST_CUES, TURN];
