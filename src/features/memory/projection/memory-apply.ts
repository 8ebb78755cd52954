// The `memory-branches` projector: applies a contiguous run of change events to one version, and
// builds a version from scratch out of the canonical records. Both paths share every write.
import { sql, type SqlRunner } from "../../../platform/db/sql.js";
import type { ChangeEventRow } from "../../../events/change-events.js";
import type { BuildProgress } from "../../../projections/projector.js";
import { addObjects, ensureRootBranches, loadMemoryObjects, membershipsOfObjects } from "./memory-store.js";
import { BranchChanges, refreshHeads, updateCheckpoints } from "./memory-checkpoints.js";
import { MemberTextCache, type MemberTexts } from "./member-text-cache.js";
import { BranchWindows, type WindowRef } from "./branch-windows.js";
import type { WindowSources } from "./memory-windows.js";

/** Events that change the view; every other event only advances the high-water mark. */
export const MEMORY_EVENT_TYPES = [
  "project.created",
  "research.recorded",
  "research.superseded",
  "research.quarantined",
  "research.released",
] as const;

// Objects read per page when building from scratch: bounded memory at 100k objects.
const BUILD_PAGE = 2_000;

async function refreshTouched(
  tx: SqlRunner,
  version: number,
  branchIds: string[],
  changes: BranchChanges,
  highWaterMark: bigint,
  sources: WindowSources,
): Promise<void> {
  if (branchIds.length === 0) return;
  const projects = await updateCheckpoints(tx, version, branchIds, changes, highWaterMark, sources);
  await refreshHeads(tx, version, projects, highWaterMark);
}

/** What a projector keeps from one refresh for the next: member texts and branch windows. */
export interface MemoryRefreshCaches {
  texts: MemberTexts;
  windows: BranchWindows;
}

const coldCaches = (): MemoryRefreshCaches => ({ texts: new MemberTextCache(), windows: new BranchWindows() });

/**
 * Applies `events` (contiguous, ascending) to `version`; the caller advances the mark in the same transaction.
 * Counts follow the stream: a recorded member counts as current (it was recorded current) and its
 * supersession event takes it out, so the counts at a mark are those of a build at that mark, and
 * the work is proportional to the batch. The summary window reads the members' current state.
 */
export async function applyMemoryEvents(
  tx: SqlRunner,
  version: number,
  events: ChangeEventRow[],
  caches: MemoryRefreshCaches = coldCaches(),
): Promise<void> {
  const last = events.at(-1);
  if (!last) return;
  caches.windows.begin(version, events[0]!.sequence - 1n);
  // One entry per event (a record may be quarantined, released and quarantined again in one batch).
  const eachOf = (type: string, counted: (payload: Record<string, unknown>) => boolean = () => true) =>
    events
      .filter((event) => event.eventType === type && counted(event.payload as Record<string, unknown>))
      .map((event) => event.resourceId);
  const ofType = (type: string, counted?: (payload: Record<string, unknown>) => boolean) => [
    ...new Set(eachOf(type, counted)),
  ];
  const projects = ofType("project.created");
  const recorded = ofType("research.recorded");
  // A record quarantined at write was never counted current.
  const recordedQuarantined = new Set(ofType("research.recorded", (payload) => payload.state === "QUARANTINED"));
  // Leaving CURRENT (superseded or quarantined) takes a member out of the current count; a release to CURRENT puts it back.
  const leftCurrent = [
    ...eachOf("research.superseded", (payload) => payload.fromState !== "QUARANTINED"),
    ...eachOf("research.quarantined", (payload) => payload.fromState === "CURRENT"),
  ];
  const backToCurrent = eachOf("research.released", (payload) => payload.toState === "CURRENT");
  // Quarantine and release change what the summaries may quote, whatever the counts do.
  const restated = [...ofType("research.quarantined"), ...ofType("research.released")];
  const touched = new Set<string>(await ensureRootBranches(tx, version, projects));
  const changes = new BranchChanges();
  // New current members by branch: the kept windows of branches that only gained members take them in.
  const fresh = new Map<string, WindowRef[]>();
  if (recorded.length > 0) {
    const objects = await loadMemoryObjects(tx, recorded, undefined, true);
    for (const { id, title, body, contentHash } of objects)
      if (title !== null && body !== null) caches.texts.remember(contentHash, { id, title, body });
    // Every object derives its project's root branch, so addObjects also writes the roots.
    const { branchIds, added } = await addObjects(tx, version, objects);
    for (const id of branchIds) touched.add(id);
    for (const member of added) {
      const current = !recordedQuarantined.has(member.researchObjectId);
      changes.added(member, current);
      if (current) {
        const ref = { id: member.researchObjectId, at: member.memberCreatedAt, contentHash: member.contentHash };
        const list = fresh.get(member.branchId);
        if (list) list.push(ref);
        else fresh.set(member.branchId, [ref]);
      }
    }
  }
  const changed = [...new Set([...leftCurrent, ...backToCurrent, ...restated])];
  if (changed.length > 0) {
    const objects = await loadMemoryObjects(tx, changed);
    for (const member of await membershipsOfObjects(tx, version, objects)) {
      touched.add(member.branchId);
      caches.windows.forget(version, [member.branchId]);
      for (const id of leftCurrent) if (id === member.researchObjectId) changes.superseded(member);
      for (const id of backToCurrent) if (id === member.researchObjectId) changes.restored(member);
    }
  }
  await refreshTouched(tx, version, [...touched], changes, last.sequence, {
    texts: caches.texts,
    windows: caches.windows,
    fresh,
  });
  caches.windows.end(version, last.sequence);
}

/** Builds `version` from the canonical records as they stand in the transaction's snapshot. */
export async function buildMemoryVersion(
  tx: SqlRunner,
  version: number,
  highWaterMark: bigint,
  progress: BuildProgress = () => undefined,
): Promise<void> {
  const projects = (await tx.query<{ id: string }>(sql`SELECT p.id::text AS id FROM projects p ORDER BY p.id`)).map(
    (row) => row.id,
  );
  await ensureRootBranches(tx, version, projects);
  const [{ total }] = (await tx.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM research_objects`)) as [
    { total: number },
  ];
  // Counts and newest members accumulate in memory (a few numbers per branch), so the build reads each
  // object once and never groups over the memberships it wrote.
  const changes = new BranchChanges();
  let done = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await loadMemoryObjects(tx, null, { take: BUILD_PAGE, afterId });
    if (page.length === 0) break;
    const { added } = await addObjects(tx, version, page);
    for (const member of added) changes.added(member, member.state === "CURRENT");
    done += page.length;
    afterId = page.at(-1)!.id;
    progress("memberships", done, total);
  }
  const branches = (
    await tx.query<{ id: string }>(
      sql`SELECT b.id::text AS id FROM memory_branches b WHERE b.version = ${version} ORDER BY b.id`,
    )
  ).map((row) => row.id);
  // Checkpoints in slices so progress is visible on large stores.
  const slice = 500;
  for (let start = 0; start < branches.length; start += slice) {
    await updateCheckpoints(tx, version, branches.slice(start, start + slice), changes, highWaterMark);
    progress("checkpoints", Math.min(start + slice, branches.length), branches.length);
  }
  await refreshHeads(tx, version, projects, highWaterMark);
  progress("heads", projects.length, projects.length);
}
