// The service monitor samples lag from notices, worker batches and freshness reads (no reads of its own
// with the worker in process), counts events per minute from the head's moves, and follows rebuilds.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "../../../src/generated/prisma/client.js";
import type { EventNotifier } from "../../../src/events/notifier.js";
import { createLogger } from "../../../src/logger.js";
import { DERIVED_VIEWS, type ViewFreshness } from "../../../src/projections/freshness.js";
import type { FreshnessFeed } from "../../../src/projections/freshness-feed.js";
import { MEMORY_VIEW } from "../../../src/features/memory/domain/memory.constants.js";
import { EVENT_BUCKETS, LAG_BUCKETS, ServiceMonitor } from "../../../src/projections/service-monitor.js";

const INLINE = DERIVED_VIEWS.map((entry) => entry.view).filter((view) => view !== MEMORY_VIEW);

function monitorAt(clock: { now: number }): ServiceMonitor {
  // Nothing here reads: start() is not called, the tests feed what it would hear.
  const unused = {} as never;
  return new ServiceMonitor({
    prisma: unused as PrismaClient,
    notifier: unused as EventNotifier,
    freshness: unused as FreshnessFeed,
    logger: createLogger("silent"),
    workerInProcess: true,
    inlineViews: INLINE,
    now: () => clock.now,
  });
}

function read(head: bigint, marks: Record<string, bigint>): ViewFreshness[] {
  return DERIVED_VIEWS.map(({ view, lane }) => {
    const highWaterMark = marks[view] ?? head;
    const lagEvents = head - highWaterMark;
    return {
      view,
      lane,
      version: 1,
      highWaterMark,
      headSequence: head,
      lagEvents,
      status: lagEvents > 0n ? "LAGGING" : "FRESH",
      buildingVersion: null,
    };
  });
}

const viewOf = (monitor: ServiceMonitor, view: string) =>
  monitor.snapshot().views.find((entry) => entry.view === view)!;

describe("ServiceMonitor", () => {
  it("records a LAGGING spell of 40 ms as the peak of its 10 s bucket, for the worker's view only", () => {
    const clock = { now: 1_000_000 };
    const monitor = monitorAt(clock);
    monitor.observe(read(10n, {}));
    clock.now += 5;
    monitor.notice(15n);
    expect(viewOf(monitor, MEMORY_VIEW)).toMatchObject({ lagEvents: 5n, status: "LAGGING" });
    // Inline views advance in the write's transaction: the notice moves their marks too.
    expect(viewOf(monitor, INLINE[0]!)).toMatchObject({ lagEvents: 0n, status: "FRESH" });
    clock.now += 40;
    monitor.workerBatch(
      { view: MEMORY_VIEW, status: "applied", applied: 5, version: 1, highWaterMark: 15n, caughtUp: true },
      38.5,
    );
    clock.now += 60_000;
    const memory = viewOf(monitor, MEMORY_VIEW);
    expect(memory).toMatchObject({ lagEvents: 0n, status: "FRESH", peakLagEvents: 5 });
    expect(memory.peakAt).toBe(1_000_000);
    expect(memory.lagHistory.values).toHaveLength(LAG_BUCKETS);
    expect(memory.lagHistory.values.filter((value) => value === 5)).toHaveLength(1);
    expect(viewOf(monitor, INLINE[0]!).peakLagEvents).toBe(0);
  });

  it("counts events per minute from the head's moves, not from the first head it learns", () => {
    const clock = { now: 60_000 * 100 };
    const monitor = monitorAt(clock);
    monitor.observe(read(500n, {}));
    monitor.notice(503n);
    monitor.notice(502n); // late and older: already counted
    clock.now += 60_000;
    monitor.notice(510n);
    const series = monitor.snapshot().eventsPerMinute;
    expect(series.values).toHaveLength(EVENT_BUCKETS);
    expect(series.values.slice(-2)).toEqual([3, 7]);
    expect(series.values[0]).toBeNull();
  });

  it("reports worker batches, errors and backlog", () => {
    const clock = { now: 5_000_000 };
    const monitor = monitorAt(clock);
    monitor.observe(read(20n, { [MEMORY_VIEW]: 20n }));
    monitor.notice(28n);
    expect(monitor.snapshot().worker).toMatchObject({
      inProcess: true,
      batches: 0,
      backlogEvents: 8n,
      lastBatchAt: null,
    });
    clock.now += 100;
    monitor.workerBatch(
      { view: MEMORY_VIEW, status: "applied", applied: 6, version: 1, highWaterMark: 26n, caughtUp: true },
      12.5,
    );
    monitor.workerBatch(
      { view: MEMORY_VIEW, status: "idle", applied: 0, version: 1, highWaterMark: 26n, caughtUp: true },
      1,
    );
    monitor.workerError(new Error("deadlock detected"));
    expect(monitor.snapshot().worker).toMatchObject({
      batches: 1,
      eventsApplied: 6,
      lastBatchAt: 5_000_100,
      lastBatchMs: 12.5,
      lastBatchEvents: 6,
      errors: 1,
      lastError: "deadlock detected",
      lastErrorAt: 5_000_100,
      backlogEvents: 2n,
    });
  });

  it("learns the worker view's version from its first batch (the view is UNAVAILABLE until the worker creates it)", () => {
    const clock = { now: 3_000_000 };
    const monitor = monitorAt(clock);
    monitor.observe(
      read(33n, {}).map((entry) =>
        entry.view === MEMORY_VIEW
          ? { ...entry, version: null, highWaterMark: 0n, lagEvents: 33n, status: "UNAVAILABLE" as const }
          : entry,
      ),
    );
    expect(viewOf(monitor, MEMORY_VIEW)).toMatchObject({ status: "UNAVAILABLE", lagEvents: 33n });
    monitor.workerBatch(
      { view: MEMORY_VIEW, status: "applied", applied: 33, version: 1, highWaterMark: 33n, caughtUp: true },
      20,
    );
    expect(viewOf(monitor, MEMORY_VIEW)).toMatchObject({
      version: 1,
      status: "FRESH",
      lagEvents: 0n,
      peakLagEvents: 33,
    });
    expect(monitor.snapshot().worker.backlogEvents).toBe(0n);
  });

  it("trusts a freshness read over what it inferred, but never moves a mark back on an older read", () => {
    const clock = { now: 9_000_000 };
    const monitor = monitorAt(clock);
    monitor.observe(read(10n, {}));
    monitor.notice(12n);
    monitor.workerBatch(
      { view: MEMORY_VIEW, status: "applied", applied: 2, version: 1, highWaterMark: 12n, caughtUp: true },
      3,
    );
    // A read that began before the batch: head 12, memory mark 10. The later batch stands.
    monitor.observe(read(12n, { [MEMORY_VIEW]: 10n }));
    expect(viewOf(monitor, MEMORY_VIEW).lagEvents).toBe(0n);
    // A new serving version (a rebuild switched) takes the read's mark as it is.
    monitor.observe(
      read(12n, {}).map((entry) =>
        entry.view === MEMORY_VIEW
          ? { ...entry, version: 2, highWaterMark: 11n, lagEvents: 1n, status: "LAGGING" as const }
          : entry,
      ),
    );
    expect(viewOf(monitor, MEMORY_VIEW)).toMatchObject({ version: 2, lagEvents: 1n, status: "LAGGING" });
  });

  it("follows a rebuild's stages to its outcome, and lists one built elsewhere", () => {
    const clock = { now: 7_000_000 };
    const monitor = monitorAt(clock);
    const changes: number[] = [];
    monitor.watch(() => changes.push(clock.now));
    const rebuild = monitor.trackRebuild(MEMORY_VIEW);
    rebuild.progress("memberships", 40, 100);
    expect(monitor.snapshot().rebuilds).toEqual([
      expect.objectContaining({
        view: MEMORY_VIEW,
        stage: "memberships",
        done: 40,
        total: 100,
        outcome: "RUNNING",
        inProcess: true,
      }),
    ]);
    clock.now += 1_000;
    rebuild.finished({
      view: MEMORY_VIEW,
      servingVersion: 1,
      builtVersion: 2,
      highWaterMark: 9n,
      diff: [],
      failures: [],
      switched: true,
      dryRun: false,
      durationMs: 1_000,
    });
    expect(monitor.snapshot().rebuilds).toEqual([
      expect.objectContaining({ version: 2, outcome: "SWITCHED", finishedAt: 7_001_000 }),
    ]);
    expect(changes.length).toBeGreaterThanOrEqual(3);
    // An hour later it is gone; a BUILDING version in the store (the CLI in another process) shows.
    clock.now += 61 * 60_000;
    monitor.observe(
      read(5n, {}).map((entry) =>
        entry.view === INLINE[0] ? { ...entry, status: "REBUILDING" as const, buildingVersion: 7 } : entry,
      ),
    );
    expect(monitor.snapshot().rebuilds).toEqual([
      expect.objectContaining({ view: INLINE[0], version: 7, outcome: "RUNNING", inProcess: false }),
    ]);
  });
});

describe("rebuild progress from another process", () => {
  it("shows what a NOTIFY message says and ignores what is not one", () => {
    const clock = { now: 8_000_000 };
    const monitor = monitorAt(clock);
    monitor.remoteRebuild("not json");
    monitor.remoteRebuild(JSON.stringify({ view: MEMORY_VIEW, stage: "memberships" }));
    expect(monitor.snapshot().rebuilds).toEqual([]);
    const message = {
      view: MEMORY_VIEW,
      version: null,
      stage: "memberships",
      done: 10,
      total: 40,
      outcome: "RUNNING",
      startedAt: 7_999_000,
      finishedAt: null,
      detail: null,
    };
    monitor.remoteRebuild(JSON.stringify(message));
    expect(monitor.snapshot().rebuilds).toEqual([{ ...message, updatedAt: 8_000_000, inProcess: false }]);
    // It went silent for over a minute and no version is building any more: the process died.
    clock.now += 61_000;
    expect(monitor.snapshot().rebuilds).toEqual([]);
  });

  describe("with the worker in another process", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** A monitor whose freshness reads are counted (each answers an empty store). */
    function countingMonitor(): { monitor: ServiceMonitor; reads: () => number } {
      let reads = 0;
      const prisma = {
        $transaction: async () => {
          reads += 1;
          return [[], [], [{ head: "0" }]];
        },
        $queryRaw: () => null,
        projectionState: { findMany: () => null },
        projectionPointer: { findMany: () => null },
      };
      const monitor = new ServiceMonitor({
        prisma: prisma as unknown as PrismaClient,
        notifier: {} as never,
        freshness: {} as never,
        logger: createLogger("silent"),
        workerInProcess: false,
        noticeRereadMs: 250,
        inlineViews: INLINE,
      });
      return { monitor, reads: () => reads };
    }

    it("reads freshness at once after a quiet spell, then at most once per interval, after the last notice", async () => {
      vi.useFakeTimers();
      const { monitor, reads } = countingMonitor();
      monitor.notice(1n);
      await vi.advanceTimersByTimeAsync(0);
      expect(reads()).toBe(1);
      // A burst of notices inside the interval: one read at its end, none skipped.
      for (let sequence = 2n; sequence <= 200n; sequence += 1n) {
        monitor.notice(sequence);
        await vi.advanceTimersByTimeAsync(1);
      }
      expect(reads()).toBe(1);
      await vi.advanceTimersByTimeAsync(250);
      expect(reads()).toBe(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(reads()).toBe(2);
      monitor.notice(201n);
      await vi.advanceTimersByTimeAsync(0);
      expect(reads()).toBe(3);
      monitor.stop();
    });

    it("drops a pending read when stopped", async () => {
      vi.useFakeTimers();
      const { monitor, reads } = countingMonitor();
      monitor.notice(1n);
      monitor.notice(2n);
      await vi.advanceTimersByTimeAsync(0);
      monitor.stop();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(reads()).toBe(1);
    });
  });
});
