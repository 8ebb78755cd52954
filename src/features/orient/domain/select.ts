// Stage 6a: which records go into the packet. Query overlap decides eligibility (zero-overlap records
// stay out when anything overlaps; otherwise a marked relevance fallback), intent sets the category
// order and the reserves, and each category gets a bounded share so one kind cannot fill the packet.
import {
  FALLBACK_ITEMS,
  MAX_PACKET_ITEMS,
  MAX_PER_CATEGORY,
  MIN_QUERY_COVERAGE,
  MIN_RELATIVE_SCORE,
} from "./orient.constants.js";
import type { Category, ScoredCandidate } from "./orient.types.js";

export interface Selection {
  /** Best first; reserved items are flagged. */
  ranked: { candidate: ScoredCandidate; reserved: boolean }[];
  fallback: boolean;
  /** Reserve categories and whether a relevant record filled them. */
  reserves: { category: Category; satisfied: boolean; recordId: string | null }[];
}

export function overlaps(candidate: ScoredCandidate): boolean {
  return (
    candidate.matchedTerms.length > 0 ||
    candidate.sources.has("proof-exact") ||
    candidate.sources.has("proof-structural")
  );
}

/** The records that may enter the packet, and whether this is the relevance fallback. */
export function relevantRecords(scored: readonly ScoredCandidate[]): { records: ScoredCandidate[]; fallback: boolean } {
  const matching = scored.filter(overlaps);
  const proofMatch = matching.some(
    (candidate) => candidate.sources.has("proof-exact") || candidate.sources.has("proof-structural"),
  );
  if (
    matching.length === 0 ||
    (!proofMatch && Math.max(...matching.map((candidate) => candidate.coverage)) < MIN_QUERY_COVERAGE)
  ) {
    // Broad queries: strongest evidence, newest first, clearly marked as not query-matched.
    const records = [...scored]
      .sort(
        (left, right) =>
          right.record.createdAt.getTime() - left.record.createdAt.getTime() ||
          left.record.accession - right.record.accession,
      )
      .slice(0, FALLBACK_ITEMS)
      .map((candidate) => ({ ...candidate, reason: "relevance fallback: no record shares a term with the query" }));
    return { records, fallback: true };
  }
  const top = matching[0]!.score;
  return { records: matching.filter((candidate) => candidate.score >= MIN_RELATIVE_SCORE * top), fallback: false };
}

/** For each reserve category in order, the best record of that category not taken by an earlier one. */
export function pickReserves(
  reservePool: readonly ScoredCandidate[],
  reserveCategories: readonly Category[],
  fallback: boolean,
): { category: Category; candidate: ScoredCandidate | undefined }[] {
  const taken = new Set<string>();
  return reserveCategories.map((category) => {
    const candidate = fallback
      ? undefined
      : reservePool.find((entry) => entry.category === category && !taken.has(entry.record.id));
    if (candidate) taken.add(candidate.record.id);
    return { category, candidate };
  });
}

/** `reservePool` is every overlapping record: a weak but relevant negative trace still keeps its slot. */
export function selectItems(
  records: readonly ScoredCandidate[],
  reserveCategories: readonly Category[],
  fallback: boolean,
  reservePool: readonly ScoredCandidate[] = records,
): Selection {
  const reserved = new Map<string, ScoredCandidate>();
  const reserves = pickReserves(reservePool, reserveCategories, fallback).map(({ category, candidate }) => {
    if (candidate) reserved.set(candidate.record.id, candidate);
    return { category, satisfied: candidate !== undefined, recordId: candidate?.record.id ?? null };
  });
  const ranked: Selection["ranked"] = [...reserved.values()].map((candidate) => ({ candidate, reserved: true }));
  const perCategory = new Map<Category, number>();
  for (const candidate of reserved.values())
    perCategory.set(candidate.category, (perCategory.get(candidate.category) ?? 0) + 1);
  for (const candidate of records) {
    if (ranked.length >= MAX_PACKET_ITEMS) break;
    if (reserved.has(candidate.record.id)) continue;
    const count = perCategory.get(candidate.category) ?? 0;
    if (count >= MAX_PER_CATEGORY) continue;
    perCategory.set(candidate.category, count + 1);
    ranked.push({ candidate, reserved: false });
  }
  // Reserved items keep their slot, but the drop order follows score among the rest.
  ranked.sort(
    (left, right) => Number(right.reserved) - Number(left.reserved) || right.candidate.score - left.candidate.score,
  );
  return { ranked, fallback, reserves };
}
