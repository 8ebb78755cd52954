// Near-duplicate removal by token-set Jaccard over title and body terms. The higher-ranked record
// stays and lists the folded ids; a record in a DISAGREES_WITH or REFUTES pair is never folded away.
import { NEAR_DUPLICATE_JACCARD } from "./orient.constants.js";
import type { FieldCounts, RelationEdge, ScoredCandidate } from "./orient.types.js";

export const DISAGREEMENT_TYPES: ReadonlySet<string> = new Set(["DISAGREES_WITH", "REFUTES"]);

export interface Deduplicated {
  kept: ScoredCandidate[];
  /** Kept id -> ids folded into it. */
  folded: Map<string, string[]>;
}

/** `contentTokens`, or a memoised version of it (the same set for the same counts object). */
export type ContentTokens = (fields: FieldCounts) => ReadonlySet<string>;

/**
 * Title and body terms of a record. A cached record keeps one counts object across requests, so the
 * orient caches memoise this per counts object (orient-caches.ts) and pass the memoised version in.
 */
export function contentTokens(fields: FieldCounts): Set<string> {
  return new Set([...Object.keys(fields.title ?? {}), ...Object.keys(fields.body ?? {})]);
}

export function jaccard(left: ReadonlySet<string>, right: ReadonlySet<string>): number {
  if (left.size === 0 && right.size === 0) return 1;
  const [small, large] = left.size <= right.size ? [left, right] : [right, left];
  let shared = 0;
  for (const token of small) if (large.has(token)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/** Whether two sets can reach `threshold` at all: Jaccard is at most the smaller size over the larger. */
function sizesAllow(left: ReadonlySet<string>, right: ReadonlySet<string>, threshold: number): boolean {
  const larger = Math.max(left.size, right.size);
  return larger === 0 || Math.min(left.size, right.size) >= threshold * larger;
}

/** Ids on either side of a disagreement among the given records. */
export function disagreeingIds(edges: readonly RelationEdge[]): Set<string> {
  const ids = new Set<string>();
  for (const edge of edges) {
    if (!DISAGREEMENT_TYPES.has(edge.type)) continue;
    ids.add(edge.fromId);
    ids.add(edge.toId);
  }
  return ids;
}

/** `ranked` is best first; the first of a near-duplicate group is kept. */
export function removeNearDuplicates(
  ranked: readonly ScoredCandidate[],
  edges: readonly RelationEdge[],
  tokensOf: ContentTokens = contentTokens,
  threshold = NEAR_DUPLICATE_JACCARD,
): Deduplicated {
  const protectedIds = disagreeingIds(edges);
  const kept: { candidate: ScoredCandidate; tokens: ReadonlySet<string> }[] = [];
  const folded = new Map<string, string[]>();
  for (const candidate of ranked) {
    const tokens = tokensOf(candidate.record.fields);
    const twin = protectedIds.has(candidate.record.id)
      ? undefined
      : kept.find((entry) => sizesAllow(entry.tokens, tokens, threshold) && jaccard(entry.tokens, tokens) >= threshold);
    if (twin) {
      folded.set(twin.candidate.record.id, [...(folded.get(twin.candidate.record.id) ?? []), candidate.record.id]);
      continue;
    }
    kept.push({ candidate, tokens });
  }
  return { kept: kept.map((entry) => entry.candidate), folded };
}
