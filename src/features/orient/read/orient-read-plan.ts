// The round trips of one orient request, in the order they run; the pure stages between them are in
// runOrient. `‖` runs reads together (Promise.all; the embedded database's single connection queues
// them), `→` starts a read as soon as the one before it answers, and [brackets] name what each read is
// cached under in the orient caches (orient-caches.ts), where a hit costs no statement:
//   1. identity (problem, its checkpoint head, generation and the views' freshness: one statement)
//      ‖ requested project ‖ term statistics [once per TERM_SHARES_TTL_MS]
//      ‖ round trip 2 started early on the context the ref had last time [contexts, a guess], kept only
//        when the identity read confirms that context (else round trip 2 runs again on the confirmed one)
//   2. checkpoints [target head mark] → sparse pool [token counts per sparse version]
//      ‖ proof-state matches ‖ descended branches' members [target head mark] → their rows [records]
//   3. records found so far [records, documents; states and relations: target graph at the generation]
//      ‖ graph neighbours of the top hits, with the leading hits' outgoing relations [target graph]
//        → rows of neighbours new to the process [records] ‖ texts of the leading hits [texts]
//   4. neighbours whose state this generation has not seen
//   5. relations among the records a packet can include [target graph] ‖ texts of the likely items [texts]
//   6. texts of chosen records outside them [texts]
// A warm request waits on the database once (round trip 1 with round trip 2 beside it). The first request
// for a target also starts its background warm-up (warm-target.ts).
import type { ResearchState } from "../../../generated/prisma/enums.js";
import type { CandidateRecord, Intent, ItemText, RelationEdge } from "../domain/orient.types.js";
import type { AnalysedQuery } from "../domain/query.js";
import { checkProjectScope, loadProblem, loadProject, type LoadedProblem } from "./load-problem.js";
import {
  absorbRecordRows,
  cachedRelationsAmong,
  loadItemTexts,
  loadNeighbours,
  loadRecords,
  loadRelationsAmong,
  readRecordRows,
  uncachedRecords,
} from "./load-records.js";
import type { DocumentCounts, OrientCaches, TargetGraph } from "./orient-caches.js";
import { keepTargetGraph, targetGraph } from "./orient-caches.js";
import { readCandidates, type CandidateReads } from "./read-candidates.js";
import { sameReadContext, type ReadContext } from "./read-context.js";
import type { Sql } from "./sql.js";
import { warmTargetInBackground } from "./warm-target.js";

export interface ReadRequest {
  problemRef: string;
  projectId?: string | null;
  pinnedWorld?: string | null;
  intent: Intent;
  query: AnalysedQuery;
}

export type NeighbourEdge = Awaited<ReturnType<typeof loadNeighbours>>[number];

function readContextOf(
  problem: LoadedProblem,
  scope: string | null,
  pinnedWorld: string | null | undefined,
): ReadContext {
  const memoryVersion = problem.freshness.find((view) => view.view === "memory-branches")?.version ?? null;
  return {
    targetId: problem.id,
    scope,
    memoryVersion,
    sparseVersion: problem.freshness.find((view) => view.view === "research-memory")?.version ?? null,
    headMark:
      memoryVersion !== null && problem.memoryHead.version === memoryVersion ? problem.memoryHead.highWaterMark : null,
    worlds: [...new Set([...(pinnedWorld ? [pinnedWorld] : []), ...problem.pinnedWorlds])],
  };
}

/** One request's reads: made by `resolve` (round trips 1 and 2), then asked for rounds 3 to 6 in turn. */
export class OrientReadPlan {
  /** States seen by this request's reads, which win over the target graph's. */
  private readonly states = new Map<string, ResearchState>();
  /** Token counts the sparse probe returned with its hits. */
  private readonly fresh: Map<string, DocumentCounts>;

  private constructor(
    private readonly sql: Sql,
    private readonly caches: OrientCaches,
    readonly problem: LoadedProblem,
    readonly scope: string | null,
    readonly context: ReadContext,
    readonly candidates: CandidateReads,
    private readonly graph: TargetGraph,
  ) {
    const { sparse, proof, memberRows } = candidates;
    // An eligible hit is CURRENT; an ineligible one (audit views) may be superseded or quarantined, so its row says which.
    for (const hit of sparse.hits) if (hit.eligible) this.states.set(hit.id, "CURRENT");
    for (const [id, state] of proof.states) this.states.set(id, state);
    this.fresh = new Map(sparse.hits.map((hit) => [hit.id, hit]));
    absorbRecordRows(memberRows, context.sparseVersion, this.fresh, this.states, caches, graph);
  }

  /** Round trips 1 and 2: the problem, the confirmed read context and the candidates it fixes. */
  static async resolve(sql: Sql, caches: OrientCaches, request: ReadRequest): Promise<OrientReadPlan> {
    const project = loadProject(sql, request.projectId);
    const shares = caches.termShares.current(sql);
    for (const promise of [project, shares]) promise.catch(() => undefined); // awaited below; a failed ref throws first
    const contextKey = `${request.problemRef}\u0000${request.projectId ?? ""}\u0000${request.pinnedWorld ?? ""}`;
    const speculated = caches.contexts.get(contextKey);
    const early = speculated ? readCandidates(sql, caches, speculated, request.query, request.intent, shares) : null;
    early?.catch(() => undefined); // awaited below only if its context is confirmed
    const problem = await loadProblem(sql, request.problemRef);
    const scope = checkProjectScope(await project, request.projectId, problem.id);
    const context = readContextOf(problem, scope, request.pinnedWorld);
    caches.contexts.set(contextKey, context);
    warmTargetInBackground(sql, caches, problem.id, context.sparseVersion);
    const graph = targetGraph(caches.graphs, problem.id, problem.generation);
    const candidates =
      early && speculated && sameReadContext(speculated, context)
        ? await early
        : await readCandidates(sql, caches, context, request.query, request.intent, shares);
    return new OrientReadPlan(sql, caches, problem, scope, context, candidates, graph);
  }

  /**
   * Round trips 3 and 4: the records found by round trip 2 and the graph neighbours of `seeds`, while
   * the outgoing relations and texts of `leading` (the likeliest packet items) are read alongside.
   */
  async poolRecords(
    leading: readonly string[],
    seeds: readonly string[],
  ): Promise<{ records: Map<string, CandidateRecord>; edges: NeighbourEdge[] }> {
    const { sql, caches, graph, states, fresh } = this;
    const { sparseVersion, targetId } = this.context;
    const { proof, sparse, members } = this.candidates;
    const found = [
      ...new Set([
        ...proof.exactIds,
        ...proof.structuralIds,
        ...sparse.hits.map((hit) => hit.id),
        ...members.map((member) => member.id),
      ]),
    ];
    const foundSet = new Set(found);
    const textsEarly = loadItemTexts(sql, leading, caches.texts);
    const neighboursPending = loadNeighbours(sql, graph, seeds, leading);
    const neighbourRowsPending = neighboursPending.then((neighbourEdges) =>
      readRecordRows(
        sql,
        sparseVersion,
        targetId,
        uncachedRecords(
          [...new Set(neighbourEdges.map((edge) => edge.neighbourId))].filter((id) => !foundSet.has(id)),
          sparseVersion,
          caches,
        ),
      ),
    );
    const [edges, foundRecords, neighbourRows] = await Promise.all([
      neighboursPending,
      loadRecords(sql, sparseVersion, targetId, found, states, fresh, caches, graph),
      neighbourRowsPending,
      textsEarly,
    ]);
    absorbRecordRows(neighbourRows, sparseVersion, fresh, states, caches, graph);
    const neighbourIds = [...new Set(edges.map((edge) => edge.neighbourId))].filter((id) => !foundRecords.has(id));
    const records = new Map([
      ...foundRecords,
      ...(await loadRecords(sql, sparseVersion, targetId, neighbourIds, states, fresh, caches, graph)),
    ]);
    return { records, edges };
  }

  /** The relations among `ids` as far as the target graph already holds them (no read). */
  cachedRelations(ids: readonly string[]): RelationEdge[] {
    return cachedRelationsAmong(this.graph, ids);
  }

  /**
   * Round trip 5: every relation among `relationScope`, with the texts of `likely` read alongside; the
   * target graph is then kept (re-weighed) for the next request at this generation.
   */
  async packetRelations(relationScope: readonly string[], likely: readonly string[]): Promise<RelationEdge[]> {
    const [relations] = await Promise.all([
      loadRelationsAmong(this.sql, this.graph, relationScope),
      loadItemTexts(this.sql, likely, this.caches.texts),
    ]);
    keepTargetGraph(this.caches.graphs, this.problem.id, this.graph);
    return relations;
  }

  /** Round trip 6 (only for records whose text round trips 3 and 5 did not read): the chosen records' texts. */
  texts(ids: readonly string[]): Promise<Map<string, ItemText>> {
    return loadItemTexts(this.sql, ids, this.caches.texts);
  }
}
