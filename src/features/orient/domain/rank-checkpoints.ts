// Stage 2: rank the branch checkpoints of the target (or project) against the query and the intent.
// Overlap with a checkpoint's key terms and summary decides; the intent's preferred kinds only break ties.
import { IdentityMemo } from "../../../platform/lib/identity-memo.js";
import { tokenize } from "../../../text/normalize.js";
import { PREFERRED_KINDS } from "./intent-policy.js";
import {
  CHECKPOINT_INTENT_WEIGHT,
  CHECKPOINT_KEY_TERM_WEIGHT,
  CHECKPOINT_SUMMARY_WEIGHT,
  SUMMARY_RESCORE,
} from "./orient.constants.js";
import type { Intent } from "./orient.types.js";

export interface CheckpointView {
  branchId: string;
  name: string;
  kind: string;
  projectId: string;
  summary: string;
  keyTerms: string[];
  memberCount: number;
  currentCount: number;
  kindMix: Record<string, number>;
}

export interface RankedCheckpoint extends CheckpointView {
  score: number;
  matchedTerms: string[];
}

/** A term listed by every checkpoint (the problem's own vocabulary) says nothing about which branch to open. */
export type TermWeight = (term: string) => number;

/** Derived from one checkpoint read alone: term weights, a term index and the no-overlap order. */
interface CheckpointIndex {
  weight: TermWeight;
  /** Key term -> live checkpoints (with current records) listing it, once per listing. */
  byTerm: Map<string, CheckpointView[]>;
  /** Every live checkpoint as ranked without overlap (score 0), in rank order: more current records first, then branch id. */
  unmatched: { checkpoint: CheckpointView; ranked: RankedCheckpoint }[];
}

function checkpointIndex(checkpoints: readonly CheckpointView[]): CheckpointIndex {
  const live = checkpoints.filter((checkpoint) => checkpoint.currentCount > 0);
  const byTerm = new Map<string, CheckpointView[]>();
  for (const checkpoint of live) {
    for (const term of checkpoint.keyTerms) {
      const list = byTerm.get(term);
      if (list) list.push(checkpoint);
      else byTerm.set(term, [checkpoint]);
    }
  }
  const unmatched = live
    .map((checkpoint) => ({ checkpoint, ranked: { ...checkpoint, score: 0, matchedTerms: [] as string[] } }))
    .sort((left, right) => rankOrder(left.ranked, right.ranked));
  return { weight: checkpointTermWeights(checkpoints), byTerm, unmatched };
}

function preferredShare(checkpoint: CheckpointView, intent: Intent): number {
  const total = Object.values(checkpoint.kindMix).reduce((sum, count) => sum + count, 0);
  return total === 0
    ? 0
    : PREFERRED_KINDS[intent].reduce((sum, kind) => sum + (checkpoint.kindMix[kind] ?? 0), 0) / total;
}

/**
 * What is derived from checkpoint rows alone, kept per row object: cached checkpoint reads hand back the
 * same array and objects until the target's head moves, so the index, normalised summaries and intent
 * shares are computed once per read, and a request scores only the checkpoints that share a query term.
 * The orient caches own one next to the checkpoint rows (orient-caches.ts); a new memo computes the same.
 */
export class CheckpointMemo {
  private readonly indexes = new IdentityMemo(checkpointIndex);
  private readonly summaries = new IdentityMemo(
    (checkpoint: CheckpointView): ReadonlySet<string> => new Set(tokenize(checkpoint.summary)),
  );
  // Per intent: a common query term touches every checkpoint of a target.
  private readonly shares = new IdentityMemo((_checkpoint: CheckpointView) => new Map<Intent, number>());

  index(checkpoints: readonly CheckpointView[]): CheckpointIndex {
    return this.indexes.get(checkpoints);
  }

  summaryTerms(checkpoint: CheckpointView): ReadonlySet<string> {
    return this.summaries.get(checkpoint);
  }

  preferredShare(checkpoint: CheckpointView, intent: Intent): number {
    const shares = this.shares.get(checkpoint);
    let share = shares.get(intent);
    if (share === undefined) shares.set(intent, (share = preferredShare(checkpoint, intent)));
    return share;
  }
}

function rankOrder(left: RankedCheckpoint, right: RankedCheckpoint): number {
  return (
    right.score - left.score || right.currentCount - left.currentCount || (left.branchId < right.branchId ? -1 : 1)
  );
}

export function checkpointTermWeights(checkpoints: readonly CheckpointView[]): TermWeight {
  const frequency = new Map<string, number>();
  for (const checkpoint of checkpoints)
    for (const term of new Set(checkpoint.keyTerms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const count = Math.max(1, checkpoints.length);
  const unlisted = Math.log(1 + count / 0.5);
  const weights = new Map([...frequency].map(([term, listed]) => [term, Math.log(1 + count / listed)]));
  return (term) => weights.get(term) ?? unlisted;
}

export function scoreCheckpoint(
  checkpoint: CheckpointView,
  queryTerms: ReadonlySet<string>,
  intent: Intent,
  weight: TermWeight = () => 1,
  readSummary = true,
  memo = new CheckpointMemo(),
): RankedCheckpoint {
  const keyMatches = checkpoint.keyTerms.filter((term) => queryTerms.has(term));
  const summaryMatches = [...(readSummary ? memo.summaryTerms(checkpoint) : [])].filter(
    (term) => queryTerms.has(term) && !keyMatches.includes(term),
  );
  const size = Math.max(1, queryTerms.size);
  const sum = (terms: string[]) => terms.reduce((total, term) => total + weight(term), 0);
  const overlap =
    (CHECKPOINT_KEY_TERM_WEIGHT * sum(keyMatches) + CHECKPOINT_SUMMARY_WEIGHT * sum(summaryMatches)) / size;
  const score =
    overlap > 0 ? overlap + CHECKPOINT_INTENT_WEIGHT * overlap * memo.preferredShare(checkpoint, intent) : 0;
  return withScore(checkpoint, score, [...keyMatches, ...summaryMatches].sort());
}

function withScore(checkpoint: CheckpointView, score: number, matchedTerms: string[]): RankedCheckpoint {
  return {
    branchId: checkpoint.branchId,
    name: checkpoint.name,
    kind: checkpoint.kind,
    projectId: checkpoint.projectId,
    summary: checkpoint.summary,
    keyTerms: checkpoint.keyTerms,
    memberCount: checkpoint.memberCount,
    currentCount: checkpoint.currentCount,
    kindMix: checkpoint.kindMix,
    score,
    matchedTerms,
  };
}

/** Every checkpoint scored, best first; ties go to the branch with more current records, then by name. */
export function rankCheckpoints(
  checkpoints: readonly CheckpointView[],
  queryTerms: readonly string[],
  intent: Intent,
  memo = new CheckpointMemo(),
): RankedCheckpoint[] {
  const terms = new Set(queryTerms);
  const index = memo.index(checkpoints);
  // Key-term overlap accumulated from the term index: only checkpoints sharing a query term are touched
  // (scoreCheckpoint's key-term sum, without a pass over every checkpoint's terms).
  const overlaps = new Map<CheckpointView, { sum: number; matched: string[] }>();
  for (const term of terms) {
    const listing = index.byTerm.get(term);
    if (!listing) continue;
    const weight = index.weight(term);
    for (const checkpoint of listing) {
      let entry = overlaps.get(checkpoint);
      if (!entry) overlaps.set(checkpoint, (entry = { sum: 0, matched: [] }));
      entry.sum += weight;
      entry.matched.push(term);
    }
  }
  const size = Math.max(1, terms.size);
  const matched = [...overlaps].map(([checkpoint, entry]) => {
    const overlap = (CHECKPOINT_KEY_TERM_WEIGHT * entry.sum) / size;
    return {
      checkpoint,
      ranked: withScore(
        checkpoint,
        overlap + CHECKPOINT_INTENT_WEIGHT * overlap * memo.preferredShare(checkpoint, intent),
        entry.matched.sort(),
      ),
    };
  });
  // Summaries, costly to normalise, are read only for the leading few (rescored from the original
  // views, which key the memoised summary terms).
  const byKeyTerms = [
    ...matched.sort((left, right) => rankOrder(left.ranked, right.ranked)),
    ...index.unmatched.filter((entry) => !overlaps.has(entry.checkpoint)),
  ];
  // Only the rescored head and the key-term matches can move. Everything after them is unmatched, in
  // rank order with score 0, and ranks after them all: a movable one scores above 0, or is an unmatched
  // checkpoint that was ahead of them in that same order. So the tail is appended, not sorted again.
  const movableCount = Math.max(SUMMARY_RESCORE, matched.length);
  const movable = [
    ...byKeyTerms
      .slice(0, SUMMARY_RESCORE)
      .map((entry) => scoreCheckpoint(entry.checkpoint, terms, intent, index.weight, true, memo)),
    ...byKeyTerms.slice(SUMMARY_RESCORE, movableCount).map((entry) => entry.ranked),
  ].sort(rankOrder);
  return [...movable, ...byKeyTerms.slice(movableCount).map((entry) => entry.ranked)];
}
