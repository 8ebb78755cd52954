// The projection worker: keeps the worker-maintained views it is given (the registry's "worker" projectors)
// caught up after commit. Woken by change notices, polls as a fallback, retries failed refreshes from the stream.
import type pg from "pg";
import type { EventNotifier } from "../events/notifier.js";
import type { Logger } from "../logger.js";
import type { WorkerProjector } from "./projector.js";
import { refreshOnce, type RefreshOptions, type RefreshResult } from "./refresh.js";

/** Writers that do not announce (direct imports, other tools) are still picked up within this time. */
export const WORKER_POLL_MS = 2_000;
/** After a failed refresh: long enough not to spin on a persistent error, short enough to recover fast. */
export const WORKER_RETRY_MS = 1_000;
/** Another worker holds the view: check again soon, it may stop before catching up. */
const BUSY_RETRY_MS = 50;
/**
 * Passes start at least this far apart, so a stream of writes is applied in batches: a worker view's
 * cost is per batch (memory recomputes each touched branch's summary and the heads once), and at a
 * hundred writes a second one pass per write cost the service more CPU than the writes themselves
 * (bench:writes). A notice after a quiet spell is applied at once. At 40 ms, once a pass took four round
 * trips fewer, the worker made more passes under bench:writes and the writes lost ~5 % (nine pairs); at
 * 60 ms they were level with the code before and the view's lag stayed lower (docs/evaluation.md).
 */
export const WORKER_MIN_INTERVAL_MS = 60;
/**
 * A pass also starts no sooner after the last one started than this many times that pass's duration, so
 * passes fill at most half of the time. Under a stream of writes a pass shares the event loop with the
 * requests (it yields every few milliseconds) and took longer than the minimum interval, so passes ran back to
 * back and each recomputed the same busy branches again: spacing them by their own duration halves that
 * work per write, and the view trails by about two passes instead of one (bench:writes prints both).
 */
export const WORKER_PASS_SPACING = 2;
/** However long a pass took, the next one starts within this (the view's lag stays bounded). */
export const WORKER_MAX_INTERVAL_MS = 1_000;

/** From the start of a pass that took `tookMs` to the start of the next. */
export function passInterval(tookMs: number): number {
  return Math.min(WORKER_MAX_INTERVAL_MS, Math.max(WORKER_MIN_INTERVAL_MS, tookMs * WORKER_PASS_SPACING));
}

export interface ProjectionWorker {
  /** Resolves when the current drain (if any) finishes. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface WorkerOptions extends RefreshOptions {
  /** The refreshes run on connections of this pool (raw SQL, see refresh.ts). */
  pool: pg.Pool;
  notifier: EventNotifier;
  logger: Logger;
  /** The views this worker keeps caught up, drained one after another on every wake. */
  projectors: readonly WorkerProjector[];
  onRefresh?: (result: RefreshResult, durationMs: number) => void;
  /** A refresh failed (it is replayed after WORKER_RETRY_MS). */
  onError?: (error: Error) => void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Applies batches until one finds the view caught up (a batch shorter than asked for, or none);
 * another worker holding the lock makes this wait.
 */
export async function drainView(
  pool: pg.Pool,
  projector: WorkerProjector,
  options: RefreshOptions & {
    onRefresh?: (result: RefreshResult, durationMs: number) => void;
    stopped?: () => boolean;
  } = {},
): Promise<number> {
  let applied = 0;
  for (;;) {
    if (options.stopped?.()) return applied;
    const started = performance.now();
    const result = await refreshOnce(pool, projector, options);
    options.onRefresh?.(result, performance.now() - started);
    if (result.status === "busy") await pause(BUSY_RETRY_MS);
    applied += result.applied;
    if (result.caughtUp) return applied;
  }
}

export function startProjectionWorker(options: WorkerOptions): ProjectionWorker {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  /** Every view of this worker has applied the stream up to here (as of its last drain). */
  let settled = 0n;
  let lastPassAt = Number.NEGATIVE_INFINITY;
  /** From the last pass's start to the next one's: WORKER_MIN_INTERVAL_MS, or longer after a long pass. */
  let interval = WORKER_MIN_INTERVAL_MS;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, ms);
  };

  const drain = async () => {
    do {
      const wait = lastPassAt + interval - performance.now();
      if (wait > 0) await pause(wait);
      lastPassAt = performance.now();
      again = false;
      let view: string | undefined;
      try {
        let reached: bigint | null = null;
        for (const projector of options.projectors) {
          view = projector.view;
          await drainView(options.pool, projector, {
            ...options,
            noticeChannel: options.notifier.statementChannel,
            stopped: () => stopped,
            onRefresh: (result, durationMs) => {
              if (result.caughtUp)
                reached = reached === null || result.highWaterMark < reached ? result.highWaterMark : reached;
              options.onRefresh?.(result, durationMs);
              // Tell subscribers (freshness) that the view moved; the notice still means "committed up to N".
              // The refresh sent it to other processes at its commit (noticeChannel); this one hears it now.
              if (result.status === "applied") options.notifier.committed(result.highWaterMark, "views");
            },
          });
        }
        if (reached !== null && reached > settled) settled = reached;
        interval = passInterval(performance.now() - lastPassAt);
        schedule(WORKER_POLL_MS);
      } catch (error) {
        // Nothing was committed for the failed batch: the next attempt replays it from the stream.
        options.logger.warn("projection refresh failed; it will be replayed", {
          view,
          error: (error as Error).message,
        });
        options.onError?.(error as Error);
        schedule(WORKER_RETRY_MS);
        return;
      }
    } while (again && !stopped);
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => {
      running = null;
    });
  }

  // A notice of events this worker has applied (its own, sent after a batch) needs no pass; 0n means
  // "re-read" (the listener reconnected) and always wakes it.
  const unsubscribe = options.notifier.subscribe((sequence) => {
    if (sequence === 0n || sequence > settled) wake();
  });
  wake();
  return {
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
