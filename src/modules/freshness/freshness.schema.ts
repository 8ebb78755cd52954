// `freshness` and the `projectionFreshness` subscription: per derived view, its serving version,
// high-water mark, the stream head and the lag between them, pushed whenever a lag changes.
import { builder } from "../../graphql/builder.js";
import { InvalidInputError } from "../../errors/domain-error.js";
import { affectedLanes, DERIVED_VIEWS, readFreshness, type ViewFreshness } from "../../projections/freshness.js";

/** Without notices (a worker in another process that cannot notify) changes still show within this. */
const FRESHNESS_POLL_MS = 1_000;

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
    affectedLanes: t.stringList({ description: "Lanes that may miss recent writes.", resolve: (views) => affectedLanes(views) }),
  }),
});

function checkViews(views: readonly string[] | null | undefined): readonly string[] | null {
  const unknown = (views ?? []).filter((view) => !DERIVED_VIEWS.some((entry) => entry.view === view));
  if (unknown.length > 0) throw new InvalidInputError(`Unknown views ${unknown.join(", ")}; known: ${DERIVED_VIEWS.map((entry) => entry.view).join(", ")}`, "views");
  return views ?? null;
}

builder.queryField("freshness", (t) =>
  t.field({ type: FreshnessType, resolve: (_root, _args, context) => readFreshness(context.prisma) }),
);

// The mark is part of the signature: a fast worker can catch up between two reads, so the lag alone
// may look unchanged although the view moved.
const signature = (views: ViewFreshness[]) => views.map((view) => `${view.view}:${view.version}:${view.highWaterMark}:${view.lagEvents}:${view.status}`).join("|");

builder.subscriptionField("projectionFreshness", (t) =>
  t.field({
    type: [ViewFreshnessType],
    description: "The requested views' freshness now, then again whenever a lag, mark, version or status changes.",
    args: { views: t.arg.stringList() },
    subscribe: async function* (_root, args, context) {
      const views = checkViews(args.views);
      let wake: () => void = () => undefined;
      const unsubscribe = context.services.notifier.subscribe(() => wake());
      try {
        let last = "";
        for (;;) {
          const current = await readFreshness(context.prisma, views);
          if (signature(current) !== last) {
            last = signature(current);
            yield current;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, FRESHNESS_POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
      } finally {
        unsubscribe();
      }
    },
    resolve: (views) => views,
  }),
);
