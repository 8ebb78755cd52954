// Freshness of the derived views: per view, the serving version, its high-water mark, the head of the
// change stream and the lag between them. The computation is pure; one read gathers its inputs.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { ProjectionStatus } from "../generated/prisma/enums.js";
import { headOf, headSequenceQuery } from "../events/change-events.js";

export type FreshnessStatus = "FRESH" | "LAGGING" | "REBUILDING" | "UNAVAILABLE";

/**
 * The derived views and the retrieval lane each one serves (what a lagging view affects). Plain data the
 * engine owns, so freshness readers need no registry; the ProjectionRegistry refuses projectors that
 * do not cover exactly these views, so the list cannot drift from what is built.
 */
export const DERIVED_VIEWS: readonly { view: string; lane: string }[] = [
  { view: "problem-discovery", lane: "problem-discovery" },
  { view: "research-memory", lane: "research-memory" },
  { view: "memory-branches", lane: "hierarchical-memory" },
];

export interface StateRow {
  view: string;
  version: number;
  status: ProjectionStatus;
  highWaterMark: bigint;
}

export interface ViewFreshness {
  view: string;
  lane: string;
  /** Serving version; null when the view was never built. */
  version: number | null;
  highWaterMark: bigint;
  headSequence: bigint;
  lagEvents: bigint;
  status: FreshnessStatus;
  /** A version being built by a rebuild, if any. */
  buildingVersion: number | null;
}

export function computeFreshness(
  states: StateRow[],
  pointers: { view: string; servingVersion: number }[],
  head: bigint,
  views = DERIVED_VIEWS,
): ViewFreshness[] {
  return views.map(({ view, lane }) => {
    const version = pointers.find((pointer) => pointer.view === view)?.servingVersion ?? null;
    const serving = states.find((state) => state.view === view && state.version === version);
    const building = states
      .filter((state) => state.view === view && state.status === "BUILDING")
      .map((state) => state.version);
    const highWaterMark = serving?.highWaterMark ?? 0n;
    const lagEvents = serving ? (head > highWaterMark ? head - highWaterMark : 0n) : head;
    const status: FreshnessStatus = !serving
      ? "UNAVAILABLE"
      : building.length > 0
        ? "REBUILDING"
        : lagEvents > 0n
          ? "LAGGING"
          : "FRESH";
    return {
      view,
      lane,
      version: serving ? version : null,
      highWaterMark,
      headSequence: head,
      lagEvents,
      status,
      buildingVersion: building.length > 0 ? Math.max(...building) : null,
    };
  });
}

/** Lanes a caller should treat as possibly stale: lagging, rebuilding behind, or unavailable. */
export function affectedLanes(views: ViewFreshness[]): string[] {
  return views.filter((view) => view.status === "UNAVAILABLE" || view.lagEvents > 0n).map((view) => view.lane);
}

export async function readFreshness(
  prisma: PrismaClient,
  viewNames?: readonly string[] | null,
): Promise<ViewFreshness[]> {
  const views = viewNames?.length ? DERIVED_VIEWS.filter((entry) => viewNames.includes(entry.view)) : DERIVED_VIEWS;
  const names = views.map((entry) => entry.view);
  // One round trip; the statements may see different commits, which is why lag is clamped at zero.
  const [states, pointers, head] = await prisma.$transaction([
    prisma.projectionState.findMany({ where: { view: { in: names }, status: { in: ["SERVING", "BUILDING"] } } }),
    prisma.projectionPointer.findMany({ where: { view: { in: names } } }),
    headSequenceQuery(prisma),
  ]);
  return computeFreshness(states, pointers, headOf(head), views);
}
