// What the dashboard charts, kept by each service instance (created in service.ts, never module state):
// per derived view its lag over the last hour (peak per 10 s bucket, so a LAGGING spell of 40 ms still
// shows), events committed per minute, the projection worker's health, and rebuild progress.
//
// It samples without reads of its own wherever it can: a change notice moves the head (and the inline
// views with it: their marks advance in the write's transaction), a worker batch moves the worker view's
// mark, and every freshness read the FreshnessFeed makes anyway resets all of it to what is stored. Only
// with the worker in another process (RUN_WORKER=false), whose batches this process cannot see, does a
// notice cause a freshness read, at most one per NOTICE_REREAD_MS.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { EventNotifier } from "../events/notifier.js";
import type { Logger } from "../logger.js";
import { coalescedRun } from "../platform/lib/coalesced-run.js";
import { CountBuckets, PeakBuckets, type BucketSeries } from "../platform/lib/time-buckets.js";
import { DERIVED_VIEWS, readFreshness, type FreshnessStatus, type ViewFreshness } from "./freshness.js";
import type { FreshnessFeed } from "./freshness-feed.js";
import type { RefreshResult } from "./refresh.js";
import type { BuildProgress } from "./projector.js";
import type { RebuildReport } from "./rebuild.js";
import { parseRebuildProgress } from "./rebuild-progress.js";

/** Lag history: 360 buckets of 10 s, the last hour. */
export const LAG_BUCKET_MS = 10_000;
export const LAG_BUCKETS = 360;
/** Events per minute over the last hour. */
export const EVENT_BUCKET_MS = 60_000;
export const EVENT_BUCKETS = 60;
/**
 * With the worker in another process, the shortest time between two freshness reads caused by notices. Under
 * a write load notices come hundreds of times a second, and reading after each (a transaction of three
 * queries, coalesced) ran about 30 reads a second on the service thread; a notice inside the interval gets
 * one read at its end, so the monitor is at most this late.
 */
export const NOTICE_REREAD_MS = 250;
/** Finished rebuilds stay listed this long. */
const FINISHED_REBUILD_KEPT_MS = 60 * 60_000;
/** A rebuild another process reported, silent this long while the store shows no version building: it died. */
const SILENT_REMOTE_REBUILD_MS = 60_000;

export interface ViewMonitor {
  view: string;
  lane: string;
  /** Maintained by write transactions (true) or by the projection worker (false). */
  inline: boolean;
  version: number | null;
  buildingVersion: number | null;
  highWaterMark: bigint;
  status: FreshnessStatus;
  lagEvents: bigint;
  /** The highest lag in the last hour and the start of the 10 s bucket it was seen in. */
  peakLagEvents: number;
  peakAt: number | null;
  lagHistory: BucketSeries;
}

export interface WorkerHealth {
  /** False when the worker runs in another process (RUN_WORKER=false): its batches are not seen here. */
  inProcess: boolean;
  batches: number;
  eventsApplied: number;
  lastBatchAt: number | null;
  lastBatchMs: number | null;
  lastBatchEvents: number | null;
  errors: number;
  lastError: string | null;
  lastErrorAt: number | null;
  /** Events committed but not yet in the worker's view (head minus its mark). */
  backlogEvents: bigint;
}

export type RebuildOutcome = "RUNNING" | "SWITCHED" | "KEPT" | "FAILED";

export interface RebuildProgressState {
  view: string;
  /** The version being built, when known. */
  version: number | null;
  stage: string;
  done: number;
  total: number;
  startedAt: number | null;
  updatedAt: number;
  finishedAt: number | null;
  outcome: RebuildOutcome;
  /**
   * False for a rebuild another process runs: with counts when it reports them (the CLI on a server
   * database), else seen only as a BUILDING state row (stage "building in another process", no counts).
   */
  inProcess: boolean;
  detail: string | null;
}

export interface MonitorSnapshot {
  at: number;
  headSequence: bigint;
  views: ViewMonitor[];
  eventsPerMinute: BucketSeries;
  worker: WorkerHealth;
  rebuilds: RebuildProgressState[];
}

/** What the monitor keeps per view: the snapshot's fields that are not derived from the lag buckets. */
interface ViewState extends Pick<
  ViewMonitor,
  "view" | "lane" | "inline" | "version" | "buildingVersion" | "highWaterMark" | "status"
> {
  lag: PeakBuckets;
}

export interface ServiceMonitorOptions {
  prisma: PrismaClient;
  notifier: EventNotifier;
  freshness: FreshnessFeed;
  logger: Logger;
  /** Whether this process runs the projection worker (RUN_WORKER). */
  workerInProcess: boolean;
  /** The shortest time between two notice-caused freshness reads (NOTICE_REREAD_MS unless set). */
  noticeRereadMs?: number;
  /** Views written by write transactions; the rest are the worker's. */
  inlineViews: readonly string[];
  now?: () => number;
}

const lagOf = (head: bigint, state: ViewState) =>
  state.version === null ? head : head > state.highWaterMark ? head - state.highWaterMark : 0n;
const asNumber = (value: bigint) => (value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value));

export class ServiceMonitor {
  private readonly now: () => number;
  private head = 0n;
  private headKnown = false;
  private readonly views = new Map<string, ViewState>();
  private readonly events = new CountBuckets(EVENT_BUCKET_MS, EVENT_BUCKETS);
  private readonly worker: Omit<WorkerHealth, "backlogEvents">;
  private readonly rebuilds = new Map<string, RebuildProgressState>();
  private readonly listeners = new Set<() => void>();
  private readonly stops: (() => void)[] = [];
  private rereadTimer: NodeJS.Timeout | null = null;
  private lastRereadAt = Number.NEGATIVE_INFINITY;
  private readonly reread = coalescedRun(
    async () => this.observe(await readFreshness(this.options.prisma)),
    (error) => this.options.logger.warn("service monitor freshness read failed", { error: (error as Error).message }),
  );

  constructor(private readonly options: ServiceMonitorOptions) {
    this.now = options.now ?? Date.now;
    this.worker = {
      inProcess: options.workerInProcess,
      batches: 0,
      eventsApplied: 0,
      lastBatchAt: null,
      lastBatchMs: null,
      lastBatchEvents: null,
      errors: 0,
      lastError: null,
      lastErrorAt: null,
    };
    for (const { view, lane } of DERIVED_VIEWS) {
      this.views.set(view, {
        view,
        lane,
        inline: options.inlineViews.includes(view),
        version: null,
        buildingVersion: null,
        highWaterMark: 0n,
        status: "UNAVAILABLE",
        lag: new PeakBuckets(LAG_BUCKET_MS, LAG_BUCKETS),
      });
    }
  }

  /** Reads freshness once, then follows notices and the freshness feed's reads until stop(). */
  async start(): Promise<void> {
    this.stops.push(this.options.freshness.onRead((views) => this.observe(views)));
    this.stops.push(this.options.notifier.subscribe((sequence) => this.notice(sequence)));
    this.stops.push(this.options.notifier.subscribeRebuildProgress((payload) => this.remoteRebuild(payload)));
    this.observe(await readFreshness(this.options.prisma));
    this.events.begin(this.now());
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    if (this.rereadTimer) clearTimeout(this.rereadTimer);
    this.rereadTimer = null;
    this.listeners.clear();
  }

  /** Calls `listener` after every change to what snapshot() returns; returns the remover. */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A freshness read: the stored truth for every view (a read may be older than the last notice). */
  observe(views: readonly ViewFreshness[]): void {
    const at = this.now();
    for (const entry of views) {
      const state = this.views.get(entry.view);
      if (!state) continue;
      const sameVersion = state.version === entry.version;
      state.highWaterMark =
        sameVersion && state.highWaterMark > entry.highWaterMark ? state.highWaterMark : entry.highWaterMark;
      state.version = entry.version;
      state.buildingVersion = entry.buildingVersion;
      state.status = entry.status;
    }
    const readHead = views[0]?.headSequence;
    if (readHead !== undefined) this.moveHead(readHead, at);
    this.sampleAll(at);
  }

  /** "Events up to `sequence` are committed": the head moves, and the inline views' marks with it. */
  notice(sequence: bigint): void {
    if (sequence <= this.head) return;
    const at = this.now();
    this.moveHead(sequence, at);
    for (const state of this.views.values()) {
      if (state.inline && state.version !== null && state.highWaterMark < sequence) state.highWaterMark = sequence;
    }
    this.sampleAll(at);
    if (!this.options.workerInProcess) this.rereadSoon();
  }

  /**
   * A freshness read now if none ran within NOTICE_REREAD_MS, else one at the end of that interval. The interval is
   * timed on the monotonic clock its timer runs on, not on the reported `now` (a wall clock, or a test's).
   */
  private rereadSoon(): void {
    if (this.rereadTimer) return;
    const interval = this.options.noticeRereadMs ?? NOTICE_REREAD_MS;
    const read = () => {
      this.rereadTimer = null;
      this.lastRereadAt = performance.now();
      this.reread();
    };
    const wait = this.lastRereadAt + interval - performance.now();
    if (wait <= 0) read();
    else this.rereadTimer = setTimeout(read, wait).unref();
  }

  /** One projection-worker batch (status "applied"), with how long its transaction took. */
  workerBatch(result: RefreshResult, durationMs: number): void {
    if (result.status !== "applied") return;
    const at = this.now();
    this.worker.batches += 1;
    this.worker.eventsApplied += result.applied;
    this.worker.lastBatchAt = at;
    this.worker.lastBatchMs = durationMs;
    this.worker.lastBatchEvents = result.applied;
    const state = this.views.get(result.view);
    if (state && !state.inline) {
      if (state.version !== result.version) {
        // The worker writes the serving version: its first batch may create it (UNAVAILABLE until then),
        // and a batch after a switch names the new one.
        state.version = result.version;
        state.highWaterMark = result.highWaterMark;
        if (state.status === "UNAVAILABLE") state.status = "FRESH";
      } else if (state.highWaterMark < result.highWaterMark) {
        state.highWaterMark = result.highWaterMark;
      }
    }
    this.moveHead(result.highWaterMark, at);
    this.sampleAll(at);
  }

  workerError(error: Error): void {
    this.worker.errors += 1;
    this.worker.lastError = error.message;
    this.worker.lastErrorAt = this.now();
    this.changed();
  }

  /** Follows one rebuild run in this process: pass `progress` to rebuildView, then call `finished`. */
  trackRebuild(view: string): { progress: BuildProgress; finished(report: RebuildReport | null, error?: Error): void } {
    const started = this.now();
    const state: RebuildProgressState = {
      view,
      version: null,
      stage: "starting",
      done: 0,
      total: 0,
      startedAt: started,
      updatedAt: started,
      finishedAt: null,
      outcome: "RUNNING",
      inProcess: true,
      detail: null,
    };
    this.rebuilds.set(view, state);
    this.changed();
    return {
      progress: (stage, done, total) => {
        Object.assign(state, { stage, done, total, updatedAt: this.now() });
        this.changed();
      },
      finished: (report, error) => {
        const at = this.now();
        state.finishedAt = at;
        state.updatedAt = at;
        if (report) {
          state.version = report.builtVersion;
          state.outcome = report.switched ? "SWITCHED" : report.failures.length > 0 ? "FAILED" : "KEPT";
          state.detail = report.failures.join("; ") || null;
        } else {
          state.outcome = "FAILED";
          state.detail = error?.message ?? null;
        }
        this.changed();
      },
    };
  }

  /** A progress message from a rebuild in another process (REBUILD_PROGRESS_CHANNEL); others are ignored. */
  remoteRebuild(payload: string): void {
    const message = parseRebuildProgress(payload);
    if (!message) return;
    const local = this.rebuilds.get(message.view);
    if (local?.inProcess && local.outcome === "RUNNING") return;
    this.rebuilds.set(message.view, { ...message, updatedAt: this.now(), inProcess: false });
    this.changed();
  }

  snapshot(): MonitorSnapshot {
    const at = this.now();
    const views: ViewMonitor[] = [...this.views.values()].map((state) => {
      const peak = state.lag.peak(at);
      return {
        view: state.view,
        lane: state.lane,
        inline: state.inline,
        version: state.version,
        buildingVersion: state.buildingVersion,
        highWaterMark: state.highWaterMark,
        status: state.status,
        lagEvents: lagOf(this.head, state),
        peakLagEvents: peak?.value ?? 0,
        peakAt: peak && peak.value > 0 ? peak.at : null,
        lagHistory: state.lag.series(at),
      };
    });
    const workerView = [...this.views.values()].find((state) => !state.inline);
    const rebuilds: RebuildProgressState[] = [];
    for (const [view, rebuild] of this.rebuilds) {
      const died =
        !rebuild.inProcess &&
        rebuild.outcome === "RUNNING" &&
        at - rebuild.updatedAt > SILENT_REMOTE_REBUILD_MS &&
        this.views.get(view)?.buildingVersion === null;
      if (died || (rebuild.finishedAt !== null && at - rebuild.finishedAt > FINISHED_REBUILD_KEPT_MS))
        this.rebuilds.delete(view);
      else rebuilds.push({ ...rebuild });
    }
    // A version BUILDING in the store that no rebuild here is running: another process (the CLI) builds it.
    for (const state of this.views.values()) {
      if (state.buildingVersion === null || this.rebuilds.get(state.view)?.outcome === "RUNNING") continue;
      rebuilds.push({
        view: state.view,
        version: state.buildingVersion,
        stage: "building in another process",
        done: 0,
        total: 0,
        startedAt: null,
        updatedAt: at,
        finishedAt: null,
        outcome: "RUNNING",
        inProcess: false,
        detail: null,
      });
    }
    return {
      at,
      headSequence: this.head,
      views,
      eventsPerMinute: this.events.series(at),
      worker: { ...this.worker, backlogEvents: workerView ? lagOf(this.head, workerView) : 0n },
      rebuilds,
    };
  }

  private moveHead(sequence: bigint, at: number): void {
    if (!this.headKnown) {
      // The first head read is where counting starts; events before it are not this hour's news.
      this.headKnown = true;
      this.head = sequence;
      return;
    }
    if (sequence <= this.head) return;
    // Sequences are consecutive, so the head's move is the number of events committed.
    this.events.add(at, asNumber(sequence - this.head));
    this.head = sequence;
  }

  private sampleAll(at: number): void {
    for (const state of this.views.values()) {
      const lag = lagOf(this.head, state);
      if (state.status === "FRESH" || state.status === "LAGGING") state.status = lag > 0n ? "LAGGING" : "FRESH";
      state.lag.record(at, asNumber(lag));
    }
    this.changed();
  }

  private changed(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        this.options.logger.warn("service monitor listener failed", { error: (error as Error).message });
      }
    }
  }
}
