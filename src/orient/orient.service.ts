// The orient/checkPlan orchestrator: a thin sequence of bounded reads between the pure stages, then
// the stored impression. Resolve -> rank checkpoints -> descend -> union -> rerank -> assemble.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { LaneReport } from "../modules/discovery/discovery.schema.js";
import { storeImpression } from "../modules/telemetry/impressions.js";
import { readFreshness, type ViewFreshness } from "../projections/freshness.js";
import type { AssembledPacket } from "./assemble-packet.js";
import { unionCandidates } from "./candidates.js";
import { composePacket, type Composition } from "./compose.js";
import { chooseBranches } from "./descend.js";
import { buildEnvelope, type Envelope } from "./envelope.js";
import { includesSuperseded } from "./intent-policy.js";
import { laneReports } from "./lanes.js";
import { loadBranchMembers, loadCheckpoints } from "./load-memory.js";
import { loadProblem, loadProjectScope } from "./load-problem.js";
import { loadNeighbours, loadProofMatches, loadRecords, loadRelationsAmong } from "./load-records.js";
import { loadSparsePool } from "./load-sparse.js";
import { goalFingerprints, documentCountOf, commonTermsOf, graphSeeds } from "./pool-stats.js";
import { poolStats } from "./bm25.js";
import type { Intent } from "./orient.types.js";
import { analyseQuery, validateBudget, validateQuery } from "./query.js";
import { rankCheckpoints } from "./rank-checkpoints.js";

export interface OrientRequest {
  mode: "orient" | "checkPlan";
  problemRef: string;
  text: string;
  intent: Intent;
  maxChars: number;
  projectId?: string | null;
  pinnedWorld?: string | null;
  operatorId: string | null;
}

export interface OrientOutcome {
  envelope: Envelope;
  packet: AssembledPacket & { maxChars: number; fallback: boolean; reserves: { category: string; satisfied: boolean; recordId: string | null }[]; selectedBranches: { id: string; name: string }[] };
  composition: Composition;
  lanes: LaneReport[];
  freshness: ViewFreshness[];
  impressionId: string;
}

export async function runOrient(prisma: PrismaClient, request: OrientRequest): Promise<OrientOutcome> {
  const field = request.mode === "checkPlan" ? "plan" : "problem";
  const maxChars = validateBudget(request.maxChars);
  const text = validateQuery(request.text, field);
  const problem = await loadProblem(prisma, request.problemRef);
  const [scope, freshness] = await Promise.all([loadProjectScope(prisma, request.projectId, problem.id), readFreshness(prisma)]);
  const query = analyseQuery(text);
  const memoryVersion = freshness.find((view) => view.view === "memory-branches")?.version ?? null;
  const sparseVersion = freshness.find((view) => view.view === "research-memory")?.version ?? null;

  const checkpoints = memoryVersion === null ? [] : await loadCheckpoints(prisma, memoryVersion, problem.id, scope);
  const ranked = rankCheckpoints(checkpoints, query.terms, request.intent);
  const descent = chooseBranches(ranked);
  const worlds = [...new Set([...(request.pinnedWorld ? [request.pinnedWorld] : []), ...problem.pinnedWorlds])];
  const fingerprints = goalFingerprints(query.goals, worlds);
  const [members, sparse, proof] = await Promise.all([
    memoryVersion === null ? [] : loadBranchMembers(prisma, memoryVersion, descent.selected.length ? descent.selected : ranked.filter((entry) => entry.name === "project").slice(0, 2)),
    sparseVersion === null ? { hits: [], saturated: false } : loadSparsePool(prisma, sparseVersion, problem.id, scope, query.terms, commonTermsOf(checkpoints), !includesSuperseded(request.intent)),
    loadProofMatches(prisma, problem.id, fingerprints.exact, fingerprints.structural),
  ]);
  const documentCount = documentCountOf(checkpoints, sparse.hits.length);
  const stats = poolStats(sparse.hits, query.terms, documentCount, sparse.saturated);
  const seeds = graphSeeds(sparse.hits, query, stats);
  const edges = await loadNeighbours(prisma, seeds);
  const ids = [...new Set([...proof.exactIds, ...proof.structuralIds, ...sparse.hits.map((hit) => hit.id), ...members.map((member) => member.id), ...edges.map((edge) => edge.neighbourId)])];
  const [records, relations] = await Promise.all([
    loadRecords(prisma, sparseVersion, ids, new Map(sparse.hits.map((hit) => [hit.id, hit]))),
    loadRelationsAmong(prisma, ids),
  ]);
  const pool = unionCandidates({ records, sparseIds: sparse.hits.map((hit) => hit.id), branchMembers: members, graphEdges: edges, proofExactIds: proof.exactIds, proofStructuralIds: proof.structuralIds });
  const branches = descent.selected.map((entry) => ({ id: entry.branchId, name: entry.name, summary: entry.summary }));
  const composition = composePacket({
    mode: request.mode, intent: request.intent, maxChars, problemStableId: problem.stableId, scopedProjectId: scope,
    query, pool, stats, relations, branches,
  });
  const envelope = buildEnvelope(problem, request.intent, problem.matchedBy, scope ?? composition.selection.projectId);
  const headSequence = freshness[0]?.headSequence ?? 0n;
  const lanes = laneReports({
    matchedBy: problem.matchedBy, freshness, headSequence, documentCount,
    sparse: { version: sparseVersion, hits: sparse.hits.length, eligibleMatches: composition.eligibleMatches, filtered: composition.filtered, saturated: sparse.saturated },
    memory: { version: memoryVersion, checkpoints: checkpoints.length, selected: descent.selected.map((entry) => entry.name) },
    graph: { seeds: seeds.length, neighbours: edges.length },
    proof: { goals: query.goals.length, worlds, exact: proof.exactIds.length, structural: proof.structuralIds.length },
  });
  const present = new Set(composition.packet.items.map((item) => item.id));
  const top = composition.scored.slice(0, 100);
  const impressionId = await storeImpression(prisma, {
    operation: request.mode, operatorId: request.operatorId, queryText: text, intent: request.intent, resolvedTargetId: problem.id, projectId: scope,
    outcome: composition.fallback ? "RELEVANCE_FALLBACK" : composition.packet.items.length ? "PACKET" : "EMPTY",
    candidateIds: top.map((candidate) => candidate.record.id), scores: top.map((candidate) => candidate.score),
    returnedOrder: composition.packet.items.map((item) => item.id), selectedBranches: descent.selected.map((entry) => entry.branchId),
    laneVersions: Object.fromEntries(lanes.map((lane) => [lane.lane, lane.indexVersion])),
  });
  return {
    envelope, composition, lanes, freshness, impressionId,
    packet: {
      ...composition.packet, maxChars, fallback: composition.fallback,
      reserves: composition.reserves.map((reserve) => ({ ...reserve, satisfied: reserve.recordId !== null && present.has(reserve.recordId) })),
      selectedBranches: descent.selected.map((entry) => ({ id: entry.branchId, name: entry.name })),
    },
  };
}
