// The windows a checkpoint refresh summarises: each branch's newest current members with their text.
// Kept windows (BranchWindows) and texts (MemberTexts) are used where they hold; the rest is read from
// the store, a bounded index walk per branch.
import { CHECKPOINT_BODY_CHARS, CHECKPOINT_WINDOW } from "../domain/memory.constants.js";
import type { WindowMember } from "../domain/checkpoint.js";
import { sql, type SqlRunner } from "../../../platform/db/sql.js";
import { MemberTextCache, type MemberTexts } from "./member-text-cache.js";
import { type BranchWindows, newestFirst, type WindowRef } from "./branch-windows.js";

function groupBy<T extends { branch_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.branch_id);
    if (list) list.push(row);
    else map.set(row.branch_id, [row]);
  }
  return map;
}

type CandidateRow = { branch_id: string; id: string; at_ms: number; current: boolean; contentHash: string };

// Newest members read per branch on the first try: enough for a full window unless many of the
// newest members were superseded, in which case the branch is read again with a larger limit.
const WINDOW_CANDIDATES = CHECKPOINT_WINDOW * 2;

/**
 * Runs `query` with the planner held to ordered index scans (transaction-local, restored after):
 * with stale statistics (the embedded database never analyzes; a server lags behind a bulk load)
 * the planner takes a branch for a few rows and reads and sorts all its members for a LIMIT.
 */
async function withOrderedIndexScans<T>(tx: SqlRunner, query: () => Promise<T>): Promise<T> {
  const [previous] = await tx.query<{ sort: string; bitmap: string }>(sql`
    SELECT current_setting('enable_sort') AS sort, current_setting('enable_bitmapscan') AS bitmap,
           set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true)`);
  try {
    return await query();
  } finally {
    await tx.query(
      sql`SELECT set_config('enable_sort', ${previous!.sort}, true), set_config('enable_bitmapscan', ${previous!.bitmap}, true)`,
    );
  }
}

/**
 * The newest CHECKPOINT_WINDOW current members of each branch, by reference. The inner query is a
 * LIMIT in the order of the index on (version, branch_id, member_created_at, research_object_id), so
 * it reads a bounded number of index entries whatever the branch size; states are filtered
 * afterwards, and a branch whose newest members are mostly superseded is read again with a larger limit.
 */
async function readWindowRefs(tx: SqlRunner, version: number, branchIds: string[]): Promise<Map<string, WindowRef[]>> {
  const windows = new Map<string, WindowRef[]>();
  let pending = branchIds;
  for (let limit = WINDOW_CANDIDATES; pending.length > 0; limit *= 4) {
    const rows = await withOrderedIndexScans(tx, () =>
      tx.query<CandidateRow>(sql`
      SELECT b.id::text AS branch_id, o.id::text AS id, (extract(epoch FROM m.member_created_at) * 1000)::float8 AS at_ms,
             o.state = 'CURRENT' AS current,
             o.content_hash AS "contentHash"
      FROM unnest(${pending}::uuid[]) AS b(id)
      CROSS JOIN LATERAL (
        SELECT m.research_object_id, m.member_created_at FROM branch_memberships m
        WHERE m.version = ${version} AND m.branch_id = b.id
        ORDER BY m.member_created_at DESC, m.research_object_id DESC LIMIT ${limit}) m
      JOIN research_objects o ON o.id = m.research_object_id`),
    );
    const candidates = groupBy(rows);
    const again: string[] = [];
    for (const id of pending) {
      const read = (candidates.get(id) ?? [])
        .map((row) => ({ id: row.id, at: new Date(row.at_ms), contentHash: row.contentHash, current: row.current }))
        .sort(newestFirst);
      const current = read
        .filter((row) => row.current)
        .slice(0, CHECKPOINT_WINDOW)
        .map(({ id, at, contentHash }) => ({ id, at, contentHash }));
      if (current.length < CHECKPOINT_WINDOW && read.length === limit) again.push(id);
      else windows.set(id, current);
    }
    pending = again;
  }
  return windows;
}

/** What a checkpoint refresh may reuse from the refreshes before it; a build starts cold. */
export interface WindowSources {
  texts: MemberTexts;
  /** The projector's kept windows; null in a build (every window is read). */
  windows: BranchWindows | null;
  /** This batch's new current members by branch, for the kept windows. */
  fresh: ReadonlyMap<string, readonly WindowRef[]>;
}

export const coldSources = (): WindowSources => ({ texts: new MemberTextCache(), windows: null, fresh: new Map() });

/**
 * The window members of each branch with their text. Windows come from `sources.windows` where kept
 * (extended by the batch's new members), the rest from the store; texts come from `sources.texts`
 * where it has seen the member with the same content hash, the rest (new members, mostly) in one read.
 */
export async function windowsOf(
  tx: SqlRunner,
  version: number,
  branchIds: string[],
  sources: WindowSources,
): Promise<Map<string, WindowMember[]>> {
  const { texts, windows, fresh } = sources;
  const refs = new Map<string, WindowRef[]>();
  const unread: string[] = [];
  for (const id of branchIds) {
    const window = windows?.extended(version, id, fresh.get(id) ?? []);
    if (window) refs.set(id, window);
    else unread.push(id);
  }
  if (unread.length > 0) for (const [id, window] of await readWindowRefs(tx, version, unread)) refs.set(id, window);
  const unknown = new Map<string, string>();
  for (const [branchId, window] of refs) {
    windows?.keep(version, branchId, window);
    for (const ref of window) if (!texts.textOf(ref.id, ref.contentHash)) unknown.set(ref.id, ref.contentHash);
  }
  if (unknown.size > 0) {
    const rows = await tx.query<WindowMember>(sql`
      SELECT id::text AS id, title, left(body, ${CHECKPOINT_BODY_CHARS}::int) AS body
      FROM research_objects WHERE id = ANY(${[...unknown.keys()]}::uuid[])`);
    for (const row of rows) texts.remember(unknown.get(row.id)!, row);
  }
  const members = new Map<string, WindowMember[]>();
  for (const [branchId, window] of refs)
    members.set(
      branchId,
      window.flatMap((ref) => texts.textOf(ref.id, ref.contentHash) ?? []),
    );
  return members;
}
