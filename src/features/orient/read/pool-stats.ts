// Small pure helpers between reads: goal fingerprints to probe, the document count and the terms the
// target's checkpoints call common, and the top sparse hits whose graph neighbours join the pool.
import { ROOT_BRANCH } from "../../memory/domain/branch-derivation.js";
import { exactGoalFingerprint, structuralGoalFingerprint } from "../../research/domain/goal-fingerprint.js";
import type { Bm25Scorer } from "../domain/bm25.js";
import { GRAPH_SEEDS } from "../domain/orient.constants.js";
import type { CheckpointView } from "../domain/rank-checkpoints.js";
import type { SparseHit } from "./load-sparse.js";

export function goalFingerprints(
  goals: readonly string[],
  worlds: readonly string[],
): { exact: string[]; structural: string[] } {
  const pairs = goals.flatMap((goal) => worlds.map((world) => ({ goal, world })));
  return {
    exact: [...new Set(pairs.map((pair) => exactGoalFingerprint(pair.goal, pair.world)))],
    structural: [...new Set(pairs.map((pair) => structuralGoalFingerprint(pair.goal, pair.world)))],
  };
}

/** Records on the target (or project): the root checkpoints count every member; the pool is a floor. */
export function documentCountOf(checkpoints: readonly CheckpointView[], poolSize: number): number {
  const roots = checkpoints.filter((checkpoint) => checkpoint.name === ROOT_BRANCH);
  return Math.max(
    poolSize,
    roots.reduce((total, root) => total + root.memberCount, 0),
  );
}

/** Key terms of the project roots: what nearly every record on the target talks about. */
export function commonTermsOf(checkpoints: readonly CheckpointView[]): Set<string> {
  return new Set(
    checkpoints.filter((checkpoint) => checkpoint.name === ROOT_BRANCH).flatMap((checkpoint) => checkpoint.keyTerms),
  );
}

/** The eligible hits that score, best first: the first GRAPH_SEEDS seed the graph lane; the first MAX_PACKET_ITEMS are the likely packet. */
export function leadingHits(hits: readonly SparseHit[], scorer: Bm25Scorer, limit = GRAPH_SEEDS): string[] {
  return hits
    .filter((hit) => hit.eligible)
    .map((hit) => ({ id: hit.id, score: scorer.score(hit.fields, hit.length).score }))
    .filter((entry) => entry.score > 0)
    .sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : 1))
    .slice(0, limit)
    .map((entry) => entry.id);
}
