// Runs an async task so that at most one run is in flight, and any number of requests made during a
// run cause exactly one more run after it. Readers woken by a burst of notices use it to read once.

export interface CoalescedTask {
  /**
   * Settles with a run that starts after this call (the one starting now, or the single run queued behind
   * the one in flight): a caller that asks after its own commit sees that commit applied.
   */
  run(): Promise<void>;
  /** Resolves once no run is in flight or queued (failures included), so what the task reads can close. */
  idle(): Promise<void>;
}

export function coalescedTask(task: () => Promise<void>): CoalescedTask {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run: Promise<void> = task().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return {
    run() {
      // A queued run also answers the askers between the end of the run before it and its own start.
      if (queued) return queued;
      if (!running) return start();
      queued = running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return start();
        });
      return queued;
    },
    async idle() {
      while (running || queued) await (queued ?? running)!.catch(() => undefined);
    },
  };
}

/** `coalescedTask` for callers that only ask (a notice handler): failures go to `onError`. */
export function coalescedRun(task: () => Promise<void>, onError: (error: unknown) => void): () => void {
  const coalesced = coalescedTask(() => task().catch(onError));
  return () => void coalesced.run();
}
