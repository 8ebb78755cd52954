// The checkpoint windows a memory projector computed in its last refresh, kept for the next one. A
// refresh recomputes the checkpoint of every branch its batch touched from the branch's newest current
// members; reading those from the store costs an index walk and a row per candidate for each branch,
// every batch, however few members the batch added. When a batch only adds members to a branch, the
// new window is the newest CHECKPOINT_WINDOW of the kept window and the batch's new current members,
// so that read is left to branches whose members changed state, and to the first batch after a
// restart, a version switch, or a refresh that did not commit here.
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

export class BranchWindows {
  private readonly windows: LruCache<string, WindowRef[]>;
  private version: number | null = null;
  /** The mark the kept windows are exact at; null while a refresh is applying (or after one failed). */
  private through: bigint | null = null;

  constructor(capacity = WINDOWS_KEPT) {
    this.windows = new LruCache(capacity);
  }

  /**
   * A refresh of `version` from `mark` starts. The kept windows hold only if this cache saw the refresh
   * that ended at `mark` commit-ready: after another worker's batch, a rolled-back refresh (the store's
   * mark stayed behind) or a version switch, they are dropped.
   */
  begin(version: number, mark: bigint): void {
    if (version !== this.version || mark !== this.through) this.windows.clear();
    this.version = version;
    this.through = null;
  }

  /** The refresh applied events up to `mark` and is about to commit. */
  end(mark: bigint): void {
    this.through = mark;
  }

  /** Branches whose members changed state in this batch: their windows are read again. */
  forget(branchIds: Iterable<string>): void {
    for (const id of branchIds) this.windows.delete(id);
  }

  /** The branch's window after adding `fresh` (new current members), or null when it is not kept. */
  extended(branchId: string, fresh: readonly WindowRef[]): WindowRef[] | null {
    const kept = this.windows.get(branchId);
    if (!kept) return null;
    return fresh.length === 0 ? kept : [...kept, ...fresh].sort(newestFirst).slice(0, CHECKPOINT_WINDOW);
  }

  keep(branchId: string, window: WindowRef[]): void {
    this.windows.set(branchId, window);
  }
}
