// The orient/checkPlan orchestrator: a thin sequence of bounded reads between the pure stages, then
// the impression (written behind the response). Resolve -> rank checkpoints -> descend -> union -> rerank -> assemble.
// Independent reads share a round trip (Promise.all; the embedded database's single connection queues
// them, which is fine). Reads whose rows cannot change under their key (checkpoints and members at the
// target head's mark, states and relations at the target's generation, record attributes, token counts,
// packet texts) come from per-database caches (orient-caches.ts), and the candidate reads start
// alongside the identity read on the context the ref had last time: a warm request waits on the
// database once (identity, with the views' freshness, alongside the candidate reads). A moved head, a new
// write on the target or records new to the process add a wait for each read they need.
import type pg from "pg";
import type { ResearchState } from "../../../generated/prisma/enums.js";
import type { LaneReport } from "../../discovery/graphql/discovery.schema.js";
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
import { checkProjectScope, loadProblem, loadProject } from "../read/load-problem.js";
import {
  absorbRecordRows,
  cachedRelationsAmong,
  loadItemTexts,
  loadNeighbours,
  loadRecords,
  loadRelationsAmong,
  readRecordRows,
  uncachedRecords,
} from "../read/load-records.js";
import { documentCountOf, leadingHits } from "../read/pool-stats.js";
import { bm25Scorer, poolStats } from "../domain/bm25.js";
import type { Intent, RelationEdge } from "../domain/orient.types.js";
import { analyseQuery, validateBudget, validateQuery } from "../domain/query.js";
import { sqlOf } from "../read/sql.js";
import { impressionWriter } from "../../telemetry/domain/impressions.js";
import { keepTargetGraph, orientCaches, targetGraph } from "../read/orient-caches.js";
import { readCandidates, sameReadContext, type ReadContext } from "../read/read-candidates.js";
import { termShares } from "../read/term-shares.js";
import { GRAPH_SEEDS, MAX_PACKET_ITEMS } from "../domain/orient.constants.js";
import { warmTargetInBackground } from "../read/warm-target.js";

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

/** Every read and the impression go straight through the Database's pg pool (see sql.ts). */
export async function runOrient(pgPool: pg.Pool, request: OrientRequest): Promise<OrientOutcome> {
  const sql = sqlOf(pgPool);
  const caches = orientCaches(pgPool);
  const field = request.mode === "checkPlan" ? "plan" : "problem";
  const maxChars = validateBudget(request.maxChars);
  const text = validateQuery(request.text, field);
  const query = analyseQuery(text);
  // Round trip 1 (concurrent): identity resolution with the problem, its checkpoint head, generation and
  // the views' freshness (one statement), and the requested project. Round trip 2 starts alongside it on
  // the context this ref had last time (read-candidates.ts), kept only if the identity read confirms it.
  const pending = { project: loadProject(sql, request.projectId), shares: termShares(sql, pgPool) };
  for (const promise of Object.values(pending)) promise.catch(() => undefined); // awaited below; a failed ref throws first
  const contextKey = `${request.problemRef}\u0000${request.projectId ?? ""}\u0000${request.pinnedWorld ?? ""}`;
  const speculated = caches.contexts.get(contextKey);
  const early = speculated ? readCandidates(sql, caches, speculated, query, request.intent, pending.shares) : null;
  early?.catch(() => undefined); // awaited below only if its context is confirmed
  const problem = await loadProblem(sql, request.problemRef);
  const project = await pending.project;
  const { freshness } = problem;
  const scope = checkProjectScope(project, request.projectId, problem.id);
  const memoryVersion = freshness.find((view) => view.view === "memory-branches")?.version ?? null;
  const context: ReadContext = {
    targetId: problem.id,
    scope,
    memoryVersion,
    sparseVersion: freshness.find((view) => view.view === "research-memory")?.version ?? null,
    headMark:
      memoryVersion !== null && problem.memoryHead.version === memoryVersion ? problem.memoryHead.highWaterMark : null,
    worlds: [...new Set([...(request.pinnedWorld ? [request.pinnedWorld] : []), ...problem.pinnedWorlds])],
  };
  caches.contexts.set(contextKey, context);
  warmTargetInBackground(sql, caches, problem.id, context.sparseVersion);
  const graph = targetGraph(caches.graphs, problem.id, problem.generation);
  const { checkpoints, descent, sparse, proof, members, memberRows } =
    early && speculated && sameReadContext(speculated, context)
      ? await early
      : await readCandidates(sql, caches, context, query, request.intent, pending.shares);
  const { sparseVersion, worlds } = context;
  const documentCount = documentCountOf(checkpoints, sparse.hits.length);
  const stats = poolStats(sparse.hits, query.terms, documentCount, sparse.saturated);
  const scorer = bm25Scorer(query.terms, query.frequency, stats);
  const leading = leadingHits(sparse.hits, scorer, MAX_PACKET_ITEMS);
  const seeds = leading.slice(0, GRAPH_SEEDS);
  // States seen by this request's reads win over the graph's.
  // An eligible hit is CURRENT; an ineligible one (audit views) may be superseded or quarantined, so its row says which.
  const states = new Map<string, ResearchState>(
    sparse.hits.filter((hit) => hit.eligible).map((hit) => [hit.id, "CURRENT"]),
  );
  for (const [id, state] of proof.states) states.set(id, state);
  const fresh = new Map(sparse.hits.map((hit) => [hit.id, hit]));
  absorbRecordRows(memberRows, sparseVersion, fresh, states, caches, graph);
  const found = [
    ...new Set([
      ...proof.exactIds,
      ...proof.structuralIds,
      ...sparse.hits.map((hit) => hit.id),
      ...members.map((member) => member.id),
    ]),
  ];
  // Round trip 3 (only for what the caches lack): the records found so far; the graph neighbours of the
  // top hits (with the outgoing relations of the leading hits, which the packet's relations need),
  // followed at once by the rows of neighbours new to the process; and the texts of the leading hits,
  // the likeliest packet items. Round trip 4 only for neighbours whose state this generation has not seen.
  const foundSet = new Set(found);
  const textsEarly = loadItemTexts(sql, leading, caches.texts);
  const neighboursPending = loadNeighbours(sql, graph, seeds, leading);
  const neighbourRowsPending = neighboursPending.then((neighbourEdges) =>
    readRecordRows(
      sql,
      sparseVersion,
      problem.id,
      uncachedRecords(
        [...new Set(neighbourEdges.map((edge) => edge.neighbourId))].filter((id) => !foundSet.has(id)),
        sparseVersion,
        caches,
      ),
    ),
  );
  const [edges, foundRecords, neighbourRows] = await Promise.all([
    neighboursPending,
    loadRecords(sql, sparseVersion, problem.id, found, states, fresh, caches, graph),
    neighbourRowsPending,
    textsEarly,
  ]);
  absorbRecordRows(neighbourRows, sparseVersion, fresh, states, caches, graph);
  const neighbourIds = [...new Set(edges.map((edge) => edge.neighbourId))].filter((id) => !foundRecords.has(id));
  const records = new Map([
    ...foundRecords,
    ...(await loadRecords(sql, sparseVersion, problem.id, neighbourIds, states, fresh, caches, graph)),
  ]);
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
    branches,
  };
  const ranking = rankPool(composeInput);
  // Round trip 5 (only for what the caches lack): relations among the records a packet can include, and
  // the texts of the likeliest items: the leading window, the reserve picks, and the packet as chosen
  // with the relations the caches already hold (where near-duplicates fold, the packet reaches past the
  // leading window). Round trip 6 only for chosen records outside them: a relation read here unfolded a pair.
  const candidates = packetCandidates(ranking, request.intent);
  const cachedRelations = cachedRelationsAmong(graph, candidates.relationScope);
  const provisional = choosePacket(composeInput, ranking, cachedRelations);
  const likely = [...new Set([...candidates.likely, ...chosenIds(provisional)])];
  const [relations] = await Promise.all([
    loadRelationsAmong(sql, graph, candidates.relationScope),
    loadItemTexts(sql, likely, caches.texts),
  ]);
  // choosePacket is pure: when the read found no relation the caches lacked, the provisional choice is the choice.
  const choice = sameEdges(relations, cachedRelations) ? provisional : choosePacket(composeInput, ranking, relations);
  keepTargetGraph(caches.graphs, problem.id, graph);
  const composition = composePacket(composeInput, choice, await loadItemTexts(sql, chosenIds(choice), caches.texts));
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
  const impressionId = impressionWriter(pgPool).write({
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
