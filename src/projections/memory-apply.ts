// The `memory-branches` projector: applies a contiguous run of change events to one version, and
// builds a version from scratch out of the canonical records. Both paths share every write.
import type { TransactionClient } from "../db/transaction.js";
import type { ChangeEventRow } from "../events/event-stream.js";
import { addObjects, branchesOfObjects, ensureRootBranches, loadMemoryObjects, settleCreationTimes } from "./memory-store.js";
import { refreshCheckpoints, refreshHeads } from "./memory-checkpoints.js";

/** Events that change the view; every other event only advances the high-water mark. */
export const MEMORY_EVENT_TYPES = ["project.created", "research.recorded", "research.superseded"] as const;

// Objects read per page when building from scratch: bounded memory at 100k objects.
const BUILD_PAGE = 2_000;

async function refreshTouched(tx: TransactionClient, version: number, branchIds: string[], highWaterMark: bigint): Promise<void> {
  if (branchIds.length === 0) return;
  await settleCreationTimes(tx, version, branchIds);
  await refreshCheckpoints(tx, version, branchIds, highWaterMark);
  const projects = await tx.memoryBranch.findMany({ where: { version, id: { in: branchIds } }, select: { projectId: true }, distinct: ["projectId"] });
  await refreshHeads(tx, version, projects.map((row) => row.projectId), highWaterMark);
}

/** Applies `events` (contiguous, ascending) to `version`; the caller advances the mark in the same transaction. */
export async function applyMemoryEvents(tx: TransactionClient, version: number, events: ChangeEventRow[]): Promise<void> {
  const last = events.at(-1);
  if (!last) return;
  const projects = events.filter((event) => event.eventType === "project.created").map((event) => event.resourceId);
  const recorded = events.filter((event) => event.eventType === "research.recorded").map((event) => event.resourceId);
  const superseded = events.filter((event) => event.eventType === "research.superseded").map((event) => event.resourceId);
  const touched = new Set<string>(await ensureRootBranches(tx, version, projects));
  if (recorded.length > 0) {
    const objects = await loadMemoryObjects(tx, { id: { in: recorded } });
    await ensureRootBranches(tx, version, [...new Set(objects.map((object) => object.projectId))]);
    for (const id of await addObjects(tx, version, objects)) touched.add(id);
  }
  for (const id of await branchesOfObjects(tx, version, superseded)) touched.add(id);
  await refreshTouched(tx, version, [...touched], last.sequence);
}

export interface BuildProgress {
  (stage: string, done: number, total: number): void;
}

/** Builds `version` from the canonical records as they stand in the transaction's snapshot. */
export async function buildMemoryVersion(tx: TransactionClient, version: number, highWaterMark: bigint, progress: BuildProgress = () => undefined): Promise<void> {
  const projects = await tx.project.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  await ensureRootBranches(tx, version, projects.map((project) => project.id));
  const total = await tx.researchObject.count();
  let done = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await loadMemoryObjects(tx, {}, { take: BUILD_PAGE, afterId });
    if (page.length === 0) break;
    await addObjects(tx, version, page);
    done += page.length;
    afterId = page.at(-1)!.id;
    progress("memberships", done, total);
  }
  await settleCreationTimes(tx, version, "all");
  const branches = (await tx.memoryBranch.findMany({ where: { version }, select: { id: true }, orderBy: { id: "asc" } })).map((row) => row.id);
  // Checkpoints in slices so progress is visible on large stores.
  const slice = 500;
  for (let start = 0; start < branches.length; start += slice) {
    await refreshCheckpoints(tx, version, branches.slice(start, start + slice), highWaterMark);
    progress("checkpoints", Math.min(start + slice, branches.length), branches.length);
  }
  await refreshHeads(tx, version, projects.map((project) => project.id), highWaterMark);
  progress("heads", projects.length, projects.length);
}
