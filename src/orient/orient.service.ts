// The orient/checkPlan orchestrator: a thin sequence of bounded reads between the pure stages, then
// the stored impression. Resolve -> rank checkpoints -> descend -> union -> rerank -> assemble.
// Independent reads share a round trip (Promise.all; the embedded database's single connection queues
// them, which is fine), so a request costs six sequential database waits, the impression included.
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { LaneReport } from "../modules/discovery/discovery.schema.js";
import type { ViewFreshness } from "../projections/freshness.js";
import type { AssembledPacket } from "./assemble-packet.js";
import { unionCandidates } from "./candidates.js";
import { choosePacket, chosenIds, composePacket, type Composition } from "./compose.js";
import { chooseBranches } from "./descend.js";
import { buildEnvelope, type Envelope } from "./envelope.js";
import { includesSuperseded } from "./intent-policy.js";
import { laneReports } from "./lanes.js";
import { loadBranchMembers, loadCheckpoints } from "./load-memory.js";
import { loadFreshness } from "./load-freshness.js";
import { checkProjectScope, loadProblem, loadProject } from "./load-problem.js";
import { loadItemTexts, loadNeighbours, loadProofMatches, loadRecords, loadRelationsAmong } from "./load-records.js";
import { loadSparsePool } from "./load-sparse.js";
import { goalFingerprints, documentCountOf, graphSeeds } from "./pool-stats.js";
import { poolStats } from "./bm25.js";
import type { Intent } from "./orient.types.js";
import { analyseQuery, validateBudget, validateQuery } from "./query.js";
import { rankCheckpoints } from "./rank-checkpoints.js";
import { sqlOf } from "./sql.js";
import { storeImpression } from "../modules/telemetry/impressions.js";

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

/** `pgPool` (the Database's) carries the hot reads past Prisma's result processing; without it they run through Prisma. */
export async function runOrient(prisma: PrismaClient, request: OrientRequest, pgPool: pg.Pool): Promise<OrientOutcome> {
  const sql = sqlOf(pgPool);
  const field = request.mode === "checkPlan" ? "plan" : "problem";
  const maxChars = validateBudget(request.maxChars);
  const text = validateQuery(request.text, field);
  // Round trip 1 (concurrent): identity resolution with the problem and its common terms, view freshness, the requested project.
  const pending = { freshness: loadFreshness(sql), project: loadProject(prisma, request.projectId) };
  for (const promise of Object.values(pending)) promise.catch(() => undefined); // awaited below; a failed ref throws first
  const problem = await loadProblem(prisma, request.problemRef, request.projectId ?? null);
  const [project, freshness] = await Promise.all([pending.project, pending.freshness]);
  const scope = checkProjectScope(project, request.projectId, problem.id);
  const query = analyseQuery(text);
  const memoryVersion = freshness.find((view) => view.view === "memory-branches")?.version ?? null;
  const sparseVersion = freshness.find((view) => view.view === "research-memory")?.version ?? null;
  const worlds = [...new Set([...(request.pinnedWorld ? [request.pinnedWorld] : []), ...problem.pinnedWorlds])];
  const fingerprints = goalFingerprints(query.goals, worlds);
  // Common terms come from the same memory version the freshness read serves (none when it serves none).
  const commonTerms = memoryVersion !== null && problem.commonTerms.memoryVersion === memoryVersion ? problem.commonTerms.terms : new Set<string>();

  // Round trip 2 (concurrent): checkpoints, the sparse pool (common terms came with the problem) and proof-state matches.
  const [checkpoints, sparse, proof] = await Promise.all([
    memoryVersion === null ? [] : loadCheckpoints(sql, memoryVersion, problem.id, scope),
    sparseVersion === null ? { hits: [], saturated: false } : loadSparsePool(sql, sparseVersion, problem.id, scope, query.terms, commonTerms, !includesSuperseded(request.intent)),
    loadProofMatches(sql, problem.id, fingerprints.exact, fingerprints.structural),
  ]);
  const ranked = rankCheckpoints(checkpoints, query.terms, request.intent);
  const descent = chooseBranches(ranked);
  const documentCount = documentCountOf(checkpoints, sparse.hits.length);
  const stats = poolStats(sparse.hits, query.terms, documentCount, sparse.saturated);
  const seeds = graphSeeds(sparse.hits, query, stats);
  // Round trip 3 (concurrent): members of the selected branches and the graph neighbours of the top hits.
  const [members, edges] = await Promise.all([
    memoryVersion === null ? [] : loadBranchMembers(sql, memoryVersion, descent.selected.length ? descent.selected : ranked.filter((entry) => entry.name === "project").slice(0, 2)),
    loadNeighbours(sql, seeds),
  ]);
  const ids = [...new Set([...proof.exactIds, ...proof.structuralIds, ...sparse.hits.map((hit) => hit.id), ...members.map((member) => member.id), ...edges.map((edge) => edge.neighbourId)])];
  // Round trip 4 (concurrent): the raw records and the relations among them.
  const [records, relations] = await Promise.all([
    loadRecords(sql, sparseVersion, ids, new Map(sparse.hits.map((hit) => [hit.id, hit]))),
    loadRelationsAmong(sql, ids),
  ]);
  const pool = unionCandidates({ records, sparseIds: sparse.hits.map((hit) => hit.id), branchMembers: members, graphEdges: edges, proofExactIds: proof.exactIds, proofStructuralIds: proof.structuralIds });
  const branches = descent.selected.map((entry) => ({ id: entry.branchId, name: entry.name, summary: entry.summary }));
  const composeInput = {
    mode: request.mode, intent: request.intent, maxChars, problemStableId: problem.stableId, scopedProjectId: scope,
    query, pool, stats, relations, branches,
  };
  const choice = choosePacket(composeInput);
  // Round trip 5: bodies and replays of the chosen records only (wide columns, at most MAX_PACKET_ITEMS rows).
  const composition = composePacket(composeInput, choice, await loadItemTexts(sql, chosenIds(choice)));
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
  // Round trip 6: the impression.
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
