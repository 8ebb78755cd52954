// Per-database caches of orient reads whose rows cannot change under the key they are stored by, so a
// hit is exact, never merely recent:
// - the checkpoints read for a target (and project scope) in one memory version, stamped with the
//   target head's high-water mark: the memory projector rewrites a target's head with a new mark in
//   the same transaction as any of its checkpoints, so an equal mark means equal rows;
// - a research record's own attributes (accession, kind, title, grade, branch, time), its sparse token
//   counts in one sparse view version, and its packet text: records are append-only and only their
//   state changes, which none of these carry (state is read with every request), so they never go stale.
// Keyed by the pool, so each opened database (tests open many in one process) has its own.
import { LruCache } from "../lib/lru-cache.js";
import { CHECKPOINT_CACHE_ROWS, DOCUMENT_CACHE_ENTRIES, RECORD_CACHE_ENTRIES, TEXT_CACHE_ENTRIES } from "./orient.constants.js";
import type { CandidateRecord, FieldCounts, ItemText } from "./orient.types.js";
import type { CheckpointView } from "./rank-checkpoints.js";

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

export interface OrientCaches {
  checkpoints: LruCache<string, CachedCheckpoints>;
  documents: LruCache<string, DocumentCounts>;
  records: LruCache<string, RecordAttributes>;
  texts: LruCache<string, ItemText>;
}

const byPool = new WeakMap<object, OrientCaches>();

export function orientCaches(pool: object): OrientCaches {
  let caches = byPool.get(pool);
  if (!caches) {
    caches = {
      checkpoints: new LruCache(CHECKPOINT_CACHE_ROWS, (entry) => Math.max(1, entry.rows.length)),
      documents: new LruCache(DOCUMENT_CACHE_ENTRIES),
      records: new LruCache(RECORD_CACHE_ENTRIES),
      texts: new LruCache(TEXT_CACHE_ENTRIES),
    };
    byPool.set(pool, caches);
  }
  return caches;
}

export function checkpointKey(version: number, targetId: string, projectId: string | null): string {
  return `${version}:${targetId}:${projectId ?? "*"}`;
}

export function documentKey(version: number, id: string): string {
  return `${version}:${id}`;
}

export function documentCounts(fields: FieldCounts, length: number): DocumentCounts {
  const terms = new Set<string>();
  for (const field of Object.values(fields)) for (const term in field) terms.add(term);
  return { fields, length, distinctTerms: terms.size };
}
