// Stage 4: the bounded union of sparse, checkpoint-member, graph-neighbour and proof-state candidates,
// then eligibility (before any ranking): superseded records only in audit views, project scope enforced.
import { includesSuperseded } from "./intent-policy.js";
import { CANDIDATE_LIMIT } from "./orient.constants.js";
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
  /** Candidates removed by eligibility: superseded outside audit views, or outside the project. */
  filtered: number;
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
  for (const edge of sources.graphEdges) add(edge.neighbourId, "graph")?.viaEdges.push({ seedId: edge.seedId, type: edge.type });
  return [...pool.values()];
}

export function applyEligibility(pool: readonly PooledCandidate[], intent: Intent, projectId: string | null): Eligibility {
  const audit = includesSuperseded(intent);
  const eligible = pool.filter((candidate) =>
    (audit || candidate.record.state === "CURRENT") && (projectId === null || candidate.record.projectId === projectId));
  return { eligible, filtered: pool.length - eligible.length };
}
