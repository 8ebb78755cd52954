// Stage 4: the bounded union of sparse, checkpoint-member, graph-neighbour and proof-state candidates,
// then eligibility (before any ranking): superseded and quarantined records only in audit views,
// project scope enforced; what it removed that matched the query is counted for the lane report.
import { includesSuperseded } from "./intent-policy.js";
import { CANDIDATE_LIMIT } from "./orient.constants.js";
import type { WithheldMatch } from "../read/load-sparse.js";
import type { CandidateRecord, CandidateSource, Intent, PooledCandidate } from "./orient.types.js";

export interface CandidateSources {
  records: ReadonlyMap<string, CandidateRecord>;
  sparseIds: readonly string[];
  branchMembers: readonly { id: string; branchName: string }[];
  graphEdges: readonly { seedId: string; neighbourId: string; type: string }[];
  proofExactIds: readonly string[];
  proofStructuralIds: readonly string[];
}

export interface Eligibility {
  eligible: PooledCandidate[];
  /** Ids of matching candidates removed by eligibility: superseded outside audit views, or outside the project. */
  filtered: string[];
  /** Ids of matching candidates removed as QUARANTINED outside audit views. */
  heldBack: string[];
}

/** A candidate the query reached on its own: a shared term or a proof-state fingerprint, not just a branch or an edge. */
export function matchesQuery(candidate: PooledCandidate, terms: readonly string[]): boolean {
  if (
    candidate.sources.has("sparse") ||
    candidate.sources.has("proof-exact") ||
    candidate.sources.has("proof-structural")
  )
    return true;
  return terms.some((term) => Object.values(candidate.record.fields).some((field) => (field[term] ?? 0) > 0));
}

export function unionCandidates(sources: CandidateSources): PooledCandidate[] {
  const pool = new Map<string, PooledCandidate>();
  const add = (id: string, source: CandidateSource): PooledCandidate | null => {
    const record = sources.records.get(id);
    if (!record) return null;
    let entry = pool.get(id);
    if (!entry) {
      if (pool.size >= CANDIDATE_LIMIT) return null;
      entry = { record, sources: new Set(), viaBranches: [], viaEdges: [] };
      pool.set(id, entry);
    }
    entry.sources.add(source);
    return entry;
  };
  // Strongest evidence first, so the cap never evicts a fingerprint match for a loose neighbour.
  for (const id of sources.proofExactIds) add(id, "proof-exact");
  for (const id of sources.proofStructuralIds) add(id, "proof-structural");
  for (const id of sources.sparseIds) add(id, "sparse");
  for (const member of sources.branchMembers) {
    const entry = add(member.id, "branch");
    if (entry && !entry.viaBranches.includes(member.branchName)) entry.viaBranches.push(member.branchName);
  }
  for (const edge of sources.graphEdges)
    add(edge.neighbourId, "graph")?.viaEdges.push({ seedId: edge.seedId, type: edge.type });
  return [...pool.values()];
}

export function applyEligibility(
  pool: readonly PooledCandidate[],
  intent: Intent,
  projectId: string | null,
  terms: readonly string[],
): Eligibility {
  const audit = includesSuperseded(intent);
  const eligibility: Eligibility = { eligible: [], filtered: [], heldBack: [] };
  for (const candidate of pool) {
    const inScope = projectId === null || candidate.record.projectId === projectId;
    if (inScope && (audit || candidate.record.state === "CURRENT")) eligibility.eligible.push(candidate);
    else if (!matchesQuery(candidate, terms)) continue;
    else if (inScope && candidate.record.state === "QUARANTINED") eligibility.heldBack.push(candidate.record.id);
    else eligibility.filtered.push(candidate.record.id);
  }
  return eligibility;
}

/** The lane's counts: matches eligibility removed from the pool, with those the sparse probe left out (each record once). */
export function withheldCounts(
  removed: Pick<Eligibility, "filtered" | "heldBack">,
  withheld: readonly WithheldMatch[],
): { filtered: number; heldBack: number } {
  const heldBack = new Set([
    ...removed.heldBack,
    ...withheld.filter((match) => match.state === "QUARANTINED").map((match) => match.id),
  ]);
  const filtered = new Set([
    ...removed.filtered,
    ...withheld.filter((match) => match.state !== "QUARANTINED").map((match) => match.id),
  ]);
  for (const id of heldBack) filtered.delete(id);
  return { filtered: filtered.size, heldBack: heldBack.size };
}
