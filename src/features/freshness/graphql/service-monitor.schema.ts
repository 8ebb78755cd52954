// `serviceMonitor` (query and subscription): what the dashboard charts, from this service instance's
// monitor: per view lag over the last hour with its peak, events per minute, projection worker health
// and rebuild progress. The subscription pushes on every change (at most every 250 ms) and every 10 s
// so the hour window moves on while nothing happens.
import { builder } from "../../../graphql/builder.js";
import type { BucketSeries } from "../../../platform/lib/time-buckets.js";
import {
  type MonitorSnapshot,
  type RebuildProgressState,
  type ViewMonitor,
  type WorkerHealth,
} from "../../../projections/service-monitor.js";
import { watchServiceMonitor } from "../queries/watch-freshness.query.js";
import { FreshnessStatusEnum } from "./freshness.schema.js";

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

const BucketSeriesType = builder.objectRef<BucketSeries>("BucketSeries").implement({
  description: "Equal time buckets, oldest first, ending with the bucket that holds now.",
  fields: (t) => ({
    firstBucketAt: t.field({
      type: "DateTime",
      description: "Start of the first bucket.",
      resolve: (series) => new Date(series.firstBucketAt),
    }),
    bucketSeconds: t.int({ resolve: (series) => Math.round(series.bucketMs / 1000) }),
    values: t.field({
      type: ["Int"],
      nullable: { list: false, items: true },
      description: "One value per bucket; null before the service started recording.",
      resolve: (series) => series.values,
    }),
  }),
});

const ViewLagType = builder.objectRef<ViewMonitor>("ViewLagHistory").implement({
  description: "One derived view's freshness now and its lag over the last hour.",
  fields: (t) => ({
    view: t.exposeString("view"),
    lane: t.exposeString("lane"),
    inline: t.exposeBoolean("inline", {
      description: "Maintained by write transactions (else by the projection worker).",
    }),
    version: t.exposeInt("version", { nullable: true }),
    buildingVersion: t.exposeInt("buildingVersion", { nullable: true }),
    status: t.field({ type: FreshnessStatusEnum, resolve: (view) => view.status }),
    highWaterMark: t.field({ type: "BigInt", resolve: (view) => view.highWaterMark }),
    lagEvents: t.field({ type: "BigInt", resolve: (view) => view.lagEvents }),
    peakLagEvents: t.exposeInt("peakLagEvents", {
      description: "The highest lag seen in the last hour (0 when always fresh).",
    }),
    peakAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "Start of the 10 s bucket of that peak.",
      resolve: (view) => date(view.peakAt),
    }),
    lagHistory: t.field({
      type: BucketSeriesType,
      description: "Highest lag per 10 s bucket over the last hour.",
      resolve: (view) => view.lagHistory,
    }),
  }),
});

const WorkerHealthType = builder.objectRef<WorkerHealth>("WorkerHealth").implement({
  description: "The projection worker of this process: its batches, their duration, errors and backlog.",
  fields: (t) => ({
    inProcess: t.exposeBoolean("inProcess", {
      description: "False with RUN_WORKER=false: the worker runs elsewhere and only its backlog is known here.",
    }),
    batches: t.exposeInt("batches", { description: "Batches applied since this process started." }),
    eventsApplied: t.exposeInt("eventsApplied"),
    lastBatchAt: t.field({ type: "DateTime", nullable: true, resolve: (worker) => date(worker.lastBatchAt) }),
    lastBatchMs: t.exposeFloat("lastBatchMs", {
      nullable: true,
      description: "Duration of the last batch's transaction.",
    }),
    lastBatchEvents: t.exposeInt("lastBatchEvents", { nullable: true }),
    errors: t.exposeInt("errors", { description: "Failed refreshes since this process started (each is replayed)." }),
    lastError: t.exposeString("lastError", { nullable: true }),
    lastErrorAt: t.field({ type: "DateTime", nullable: true, resolve: (worker) => date(worker.lastErrorAt) }),
    backlogEvents: t.field({
      type: "BigInt",
      description: "Events committed but not yet in the worker's view.",
      resolve: (worker) => worker.backlogEvents,
    }),
  }),
});

const RebuildOutcomeEnum = builder.enumType("RebuildOutcome", {
  values: {
    RUNNING: {},
    SWITCHED: { description: "Checks passed; the new version serves." },
    KEPT: { description: "Built but not switched (dry run)." },
    FAILED: {},
  } as const,
});

const RebuildProgressType = builder.objectRef<RebuildProgressState>("RebuildProgress").implement({
  description:
    "A derived view rebuild: running (with its stage and counts when this process runs it) or finished in the last hour.",
  fields: (t) => ({
    view: t.exposeString("view"),
    version: t.exposeInt("version", { nullable: true }),
    stage: t.exposeString("stage"),
    done: t.exposeInt("done"),
    total: t.exposeInt("total"),
    fraction: t.float({
      nullable: true,
      description: "done / total, when counts are known.",
      resolve: (rebuild) => (rebuild.total > 0 ? Math.min(1, rebuild.done / rebuild.total) : null),
    }),
    outcome: t.field({ type: RebuildOutcomeEnum, resolve: (rebuild) => rebuild.outcome }),
    inProcess: t.exposeBoolean("inProcess", {
      description: "False for a version seen BUILDING in the store, built by another process.",
    }),
    startedAt: t.field({ type: "DateTime", nullable: true, resolve: (rebuild) => date(rebuild.startedAt) }),
    updatedAt: t.field({ type: "DateTime", resolve: (rebuild) => new Date(rebuild.updatedAt) }),
    finishedAt: t.field({ type: "DateTime", nullable: true, resolve: (rebuild) => date(rebuild.finishedAt) }),
    detail: t.exposeString("detail", { nullable: true, description: "Why a rebuild failed." }),
  }),
});

const ServiceMonitorType = builder.objectRef<MonitorSnapshot>("ServiceMonitor").implement({
  description: "What this service instance has seen of its derived views, change stream, worker and rebuilds.",
  fields: (t) => ({
    sampledAt: t.field({ type: "DateTime", resolve: (snapshot) => new Date(snapshot.at) }),
    headSequence: t.field({ type: "BigInt", resolve: (snapshot) => snapshot.headSequence }),
    views: t.field({ type: [ViewLagType], resolve: (snapshot) => snapshot.views }),
    eventsPerMinute: t.field({
      type: BucketSeriesType,
      description: "Events committed per minute over the last hour.",
      resolve: (snapshot) => snapshot.eventsPerMinute,
    }),
    worker: t.field({ type: WorkerHealthType, resolve: (snapshot) => snapshot.worker }),
    rebuilds: t.field({ type: [RebuildProgressType], resolve: (snapshot) => snapshot.rebuilds }),
  }),
});

builder.queryField("serviceMonitor", (t) =>
  t.field({
    type: ServiceMonitorType,
    description: "This instance's lag history, events per minute, worker health and rebuilds.",
    resolve: (_root, _args, context) => context.services.monitor.snapshot(),
  }),
);

builder.subscriptionField("serviceMonitor", (t) =>
  t.field({
    type: ServiceMonitorType,
    description: "The monitor now, then on every change (at most every 250 ms) and every 10 s while nothing changes.",
    subscribe: (_root, _args, context) =>
      watchServiceMonitor({ monitor: context.services.monitor, signal: context.signal }),
    resolve: (snapshot) => snapshot,
  }),
);
