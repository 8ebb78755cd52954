// How far the worker-maintained views trail the writes, read from the change notices the service's
// process hears: a commit notice carries the last sequence a write committed, a `views` notice the mark
// a refresh reached. A commit's lag is the time from its notice to the first view notice at or past it.
import type { EventNotifier } from "../../src/events/notifier.js";

export interface ViewLagFollower {
  /** Stops listening; the lags (ms) of the commits a view notice covered, in commit order. */
  stop(): number[];
}

export function followViewLag(notifier: EventNotifier): ViewLagFollower {
  const pending: { sequence: bigint; at: number }[] = [];
  const lags: number[] = [];
  let heard = 0n;
  const unsubscribe = notifier.subscribe((sequence, topic) => {
    const now = performance.now();
    if (topic === "views") {
      while (pending.length > 0 && pending[0]!.sequence <= sequence) lags.push(now - pending.shift()!.at);
      return;
    }
    // The same commit may be heard twice (in process and over LISTEN); the first is its time.
    if (sequence <= heard) return;
    heard = sequence;
    pending.push({ sequence, at: now });
  });
  return {
    stop() {
      unsubscribe();
      return lags;
    },
  };
}
