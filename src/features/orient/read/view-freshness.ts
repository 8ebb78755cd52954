// The freshness of the derived views from columns of orient's identity statement (load-problem.ts), so a
// request pays no statement of its own for it: on this kind of machine each statement costs the client
// about 0.3 ms of CPU before the server does anything. The SQL columns below see the same snapshot as
// the identity read, so states, pointers and head agree. The computation stays the shared pure
// computeFreshness (projections/freshness.ts reads the same in a three-statement transaction).
import type { ProjectionStatus } from "../../../generated/prisma/enums.js";
import { computeFreshness, DERIVED_VIEWS, type ViewFreshness } from "../../../projections/freshness.js";

/** The views whose freshness orient reports, bound as the identity statement's view-name parameter. */
export const FRESHNESS_VIEWS: readonly string[] = DERIVED_VIEWS.map((entry) => entry.view);

export interface FreshnessColumns {
  view_states: { view: string; version: number; status: ProjectionStatus; highWaterMark: string }[];
  view_pointers: { view: string; servingVersion: number }[];
  event_head: string | null;
}

export function freshnessOf(row: FreshnessColumns): ViewFreshness[] {
  const states = row.view_states.map((state) => ({ ...state, highWaterMark: BigInt(state.highWaterMark) }));
  return computeFreshness(states, row.view_pointers, BigInt(row.event_head ?? "0"), DERIVED_VIEWS);
}
