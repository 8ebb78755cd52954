// Background warm-up of a target's newest records, started by the first orient request for the target
// (per sparse view version) in this process. Orient reads newest-first (the sparse probes take the
// newest matches, branch members their newest), so a target's hot set is its newest records: 300 varied
// queries on a 100k-record target touched about 1,700. Until the caches hold them, every query pays up
// to four extra round trips for records new to the process; warming them in a few bounded batches,
// off the request path, pays that once. Attributes and token counts never go stale; states and relations
// are kept only at the generation they were read in (absorbRecordRows), like any other read.
import type { Sql } from "./sql.js";
import { RESEARCH_SPARSE_VIEW } from "../../research/projection/research-documents.js";
import { WARM_BATCH, WARM_RECORDS, WARM_TEXTS } from "../domain/orient.constants.js";
import { absorbRecordRows, loadItemTexts, readRecordRows, uncachedRecords } from "./load-records.js";
import { keepTargetGraph, targetGraph, type OrientCaches } from "./orient-caches.js";

export interface WarmOptions {
  records?: number;
  texts?: number;
  batch?: number;
}

function warmKey(sparseVersion: number, targetId: string): string {
  return `${sparseVersion}:${targetId}`;
}

/** Every relation arriving at each record, with the target's generation in the same snapshot. */
function readIncoming(
  sql: Sql,
  targetId: string,
  ids: readonly string[],
): Promise<{ id: string; incoming: { fromId: string; type: string }[]; generation: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return sql`
    SELECT f.id::text,
           COALESCE((SELECT json_agg(json_build_object('fromId', r.from_id, 'type', r.type)) FROM research_relations r WHERE r.to_id = f.id), '[]'::json) AS incoming,
           COALESCE((SELECT max(e.sequence)::text FROM change_events e WHERE e.routing_target_id = ${targetId}::uuid), '0') AS generation
    FROM unnest(${ids}::uuid[]) AS f(id)`;
}

/** Reads the target's newest records into the caches in batches, one statement at a time. */
export async function warmTarget(
  sql: Sql,
  caches: OrientCaches,
  targetId: string,
  sparseVersion: number,
  options: WarmOptions = {},
): Promise<number> {
  const limit = options.records ?? WARM_RECORDS;
  const batch = options.batch ?? WARM_BATCH;
  const newest = (
    await sql<{ document_id: string }>`
    SELECT document_id FROM sparse_documents
    WHERE view = ${RESEARCH_SPARSE_VIEW} AND version = ${sparseVersion} AND routing_target_id = ${targetId}::uuid
    ORDER BY source_sequence DESC LIMIT ${limit}`
  ).map((row) => row.document_id);
  let warmed = 0;
  for (let start = 0; start < newest.length; start += batch) {
    const ids = uncachedRecords(newest.slice(start, start + batch), sparseVersion, caches);
    const rows = await readRecordRows(sql, sparseVersion, targetId, ids);
    const generation = rows[0]?.generation;
    if (generation === undefined) continue;
    // The graph at the rows' generation: the cached one when no write has reached the target since.
    const graph = targetGraph(caches.graphs, targetId, generation);
    absorbRecordRows(rows, sparseVersion, new Map(), new Map(), caches, graph);
    for (const row of await readIncoming(sql, targetId, ids)) {
      if (row.generation === graph.generation)
        graph.incoming.set(
          row.id,
          row.incoming.map((edge) => ({ fromId: edge.fromId, toId: row.id, type: edge.type })),
        );
    }
    keepTargetGraph(caches.graphs, targetId, graph);
    warmed += rows.length;
  }
  await loadItemTexts(sql, newest.slice(0, options.texts ?? WARM_TEXTS), caches.texts);
  return warmed;
}

/**
 * Starts warmTarget once per target and sparse version, without waiting for it. A failed warm-up
 * costs only speed (the requests read what they need, as before), so no request sees its error: it goes
 * to `caches.onWarmupFailure` (the service logs it), and the next process tries again.
 */
export function warmTargetInBackground(
  sql: Sql,
  caches: OrientCaches,
  targetId: string,
  sparseVersion: number | null,
): void {
  if (sparseVersion === null) return;
  const key = warmKey(sparseVersion, targetId);
  if (caches.warmups.get(key)) return;
  const warming = warmTarget(sql, caches, targetId, sparseVersion).catch((error: unknown) => {
    caches.onWarmupFailure?.(error instanceof Error ? error : new Error(String(error)), targetId);
    return 0;
  });
  caches.warmups.set(key, warming);
}

/** The warm-up started for the target, if any (tests wait on it). */
export function targetWarmup(
  caches: OrientCaches,
  targetId: string,
  sparseVersion: number,
): Promise<number> | undefined {
  return caches.warmups.get(warmKey(sparseVersion, targetId));
}
