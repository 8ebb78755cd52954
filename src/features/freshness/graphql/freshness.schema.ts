// `freshness` and the `projectionFreshness` subscription: per derived view, its serving version,
// high-water mark, the stream head and the lag between them, pushed whenever a lag changes.
import { builder } from "../../../graphql/builder.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { affectedLanes, DERIVED_VIEWS, readFreshness, type ViewFreshness } from "../../../projections/freshness.js";
import { freshnessSignature } from "../../../projections/freshness-feed.js";

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

function checkViews(views: readonly string[] | null | undefined): readonly string[] | null {
  const unknown = (views ?? []).filter((view) => !DERIVED_VIEWS.some((entry) => entry.view === view));
  if (unknown.length > 0)
    throw new InvalidInputError(
      `Unknown views ${unknown.join(", ")}; known: ${DERIVED_VIEWS.map((entry) => entry.view).join(", ")}`,
      "views",
    );
  return views ?? null;
}

builder.queryField("freshness", (t) =>
  t.field({ type: FreshnessType, resolve: (_root, _args, context) => readFreshness(context.prisma) }),
);

builder.subscriptionField("projectionFreshness", (t) =>
  t.field({
    type: [ViewFreshnessType],
    description: "The requested views' freshness now, then again whenever a lag, mark, version or status changes.",
    args: { views: t.arg.stringList() },
    subscribe: async function* (_root, args, context) {
      const views = checkViews(args.views);
      const pick = (all: ViewFreshness[]) => (views?.length ? all.filter((entry) => views.includes(entry.view)) : all);
      const feed = context.services.freshness;
      // `changed` is set by the feed between our reads, so a change during a yield is not lost.
      let changed = false;
      let wake: () => void = () => undefined;
      const stopWatching = feed.watch(() => {
        changed = true;
        wake();
      });
      const onAbort = () => wake();
      context.signal?.addEventListener("abort", onAbort);
      try {
        let last = "";
        while (!context.signal?.aborted) {
          changed = false;
          const current = pick(await feed.snapshot());
          if (freshnessSignature(current) !== last) {
            last = freshnessSignature(current);
            yield current;
          }
          if (!changed && !context.signal?.aborted) await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        context.signal?.removeEventListener("abort", onAbort);
        stopWatching();
      }
    },
    resolve: (views) => views,
  }),
);
