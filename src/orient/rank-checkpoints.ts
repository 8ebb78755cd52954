// Stage 2: rank the branch checkpoints of the target (or project) against the query and the intent.
// Overlap with a checkpoint's key terms and summary decides; the intent's preferred kinds only break ties.
import { tokenize } from "../modules/text/normalize.js";
import { PREFERRED_KINDS } from "./intent-policy.js";
import { CHECKPOINT_INTENT_WEIGHT, CHECKPOINT_KEY_TERM_WEIGHT, CHECKPOINT_SUMMARY_WEIGHT, SUMMARY_RESCORE } from "./orient.constants.js";
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

function preferredShare(checkpoint: CheckpointView, intent: Intent): number {
  const total = Object.values(checkpoint.kindMix).reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  return PREFERRED_KINDS[intent].reduce((sum, kind) => sum + (checkpoint.kindMix[kind] ?? 0), 0) / total;
}

/** A term listed by every checkpoint (the problem's own vocabulary) says nothing about which branch to open. */
export type TermWeight = (term: string) => number;

// Cached checkpoint reads hand back the same array and objects until the target's head moves, so the
// term frequencies and normalised summaries derived from them are computed once per read, not per request.
const weightsOf = new WeakMap<readonly CheckpointView[], TermWeight>();
const summaryTermsOf = new WeakMap<CheckpointView, ReadonlySet<string>>();

function summaryTerms(checkpoint: CheckpointView): ReadonlySet<string> {
  let terms = summaryTermsOf.get(checkpoint);
  if (!terms) summaryTermsOf.set(checkpoint, (terms = new Set(tokenize(checkpoint.summary))));
  return terms;
}

export function checkpointTermWeights(checkpoints: readonly CheckpointView[]): TermWeight {
  const cached = weightsOf.get(checkpoints);
  if (cached) return cached;
  const weight = computeTermWeights(checkpoints);
  weightsOf.set(checkpoints, weight);
  return weight;
}

function computeTermWeights(checkpoints: readonly CheckpointView[]): TermWeight {
  const frequency = new Map<string, number>();
  for (const checkpoint of checkpoints) for (const term of new Set(checkpoint.keyTerms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const count = Math.max(1, checkpoints.length);
  return (term) => Math.log(1 + count / (frequency.get(term) ?? 0.5));
}

export function scoreCheckpoint(checkpoint: CheckpointView, queryTerms: ReadonlySet<string>, intent: Intent, weight: TermWeight = () => 1, readSummary = true): RankedCheckpoint {
  const keyMatches = checkpoint.keyTerms.filter((term) => queryTerms.has(term));
  const summaryMatches = [...(readSummary ? summaryTerms(checkpoint) : [])].filter((term) => queryTerms.has(term) && !keyMatches.includes(term));
  const size = Math.max(1, queryTerms.size);
  const sum = (terms: string[]) => terms.reduce((total, term) => total + weight(term), 0);
  const overlap = (CHECKPOINT_KEY_TERM_WEIGHT * sum(keyMatches) + CHECKPOINT_SUMMARY_WEIGHT * sum(summaryMatches)) / size;
  const score = overlap > 0 ? overlap + CHECKPOINT_INTENT_WEIGHT * overlap * preferredShare(checkpoint, intent) : 0;
  return { ...checkpoint, score, matchedTerms: [...keyMatches, ...summaryMatches].sort() };
}

/** Every checkpoint scored, best first; ties go to the branch with more current records, then by name. */
export function rankCheckpoints(checkpoints: readonly CheckpointView[], queryTerms: readonly string[], intent: Intent): RankedCheckpoint[] {
  const terms = new Set(queryTerms);
  const weight = checkpointTermWeights(checkpoints);
  const order = (left: RankedCheckpoint, right: RankedCheckpoint) => right.score - left.score || right.currentCount - left.currentCount || (left.branchId < right.branchId ? -1 : 1);
  // Key terms first for all; summaries (costly to normalise) only for the leading few, so the work stays bounded.
  const byKeyTerms = checkpoints
    .filter((checkpoint) => checkpoint.currentCount > 0)
    .map((checkpoint) => scoreCheckpoint(checkpoint, terms, intent, weight, false))
    .sort(order);
  return [
    ...byKeyTerms.slice(0, SUMMARY_RESCORE).map((checkpoint) => scoreCheckpoint(checkpoint, terms, intent, weight)),
    ...byKeyTerms.slice(SUMMARY_RESCORE),
  ].sort(order);
}
