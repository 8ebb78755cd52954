// The pushes behind the `projectionFreshness` and `serviceMonitor` subscriptions: the requested views'
// freshness whenever it changes, and the monitor on every change (throttled) and on an idle beat.
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { DERIVED_VIEWS, type ViewFreshness } from "../../../projections/freshness.js";
import { freshnessSignature, type FreshnessFeed } from "../../../projections/freshness-feed.js";
import { LAG_BUCKET_MS, type MonitorSnapshot, type ServiceMonitor } from "../../../projections/service-monitor.js";

/** Pushes at most this often during a burst; the last change always gets its push. */
const MIN_PUSH_INTERVAL_MS = 250;
/** Pushed this often with no change, one lag bucket, so the window's buckets roll forward. */
const IDLE_PUSH_MS = LAG_BUCKET_MS;

function checkViews(views: readonly string[] | null | undefined): readonly string[] | null {
  const unknown = (views ?? []).filter((view) => !DERIVED_VIEWS.some((entry) => entry.view === view));
  if (unknown.length > 0)
    throw new InvalidInputError(
      `Unknown views ${unknown.join(", ")}; known: ${DERIVED_VIEWS.map((entry) => entry.view).join(", ")}`,
      "views",
    );
  return views ?? null;
}

/** The views' freshness now (all views when none are named), then again whenever a lag, mark, version or status changes. */
export async function* watchViewFreshness(props: {
  feed: FreshnessFeed;
  views: readonly string[] | null | undefined;
  signal: AbortSignal | undefined;
}): AsyncGenerator<ViewFreshness[]> {
  const { feed, signal } = props;
  const views = checkViews(props.views);
  const pick = (all: ViewFreshness[]) => (views?.length ? all.filter((entry) => views.includes(entry.view)) : all);
  // `changed` is set by the feed between our reads, so a change during a yield is not lost.
  let changed = false;
  let wake: () => void = () => undefined;
  const stopWatching = feed.watch(() => {
    changed = true;
    wake();
  });
  const onAbort = () => wake();
  signal?.addEventListener("abort", onAbort);
  try {
    let last = "";
    while (!signal?.aborted) {
      changed = false;
      const current = pick(await feed.snapshot());
      if (freshnessSignature(current) !== last) {
        last = freshnessSignature(current);
        yield current;
      }
      if (!changed && !signal?.aborted) await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    stopWatching();
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined, wakeUp?: (wake: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
    wakeUp?.(done);
  });
}

/** The monitor now, then on every change (at most every MIN_PUSH_INTERVAL_MS) and every IDLE_PUSH_MS while nothing changes. */
export async function* watchServiceMonitor(props: {
  monitor: ServiceMonitor;
  signal: AbortSignal | undefined;
}): AsyncGenerator<MonitorSnapshot> {
  const { monitor, signal } = props;
  let changed = true;
  let wake: () => void = () => undefined;
  const stopWatching = monitor.watch(() => {
    changed = true;
    wake();
  });
  try {
    while (!signal?.aborted) {
      if (!changed) await pause(IDLE_PUSH_MS, signal, (done) => (wake = done));
      if (signal?.aborted) return;
      changed = false;
      wake = () => undefined;
      yield monitor.snapshot();
      await pause(MIN_PUSH_INTERVAL_MS, signal);
    }
  } finally {
    stopWatching();
  }
}
