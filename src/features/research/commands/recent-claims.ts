// Idempotency keys this process has seen claimed, and its writes still running, so that a retry of a write
// costs one read of the store instead of the write's whole preparation. A client that times out sends the same
// request again, sometimes while the first is still being written: without this, the retry analysed its text,
// took a place in the group commit, found its key taken there, and only then read the stored answer.
//
// Only a hint: a key found here goes to the store's answer first (replay-lookup.ts), and a key the store does
// not hold falls through to an ordinary write. A key stays claimed once claimed (idempotency records are never
// deleted), so a kept entry cannot become wrong; a forgotten one (evicted, another process's write, a restart)
// costs the retry what it cost before.
import { LruCache } from "../../../platform/lib/lru-cache.js";
import type { KeyScope } from "../domain/replay-lookup.js";

/**
 * Keys kept: about a minute of writes at the rates bench:writes reaches (a client retries within its timeout),
 * in a few megabytes (a key and its scope are some hundred characters).
 */
export const RECENT_CLAIMS_KEPT = 20_000;

const keyOf = (scope: KeyScope): string =>
  `${scope.operatorId}\u0000${scope.operation}\u0000${scope.scope}\u0000${scope.key}`;

export class RecentClaims {
  private readonly claimed: LruCache<string, true>;
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(capacity = RECENT_CLAIMS_KEPT) {
    this.claimed = new LruCache(capacity);
  }

  /**
   * Answers a request under `scope`'s key. A key known claimed, or whose write is running in this process (that
   * write is waited for first, whatever its end), is answered by `replay` from the store; `write` runs when the
   * key is unknown here, or when `replay` finds it free after all. The check and the registration of the write
   * happen in one synchronous step, so of retries sent together only the first writes.
   */
  async answer<T>(scope: KeyScope, replay: () => Promise<T | null>, write: () => Promise<T>): Promise<T> {
    const key = keyOf(scope);
    const running = this.running.get(key);
    if (running || this.claimed.get(key)) {
      if (running) await running.catch(() => undefined);
      if (this.claimed.get(key)) {
        const answer = await replay();
        if (answer !== null) return answer;
      }
    }
    return this.track(key, write);
  }

  /** The store holds a claim of this key (a write stored it, or a read found it). */
  remember(scope: KeyScope): void {
    this.claimed.set(keyOf(scope), true);
  }

  /** Runs the key's write, visible to retries while it runs; a write that answers leaves its key claimed. */
  private async track<T>(key: string, write: () => Promise<T>): Promise<T> {
    const running = write();
    this.running.set(key, running);
    try {
      const answer = await running;
      this.claimed.set(key, true);
      return answer;
    } finally {
      if (this.running.get(key) === running) this.running.delete(key);
    }
  }
}
