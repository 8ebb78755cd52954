// `freshness` and the `projectionFreshness` subscription: per derived view, its serving version,
// high-water mark, the stream head and the lag between them, pushed whenever a lag changes.
import { builder } from "../../../graphql/builder.js";
import { affectedLanes, readFreshness, type ViewFreshness } from "../../../projections/freshness.js";
import { watchViewFreshness } from "../queries/watch-freshness.query.js";

export const FreshnessStatusEnum = builder.enumType("FreshnessStatus", {
  values: {
    FRESH: { description: "Every committed event is incorporated." },
    LAGGING: { description: "Serving, but behind the change stream by `lagEvents`." },
    REBUILDING: { description: "Serving while a new version is being built." },
    UNAVAILABLE: { description: "Never built: the lane cannot answer yet." },
  } as const,
});

export const ViewFreshnessType = builder.objectRef<ViewFreshness>("ViewFreshness").implement({
  description: "Freshness of one derived view.",
  fields: (t) => ({
    view: t.exposeString("view"),
    lane: t.exposeString("lane", { description: "The retrieval lane this view serves." }),
    version: t.exposeInt("version", { nullable: true }),
    highWaterMark: t.field({ type: "BigInt", resolve: (view) => view.highWaterMark }),
    headSequence: t.field({ type: "BigInt", resolve: (view) => view.headSequence }),
    lagEvents: t.field({ type: "BigInt", resolve: (view) => view.lagEvents }),
    status: t.field({ type: FreshnessStatusEnum, resolve: (view) => view.status }),
    buildingVersion: t.exposeInt("buildingVersion", { nullable: true }),
  }),
});

const FreshnessType = builder.objectRef<ViewFreshness[]>("Freshness").implement({
  description: "Freshness of every derived view; exact identity and canonical statements never lag.",
  fields: (t) => ({
    views: t.field({ type: [ViewFreshnessType], resolve: (views) => views }),
    headSequence: t.field({ type: "BigInt", resolve: (views) => views[0]?.headSequence ?? 0n }),
    affectedLanes: t.stringList({
      description: "Lanes that may miss recent writes.",
      resolve: (views) => affectedLanes(views),
    }),
  }),
});

builder.queryField("freshness", (t) =>
  t.field({ type: FreshnessType, resolve: (_root, _args, context) => readFreshness(context.prisma) }),
);

builder.subscriptionField("projectionFreshness", (t) =>
  t.field({
    type: [ViewFreshnessType],
    description: "The requested views' freshness now, then again whenever a lag, mark, version or status changes.",
    args: { views: t.arg.stringList() },
    subscribe: (_root, args, context) =>
      watchViewFreshness({ feed: context.services.freshness, views: args.views, signal: context.signal }),
    resolve: (views) => views,
  }),
);
