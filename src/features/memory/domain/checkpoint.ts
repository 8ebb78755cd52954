// Compact extractive checkpoints of memory branches and the heads that list them: pure functions of
// member statistics and a bounded window of the newest current members. No model, same input, same text.
import type { EvidenceGrade, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";
import { tokenize } from "../../../text/normalize.js";
import { clip, flattenSpace } from "../../../text/clip.js";
import { tokenizeSentences, type SentenceTokens } from "../../../text/sentences.js";
import { KEY_TERM_COUNT, SENTENCE_MAX_CHARS, SUMMARY_MAX_CHARS } from "./memory.constants.js";
import { BestFirst } from "../../../platform/lib/best-first.js";
import { TokenTable, type IdMarks } from "./token-table.js";

export interface MemberGroup {
  kind: ResearchKind;
  evidenceGrade: EvidenceGrade;
  state: ResearchState;
  count: number;
}

export interface WindowMember {
  id: string;
  title: string;
  body: string;
}

export interface CheckpointContent {
  summary: string;
  keyTerms: string[];
  memberCount: number;
  currentCount: number;
  /** Current members per evidence grade and per kind: superseded records no longer support anything. */
  evidenceMix: Record<string, number>;
  kindMix: Record<string, number>;
}

// Bodies contribute their opening sentences: the abstract-like part an agent reads first.
const BODY_SENTENCES_CONSIDERED = 3;
// A sentence whose terms are mostly already in the summary adds nothing for the reader.
const NEAR_DUPLICATE_OVERLAP = 0.8;

function sortedRecord(entries: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The title as a summary quotes it: clipped, ending in a full stop. */
function titleSentence(title: string): string {
  const clipped = clip(title, SENTENCE_MAX_CHARS);
  return /[.!?…]$/.test(clipped) ? clipped : `${clipped}.`;
}

/** A sentence a summary may quote, with its distinct token ids. */
export interface MemberSentence {
  text: string;
  tokens: Int32Array;
}

/** A member's text as a checkpoint reads it: its terms, and its opening sentences with theirs (distinct token ids). */
export interface MemberText {
  terms: Int32Array;
  sentences: readonly MemberSentence[];
}

/** A window's member texts and the table their token ids come from. */
export interface WindowAnalysis {
  texts: readonly MemberText[];
  tokens: TokenTable;
}

/** How a checkpoint analyses its window; the projector passes one that remembers members it has seen. */
export type AnalyseWindow = (window: readonly WindowMember[]) => WindowAnalysis;

/**
 * A member's terms are the tokens of its title and of every sentence of its body; a summary may quote its title
 * and its opening body sentences. `analysed` is the write path's analysis of the same text when it was handed
 * over (MemberTextCache), else it is made here: each sentence is analysed once either way.
 */
export function analyseMember(
  member: WindowMember,
  tokens: TokenTable,
  analysed: SentenceTokens = tokenizeSentences(member.title, member.body),
): MemberText {
  const title = titleSentence(member.title);
  const terms = [...analysed.title];
  // Only a clipped title needs tokens of its own: the full stop a quote adds makes no token (bench:text digests).
  const quotedTitle = flattenSpace(member.title).length <= SENTENCE_MAX_CHARS ? analysed.title : tokenize(title);
  const sentences: MemberSentence[] = [{ text: title, tokens: tokens.distinctIds(quotedTitle) }];
  analysed.sentences.forEach((sentence, index) => {
    const sentenceTokens = analysed.body[index] ?? [];
    for (const token of sentenceTokens) terms.push(token);
    if (index >= BODY_SENTENCES_CONSIDERED) return;
    const quoted = clip(sentence, SENTENCE_MAX_CHARS);
    sentences.push({
      text: quoted,
      tokens: tokens.distinctIds(quoted === sentence ? sentenceTokens : tokenize(quoted)),
    });
  });
  return { terms: tokens.distinctIds(terms), sentences };
}

/** Every member analysed afresh, with a table of its own. */
export const analyseWindowCold: AnalyseWindow = (window) => {
  const tokens = new TokenTable();
  return { texts: window.map((member) => analyseMember(member, tokens)), tokens };
};

/** Whether `left` ranks before `right` as a key term: in more members first, then by token (tokens are distinct). */
function ranksBefore(left: number, right: number, frequency: Int32Array, tokens: TokenTable): boolean {
  return (
    frequency[left]! > frequency[right]! ||
    (frequency[left] === frequency[right] && tokens.tokenOf(left) < tokens.tokenOf(right))
  );
}

/**
 * The KEY_TERM_COUNT best-ranked tokens, best first: what sorting every token and taking the head gives, kept
 * by insertion into a short ranked list (a window has hundreds of distinct tokens and a refresh needs twelve).
 */
function keyTermsOf(present: readonly number[], frequency: Int32Array, tokens: TokenTable): string[] {
  const best: number[] = [];
  for (const id of present) {
    if (best.length === KEY_TERM_COUNT) {
      if (!ranksBefore(id, best[KEY_TERM_COUNT - 1]!, frequency, tokens)) continue;
      best.pop();
    }
    let position = best.length;
    while (position > 0 && ranksBefore(id, best[position - 1]!, frequency, tokens)) position -= 1;
    best.splice(position, 0, id);
  }
  return best.map((id) => tokens.tokenOf(id));
}

/**
 * The extractive summary: sentences best-scored first (ties: earlier member, earlier sentence), each taken
 * unless it overflows the budget or repeats what the summary already covers. Both tests only get stricter
 * as sentences are taken, so a rejected sentence stays rejected, and once the budget is below the
 * shortest sentence nothing more can be taken: the sentences come lazily from a heap and the walk stops
 * there, instead of sorting every sentence of the window (the walk stops after about a fifth of them).
 */
function summaryOf(texts: readonly MemberText[], frequency: Int32Array, covered: IdMarks): string {
  const sentences: MemberSentence[] = [];
  for (const text of texts) for (const sentence of text.sentences) sentences.push(sentence);
  const scores = new Float64Array(sentences.length);
  let shortest = Infinity;
  sentences.forEach(({ text, tokens }, index) => {
    let weight = 0;
    for (let position = 0; position < tokens.length; position += 1) weight += frequency[tokens[position]!]!;
    scores[index] = weight / Math.sqrt(1 + tokens.length);
    if (tokens.length > 0) shortest = Math.min(shortest, text.length);
  });
  const ranked = new BestFirst(scores);
  const chosen: string[] = [];
  let length = 0;
  while (length + shortest + 1 <= SUMMARY_MAX_CHARS && ranked.remaining > 0) {
    const { text, tokens } = sentences[ranked.next()]!;
    if (tokens.length === 0 || length + text.length + 1 > SUMMARY_MAX_CHARS) continue;
    let shared = 0;
    for (let position = 0; position < tokens.length; position += 1) if (covered.has(tokens[position]!)) shared += 1;
    if (shared / tokens.length >= NEAR_DUPLICATE_OVERLAP) continue;
    chosen.push(text);
    length += text.length + 1;
    for (let position = 0; position < tokens.length; position += 1) covered.add(tokens[position]!);
  }
  return chosen.join(" ");
}

/**
 * The text part of a checkpoint: the extractive summary and the key terms, both ranked by document frequency
 * (the members of the window a token occurs in): a term shared by many members is what the branch is about.
 */
function windowText({ texts, tokens }: WindowAnalysis): { summary: string; keyTerms: string[] } {
  return tokens.withCounters((frequency, present) => {
    for (const { terms } of texts)
      for (let index = 0; index < terms.length; index += 1) {
        const id = terms[index]!;
        const count = frequency[id]!;
        if (count === 0) present.push(id);
        frequency[id] = count + 1;
      }
    return {
      summary: summaryOf(texts, frequency, tokens.emptyMarks()),
      keyTerms: keyTermsOf(present, frequency, tokens),
    };
  });
}

export function keyTerms(window: WindowMember[], analyse: AnalyseWindow = analyseWindowCold): string[] {
  return windowText(analyse(window)).keyTerms;
}

export function extractiveSummary(window: WindowMember[], analyse: AnalyseWindow = analyseWindowCold): string {
  return windowText(analyse(window)).summary;
}

/** The counted part of a checkpoint: over all members, so maintained by deltas rather than recounted. */
export interface CheckpointCounts {
  memberCount: number;
  currentCount: number;
  evidenceMix: Record<string, number>;
  kindMix: Record<string, number>;
}

/** A change of counts: members added (+) and current members superseded (-), per grade and kind. */
export interface CountDelta {
  members: number;
  current: number;
  evidence: Map<string, number>;
  kinds: Map<string, number>;
}

export const EMPTY_COUNTS: CheckpointCounts = { memberCount: 0, currentCount: 0, evidenceMix: {}, kindMix: {} };

export function emptyDelta(): CountDelta {
  return { members: 0, current: 0, evidence: new Map(), kinds: new Map() };
}

/** Records one member in `delta`: `members` +1 when it joins, `current` +1 when it joins current, -1 when superseded. */
export function countMember(
  delta: CountDelta,
  member: { kind: ResearchKind; evidenceGrade: EvidenceGrade },
  change: { members: 0 | 1; current: -1 | 0 | 1 },
): void {
  delta.members += change.members;
  if (change.current === 0) return;
  delta.current += change.current;
  delta.evidence.set(member.evidenceGrade, (delta.evidence.get(member.evidenceGrade) ?? 0) + change.current);
  delta.kinds.set(member.kind, (delta.kinds.get(member.kind) ?? 0) + change.current);
}

// Stored counts that a delta would take below zero were damaged (a rebuild reports and repairs them):
// they stop at zero rather than fail the refresh, which would stall the view and the rebuild's catch-up.
function mergeMix(mix: Record<string, number>, delta: Map<string, number>): Record<string, number> {
  const merged = new Map(Object.entries(mix));
  for (const [key, step] of delta) merged.set(key, (merged.get(key) ?? 0) + step);
  for (const [key, count] of merged) if (count <= 0) merged.delete(key);
  return sortedRecord(merged);
}

/** Counts after `delta`: the same numbers a recount over all members gives (zero entries are dropped, keys sorted). */
export function applyCountDelta(counts: CheckpointCounts, delta: CountDelta): CheckpointCounts {
  const memberCount = Math.max(0, counts.memberCount + delta.members);
  const currentCount = Math.min(memberCount, Math.max(0, counts.currentCount + delta.current));
  return {
    memberCount,
    currentCount,
    evidenceMix: mergeMix(counts.evidenceMix, delta.evidence),
    kindMix: mergeMix(counts.kindMix, delta.kinds),
  };
}

/** Counts over all members, from grouped statistics (a build from scratch). */
export function countGroups(groups: MemberGroup[]): CheckpointCounts {
  const evidence = new Map<string, number>();
  const kinds = new Map<string, number>();
  let memberCount = 0;
  let currentCount = 0;
  for (const group of groups) {
    memberCount += group.count;
    if (group.state !== "CURRENT") continue;
    currentCount += group.count;
    evidence.set(group.evidenceGrade, (evidence.get(group.evidenceGrade) ?? 0) + group.count);
    kinds.set(group.kind, (kinds.get(group.kind) ?? 0) + group.count);
  }
  return { memberCount, currentCount, evidenceMix: sortedRecord(evidence), kindMix: sortedRecord(kinds) };
}

/** The checkpoint of one branch from its counts and its window of newest current members (each analysed once). */
export function checkpointFromCounts(
  counts: CheckpointCounts,
  window: WindowMember[],
  analyse: AnalyseWindow = analyseWindowCold,
): CheckpointContent {
  return { ...windowText(analyse(window)), ...counts };
}

/** The checkpoint of one branch: counts over all members, text over the newest current ones. */
export function buildCheckpoint(groups: MemberGroup[], window: WindowMember[]): CheckpointContent {
  return checkpointFromCounts(countGroups(groups), window);
}
