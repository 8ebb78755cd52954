// The checkpoint windows a memory projector computed in its last refresh, kept for the next one. A
// refresh recomputes the checkpoint of every branch its batch touched from the branch's newest current
// members; reading those from the store costs an index walk and a row per candidate for each branch,
// every batch, however few members the batch added. When a batch only adds members to a branch, the
// new window is the newest CHECKPOINT_WINDOW of the kept window and the batch's new current members,
// so that read is left to branches whose members changed state, and to the first batch after a
// restart, another worker's batch, or a refresh that did not commit here.
import { LruCache } from "../../../platform/lib/lru-cache.js";
import { CHECKPOINT_WINDOW, WINDOWS_KEPT } from "../domain/memory.constants.js";

/** A window member by reference: its membership time orders the window, its content hash keys its text. */
export interface WindowRef {
  id: string;
  at: Date;
  contentHash: string;
}

/** Newest first by (member time, id), as the window query and the member pages order them (uuid text sorts as uuid). */
export function newestFirst(left: WindowRef, right: WindowRef): number {
  return right.at.getTime() - left.at.getTime() || (left.id < right.id ? 1 : left.id > right.id ? -1 : 0);
}

interface VersionWindows {
  windows: LruCache<string, WindowRef[]>;
  /** The mark the kept windows are exact at; null while a refresh is applying (or after one failed). */
  through: bigint | null;
}

/**
 * Kept per view version: a rebuild's catch-up of a new version may interleave with the worker's refresh
 * of the serving one in the same process, and each must see only its own version's windows. Only the
 * few most recent versions are kept.
 */
const VERSIONS_KEPT = 2;

export class BranchWindows {
  private readonly versions = new Map<number, VersionWindows>();

  constructor(private readonly capacity = WINDOWS_KEPT) {}

  /**
   * A refresh of `version` from `mark` starts. The kept windows hold only if this cache saw the refresh
   * that ended at `mark` commit-ready: after another worker's batch, or a rolled-back refresh (the
   * store's mark stayed behind), they are dropped.
   */
  begin(version: number, mark: bigint): void {
    let state = this.versions.get(version);
    if (state && state.through !== mark) state.windows.clear();
    if (!state) state = { windows: new LruCache(this.capacity), through: null };
    this.versions.delete(version);
    this.versions.set(version, state);
    state.through = null;
    for (const old of this.versions.keys()) if (this.versions.size > VERSIONS_KEPT) this.versions.delete(old);
  }

  /** The refresh of `version` applied events up to `mark` and is about to commit. */
  end(version: number, mark: bigint): void {
    const state = this.versions.get(version);
    if (state) state.through = mark;
  }

  /** Branches whose members changed state in this batch: their windows are read again. */
  forget(version: number, branchIds: Iterable<string>): void {
    const state = this.versions.get(version);
    if (state) for (const id of branchIds) state.windows.delete(id);
  }

  /** The branch's window after adding `fresh` (new current members), or null when it is not kept. */
  extended(version: number, branchId: string, fresh: readonly WindowRef[]): WindowRef[] | null {
    const kept = this.versions.get(version)?.windows.get(branchId);
    if (!kept) return null;
    return fresh.length === 0 ? kept : [...kept, ...fresh].sort(newestFirst).slice(0, CHECKPOINT_WINDOW);
  }

  keep(version: number, branchId: string, window: WindowRef[]): void {
    this.versions.get(version)?.windows.set(branchId, window);
  }
}
