// The orient caches of one database, created once per process by src/service.ts (createOrientService)
// and bounded by the entry counts in orient.constants.ts. They hold reads whose rows cannot change under
// the key they are stored by, so a hit is exact, never merely recent:
// - the checkpoints read for a target (and project scope) in one memory version, stamped with the
//   target head's high-water mark: the memory projector rewrites a target's head with a new mark in
//   the same transaction as any of its checkpoints, so an equal mark means equal rows;
// - a research record's own attributes (accession, kind, title, grade, branch, time), its sparse token
//   counts in one sparse view version, and its packet text: records are append-only and only their
//   state changes, which none of these carry, so they never go stale;
// - the members of a branch in one memory version, under the target head's mark (as checkpoints);
// - per target, records' states and relations, under the target's generation (its newest change-event
//   sequence): supersessions and relations are written with an event on the record's own target, and
//   relations never cross targets, so an equal generation means equal states and edges. Any write on
//   the target starts a new, empty graph.
// Values derived from those rows alone (weighted term frequencies and token sets of a counts object, a
// checkpoint read's index) are memoised per row object in `derived`, so they live as long as the rows.
// A target's newest records are read into these caches in the background by its first request
// (warm-target.ts); `warmups` remembers which targets that has started for.
// Two entries are not facts: the read context a ref resolved to last time, a guess used to start the
// candidate reads early and kept only when the identity read confirms it (orient-read-plan.ts), and the
// database's term statistics, read again after TERM_SHARES_TTL_MS (term-shares.ts).
import { IdentityMemo } from "../../../platform/lib/identity-memo.js";
import { LruCache } from "../../../platform/lib/lru-cache.js";
import type { ResearchState } from "../../../generated/prisma/enums.js";
import type { ReadContext } from "./read-context.js";
import { TermShares } from "./term-shares.js";
import { weightedFrequencies, type WeightedFrequencies } from "../domain/bm25.js";
import { contentTokens, type ContentTokens } from "../domain/dedupe.js";
import {
  CHECKPOINT_CACHE_ROWS,
  CONTEXT_CACHE_ENTRIES,
  DOCUMENT_CACHE_ENTRIES,
  GRAPH_CACHE_ENTRIES,
  MEMBER_CACHE_ENTRIES,
  RECORD_CACHE_ENTRIES,
  TEXT_CACHE_ENTRIES,
  WARM_TARGET_ENTRIES,
} from "../domain/orient.constants.js";
import type { CandidateRecord, FieldCounts, ItemText, RelationEdge } from "../domain/orient.types.js";
import { CheckpointMemo, type CheckpointView } from "../domain/rank-checkpoints.js";

export interface CachedCheckpoints {
  highWaterMark: string;
  rows: CheckpointView[];
}

export interface DocumentCounts {
  fields: FieldCounts;
  length: number;
  /** Distinct terms across fields, for the repetition factor (computed once per record). */
  distinctTerms: number;
}

/** A record's attributes that never change (everything but its state and its sparse counts). */
export type RecordAttributes = Omit<CandidateRecord, "state" | "fields" | "length" | "distinctTerms">;

export interface CachedMembers {
  highWaterMark: string;
  /** Newest first, as branch_memberships' keyset index orders them. */
  ids: string[];
}

export interface TargetGraph {
  generation: string;
  /** Record id -> every relation leaving it (an empty list when none). */
  outgoing: Map<string, RelationEdge[]>;
  /** Record id -> every relation arriving at it. */
  incoming: Map<string, RelationEdge[]>;
  states: Map<string, ResearchState>;
  /** Its weight when last stored (keepTargetGraph). */
  weighed?: number;
}

/** Values derived from cached rows, memoised by the rows' identity (they go when the rows go). */
export interface DerivedFromRows {
  /** Per counts object (documents cache, sparse hits): BM25's field-weighted term frequencies. */
  weightedFrequencies: WeightedFrequencies;
  /** Per counts object: the title and body token sets near-duplicate removal compares. */
  contentTokens: ContentTokens;
  /** Per checkpoint read and row (checkpoints cache): term index, summary terms, intent shares. */
  checkpoints: CheckpointMemo;
}

export interface OrientCaches {
  /** The read context a ref (with project and pinned world) resolved to last time: a guess, always verified. */
  contexts: LruCache<string, ReadContext>;
  checkpoints: LruCache<string, CachedCheckpoints>;
  members: LruCache<string, CachedMembers>;
  graphs: LruCache<string, TargetGraph>;
  documents: DocumentCountsCache;
  records: LruCache<string, RecordAttributes>;
  texts: LruCache<string, ItemText>;
  derived: DerivedFromRows;
  /** The database's term statistics, read at most once per TERM_SHARES_TTL_MS. */
  termShares: TermShares;
  /** Background warm-ups started per target and sparse version (warm-target.ts), resolving to the records read. */
  warmups: LruCache<string, Promise<number>>;
  /** Told of a failed warm-up (the service logs it); a failure costs only speed, so nothing else sees it. */
  onWarmupFailure: ((error: Error, targetId: string) => void) | null;
}

/** Empty caches for one database: one per process and database (src/service.ts), or per tool run. */
export function createOrientCaches(onWarmupFailure: OrientCaches["onWarmupFailure"] = null): OrientCaches {
  const weighted = new IdentityMemo<FieldCounts, ReadonlyMap<string, number>>(weightedFrequencies);
  const tokens = new IdentityMemo<FieldCounts, ReadonlySet<string>>(contentTokens);
  return {
    contexts: new LruCache(CONTEXT_CACHE_ENTRIES),
    checkpoints: new LruCache(CHECKPOINT_CACHE_ROWS, (entry) => Math.max(1, entry.rows.length)),
    members: new LruCache(MEMBER_CACHE_ENTRIES, (entry) => Math.max(1, entry.ids.length)),
    graphs: new LruCache(GRAPH_CACHE_ENTRIES, graphWeight),
    documents: new DocumentCountsCache(DOCUMENT_CACHE_ENTRIES),
    records: new LruCache(RECORD_CACHE_ENTRIES),
    texts: new LruCache(TEXT_CACHE_ENTRIES),
    derived: {
      weightedFrequencies: (fields) => weighted.get(fields),
      contentTokens: (fields) => tokens.get(fields),
      checkpoints: new CheckpointMemo(),
    },
    termShares: new TermShares(),
    warmups: new LruCache(WARM_TARGET_ENTRIES),
    onWarmupFailure,
  };
}

export function checkpointKey(version: number, targetId: string, projectId: string | null): string {
  return `${version}:${targetId}:${projectId ?? "*"}`;
}

/**
 * Records' sparse token counts, each with the sparse view version it was read in, keyed by the record id
 * alone: a request looks up several hundred records, and a `${version}:${id}` key built per lookup (a new
 * string to hash each time) cost more than the lookups. A record keeps one entry, the last one read.
 */
export class DocumentCountsCache {
  private readonly entries: LruCache<string, { version: number; counts: DocumentCounts }>;

  constructor(capacity: number) {
    this.entries = new LruCache(capacity);
  }

  get(version: number, id: string): DocumentCounts | undefined {
    const entry = this.entries.get(id);
    return entry?.version === version ? entry.counts : undefined;
  }

  set(version: number, id: string, counts: DocumentCounts): void {
    this.entries.set(id, { version, counts });
  }
}

export function documentCounts(fields: FieldCounts, length: number): DocumentCounts {
  const terms = new Set<string>();
  for (const field of Object.values(fields)) for (const term in field) terms.add(term);
  return { fields, length, distinctTerms: terms.size };
}

/** Entries, not edges: constant time, because the graph is re-weighed after every request that used it. */
function graphWeight(graph: TargetGraph): number {
  return Math.max(1, graph.outgoing.size + graph.incoming.size + graph.states.size);
}

/** The target's graph at `generation`: the cached one while no write has reached the target, else a new, empty one. */
export function targetGraph(cache: OrientCaches["graphs"], targetId: string, generation: string): TargetGraph {
  const cached = cache.get(targetId);
  if (cached && cached.generation === generation) return cached;
  return { generation, outgoing: new Map(), incoming: new Map(), states: new Map() };
}

/** Stores (or re-weighs, after a request added to it) the target's graph. */
export function keepTargetGraph(cache: OrientCaches["graphs"], targetId: string, graph: TargetGraph): void {
  const current = cache.get(targetId);
  // A request that began before a newer write must not replace the newer graph with its older one.
  if (current && current !== graph && BigInt(current.generation) > BigInt(graph.generation)) return;
  if (current === graph && graphWeight(graph) === graph.weighed) return; // nothing added: no re-weighing
  graph.weighed = graphWeight(graph);
  cache.set(targetId, graph);
}

export function memberKey(version: number, branchId: string): string {
  return `${version}:${branchId}`;
}
