// The orient/checkPlan orchestrator: the pure stages between the round trips of the request's read plan
// (orient-read-plan.ts, which lists the round trips and what each is cached under), then the impression
// (written behind the response). Resolve -> rank checkpoints -> descend -> union -> rerank -> assemble.
import type pg from "pg";
import type { LaneReport } from "../../discovery/domain/lane-report.js";
import type { ViewFreshness } from "../../../projections/freshness.js";
import type { AssembledPacket } from "../domain/assemble-packet.js";
import { unionCandidates, withheldCounts } from "../domain/candidates.js";
import {
  choosePacket,
  chosenIds,
  composePacket,
  packetCandidates,
  rankPool,
  type Composition,
} from "../domain/compose.js";
import { buildEnvelope, type Envelope } from "../domain/envelope.js";
import { laneReports } from "../domain/lanes.js";
import { documentCountOf, leadingHits } from "../read/pool-stats.js";
import { bm25Scorer, poolStats } from "../domain/bm25.js";
import type { Intent, RelationEdge } from "../domain/orient.types.js";
import { analyseQuery, validateBudget, validateQuery } from "../domain/query.js";
import { sqlOf, type Sql } from "../read/sql.js";
import type { ImpressionWriter } from "../../telemetry/domain/impressions.js";
import { createOrientCaches, type OrientCaches } from "../read/orient-caches.js";
import { OrientReadPlan } from "../read/orient-read-plan.js";
import { GRAPH_SEEDS, MAX_PACKET_ITEMS } from "../domain/orient.constants.js";

/**
 * Orient's long-lived collaborators for one database: made once per process by src/service.ts (a tool
 * run makes its own), so every request shares the statement runner's prepared names and the caches.
 */
export interface OrientService {
  /** Reads go straight through the Database's pg pool (see sql.ts). */
  sql: Sql;
  caches: OrientCaches;
  /** The database's impression writer (shared with discovery and recordUse). */
  impressions: ImpressionWriter;
}

export function createOrientService(
  pool: pg.Pool,
  impressions: ImpressionWriter,
  onWarmupFailure: OrientCaches["onWarmupFailure"] = null,
): OrientService {
  return { sql: sqlOf(pool), caches: createOrientCaches(onWarmupFailure), impressions };
}

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
  packet: AssembledPacket & {
    maxChars: number;
    fallback: boolean;
    reserves: { category: string; satisfied: boolean; recordId: string | null }[];
    selectedBranches: { id: string; name: string }[];
  };
  composition: Composition;
  lanes: LaneReport[];
  freshness: ViewFreshness[];
  impressionId: string;
}

function sameEdges(left: readonly RelationEdge[], right: readonly RelationEdge[]): boolean {
  return (
    left.length === right.length &&
    left.every(
      (edge, index) =>
        edge.fromId === right[index]!.fromId && edge.toId === right[index]!.toId && edge.type === right[index]!.type,
    )
  );
}

export async function runOrient(orient: OrientService, request: OrientRequest): Promise<OrientOutcome> {
  const field = request.mode === "checkPlan" ? "plan" : "problem";
  const maxChars = validateBudget(request.maxChars);
  const text = validateQuery(request.text, field);
  const query = analyseQuery(text);
  const { derived } = orient.caches;
  const reads = await OrientReadPlan.resolve(orient.sql, orient.caches, { ...request, query });
  const { problem, scope, context } = reads;
  const { checkpoints, descent, sparse, proof, members } = reads.candidates;
  const { freshness } = problem;
  const { sparseVersion, memoryVersion, worlds } = context;
  const documentCount = documentCountOf(checkpoints, sparse.hits.length);
  const stats = poolStats(sparse.hits, query.terms, documentCount, sparse.saturated, derived.weightedFrequencies);
  const scorer = bm25Scorer(query.terms, query.frequency, stats, derived.weightedFrequencies);
  const leading = leadingHits(sparse.hits, scorer, MAX_PACKET_ITEMS);
  const seeds = leading.slice(0, GRAPH_SEEDS);
  const { records, edges } = await reads.poolRecords(leading, seeds);
  const pool = unionCandidates({
    records,
    sparseIds: sparse.hits.map((hit) => hit.id),
    branchMembers: members,
    graphEdges: edges,
    proofExactIds: proof.exactIds,
    proofStructuralIds: proof.structuralIds,
  });
  const branches = descent.selected.map((entry) => ({ id: entry.branchId, name: entry.name, summary: entry.summary }));
  const composeInput = {
    mode: request.mode,
    intent: request.intent,
    maxChars,
    problemStableId: problem.stableId,
    scopedProjectId: scope,
    query,
    pool,
    scorer,
    contentTokens: derived.contentTokens,
    branches,
  };
  const ranking = rankPool(composeInput);
  // The packet as chosen with the relations the caches already hold decides which texts round trip 5
  // reads besides the leading window and the reserve picks (where near-duplicates fold, the packet
  // reaches past the leading window).
  const candidates = packetCandidates(ranking, request.intent);
  const cachedRelations = reads.cachedRelations(candidates.relationScope);
  const provisional = choosePacket(composeInput, ranking, cachedRelations);
  const likely = [...new Set([...candidates.likely, ...chosenIds(provisional)])];
  const relations = await reads.packetRelations(candidates.relationScope, likely);
  // choosePacket is pure: when the read found no relation the caches lacked, the provisional choice is the choice.
  const choice = sameEdges(relations, cachedRelations) ? provisional : choosePacket(composeInput, ranking, relations);
  const composition = composePacket(composeInput, choice, await reads.texts(chosenIds(choice)));
  const withheld = withheldCounts(composition, sparse.withheld);
  const envelope = buildEnvelope(
    problem,
    request.intent,
    problem.matchedBy,
    scope ?? composition.selection.projectId,
    withheld.heldBack,
  );
  const headSequence = freshness[0]?.headSequence ?? 0n;
  const lanes = laneReports({
    matchedBy: problem.matchedBy,
    freshness,
    headSequence,
    documentCount,
    sparse: {
      version: sparseVersion,
      hits: sparse.hits.length,
      eligibleMatches: composition.eligibleMatches,
      fallback: composition.fallback,
      saturated: sparse.saturated,
      ...withheld,
    },
    memory: {
      version: memoryVersion,
      checkpoints: checkpoints.length,
      selected: descent.selected.map((entry) => entry.name),
    },
    graph: { seeds: seeds.length, neighbours: edges.length },
    proof: { goals: query.goals.length, worlds, exact: proof.exactIds.length, structural: proof.structuralIds.length },
  });
  const present = new Set(composition.packet.items.map((item) => item.id));
  const top = composition.scored.slice(0, 100);
  // The impression, written behind the response (impressions.ts).
  const impressionId = orient.impressions.write({
    operation: request.mode,
    operatorId: request.operatorId,
    queryText: text,
    intent: request.intent,
    resolvedTargetId: problem.id,
    projectId: scope,
    outcome: composition.fallback ? "RELEVANCE_FALLBACK" : composition.packet.items.length ? "PACKET" : "EMPTY",
    candidateIds: top.map((candidate) => candidate.record.id),
    scores: top.map((candidate) => candidate.score),
    returnedOrder: composition.packet.items.map((item) => item.id),
    selectedBranches: descent.selected.map((entry) => entry.branchId),
    laneVersions: Object.fromEntries(lanes.map((lane) => [lane.lane, lane.indexVersion])),
  });
  return {
    envelope,
    composition,
    lanes,
    freshness,
    impressionId,
    packet: {
      ...composition.packet,
      maxChars,
      fallback: composition.fallback,
      reserves: composition.reserves.map((reserve) => ({
        ...reserve,
        satisfied: reserve.recordId !== null && present.has(reserve.recordId),
      })),
      selectedBranches: descent.selected.map((entry) => ({ id: entry.branchId, name: entry.name })),
    },
  };
}
