// The write-time trust classifier: a record whose text addresses the reader (instructions, role
// markers, prompt-injection phrasing) or repeats itself is flagged. Pure; its phrase rules are data.
import { createHash } from "node:crypto";
import rules from "./trust-rules.json" with { type: "json" };

export type TrustCategory = "IMPERATIVE" | "ROLE_MARKER" | "INJECTION" | "REPETITIVE";

interface PhraseRule {
  id: string;
  category: TrustCategory;
  weight: number;
  pattern: RegExp;
}

/**
 * A rule's expression, matched case-sensitively. The rules read text that foldForRules has put through NFKC and
 * lower-cased, which leaves no character that matches a lower-case ASCII letter only without regard to case
 * (NFKC turns the long s and the Kelvin sign, the two non-ASCII ones, into s and K first). So a rule in lower-case
 * ASCII matches the same text with or without the `i` flag, and without it runs about nine times faster. A rule
 * outside that form is refused here rather than silently missing capitals.
 */
export function compileRule(pattern: string): RegExp {
  const outsideEscapes = pattern.replace(/\\[pPk]\{[^}]*\}|\\k<[^>]*>|\\./g, "");
  if (/[A-Z]/.test(outsideEscapes) || /[^\x20-\x7e]/.test(pattern))
    throw new Error(
      `trust rule ${JSON.stringify(pattern)}: write rules in lower-case ASCII (they read lower-cased text)`,
    );
  return new RegExp(pattern, "u");
}

const PHRASE_RULES: readonly PhraseRule[] = rules.rules.map((rule) => ({
  ...rule,
  category: rule.category as TrustCategory,
  pattern: compileRule(rule.pattern),
}));

/** The rules' expressions, for the test that they match as their case-insensitive forms do. */
export const RULE_PATTERNS: readonly string[] = rules.rules.map((rule) => rule.pattern);

/** Word 4-grams: long enough that ordinary prose rarely repeats one, short enough to catch a pasted loop. */
const SHINGLE_WORDS = 4;
/** Below this many shingles a text is too short to call repetitive. */
const MIN_SHINGLES = 24;
/** A text whose distinct shingles are under this share of all its shingles says the same thing over and over. */
const MIN_DISTINCT_SHINGLE_SHARE = 0.4;
/**
 * Existing records on the same target with the same text shape at which a new one counts as a flood:
 * dedupe folds a few near-duplicates into one packet item, but this many is a writer repeating itself.
 */
export const FLOOD_NEAR_DUPLICATES = 8;

export interface TrustVerdict {
  flagged: boolean;
  /** `CATEGORY:rule-id` for each rule that matched, in rule order; empty when nothing did. */
  flags: string[];
}

const ZERO_WIDTH = /[\u200b-\u200f\u2060-\u2064\ufeff\u00ad]/g;

/** What the rules read: NFKC folded (full-width and ligature spellings match), invisible characters dropped, spaces collapsed, newlines kept. */
export function foldForRules(text: string): string {
  return text
    .normalize("NFKC")
    .replace(ZERO_WIDTH, "")
    .replace(/[^\S\n]+/g, " ")
    .toLowerCase();
}

/** The words of text already folded by foldForRules. */
function foldedWords(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A record's texts as the rules read them: joined by newlines and folded once, and the words of that. */
export interface FoldedTexts {
  folded: string;
  words: string[];
}

/**
 * Folds a record's texts once for its shape, the rules and the repetition check. The fold of the joined text
 * is each text's fold joined by the newline (NFKC, the invisible characters, the runs of spaces and lower-casing
 * never reach across one), so its words are every text's words in order.
 */
export function foldTexts(texts: readonly string[]): FoldedTexts {
  const folded = foldForRules(texts.join("\n"));
  return { folded, words: foldedWords(folded) };
}

/** Near-duplicate key: the words with every digit run folded to `#`, so "note 1" and "note 2" share a shape. */
export function shapeOf({ words }: FoldedTexts): string {
  const shaped = words.map((word) => word.replace(/\p{N}+/gu, "#")).join(" ");
  return createHash("sha256").update(shaped).digest("hex").slice(0, 32);
}

export const textShape = (texts: readonly string[]): string => shapeOf(foldTexts(texts));

/** `tokens`: the text's words, folded. */
function internallyRepetitive(tokens: readonly string[]): boolean {
  const total = tokens.length - SHINGLE_WORDS + 1;
  if (total < MIN_SHINGLES) return false;
  const distinct = new Set<string>();
  for (let index = 0; index < total; index += 1) {
    // Concatenated in place: a slice and a join per position were most of this check's cost.
    let shingle = tokens[index]!;
    for (let offset = 1; offset < SHINGLE_WORDS; offset += 1) shingle += ` ${tokens[index + offset]!}`;
    distinct.add(shingle);
  }
  return distinct.size / total < MIN_DISTINCT_SHINGLE_SHARE;
}

/** The flags of the record's own text (phrase rules, internal repetition), before its target is counted. */
export function classifyFolded({ folded, words }: FoldedTexts): string[] {
  const flags: string[] = [];
  let weight = 0;
  for (const rule of PHRASE_RULES) {
    if (!rule.pattern.test(folded)) continue;
    flags.push(`${rule.category}:${rule.id}`);
    weight += rule.weight;
  }
  const phraseFlagged = weight >= rules.flagThreshold;
  if (!phraseFlagged) flags.length = 0;
  if (internallyRepetitive(words)) flags.push("REPETITIVE:internal-repetition");
  return flags;
}

export const classifyTextOnly = (texts: readonly string[]): string[] => classifyFolded(foldTexts(texts));

/** The verdict from the text's flags and `nearDuplicates`, the records on the same target with this record's textShape. */
export function withNearDuplicates(textFlags: readonly string[], nearDuplicates: number): TrustVerdict {
  const flags = [...textFlags];
  if (nearDuplicates >= FLOOD_NEAR_DUPLICATES) flags.push("REPETITIVE:near-duplicate-flood");
  return { flagged: flags.length > 0, flags };
}

/**
 * `texts`: every text of the record a packet can quote (title, body, replay and formal fields).
 * `nearDuplicates`: how many records on the same target already have this record's textShape.
 */
export function classifyRecordText(texts: readonly string[], nearDuplicates: number): TrustVerdict {
  return withNearDuplicates(classifyTextOnly(texts), nearDuplicates);
}
