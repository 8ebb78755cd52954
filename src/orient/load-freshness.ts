// DB read: the freshness of the derived views in one statement (projections/freshness.ts does the same
// in a three-statement transaction). The computation stays the shared pure computeFreshness.
import type { Sql } from "./sql.js";
import type { ProjectionStatus } from "../generated/prisma/enums.js";
import { computeFreshness, DERIVED_VIEWS, type ViewFreshness } from "../projections/freshness.js";

type Row = {
  states: { view: string; version: number; status: ProjectionStatus; highWaterMark: string }[];
  pointers: { view: string; servingVersion: number }[];
  head: string | null;
};

export async function loadFreshness(sql: Sql): Promise<ViewFreshness[]> {
  const names = DERIVED_VIEWS.map((entry) => entry.view);
  // One snapshot: a single statement sees one commit, so states, pointers and head agree.
  const [row] = await sql<Row>`
    SELECT COALESCE((SELECT json_agg(json_build_object('view', s.view, 'version', s.version, 'status', s.status, 'highWaterMark', s.high_water_mark::text))
                     FROM projection_states s WHERE s.view = ANY(${names}::text[]) AND s.status::text IN ('SERVING', 'BUILDING')), '[]'::json) AS states,
           COALESCE((SELECT json_agg(json_build_object('view', p.view, 'servingVersion', p.serving_version))
                     FROM projection_pointers p WHERE p.view = ANY(${names}::text[])), '[]'::json) AS pointers,
           (SELECT max(sequence)::text FROM change_events) AS head`;
  const states = row!.states.map((state) => ({ ...state, highWaterMark: BigInt(state.highWaterMark) }));
  return computeFreshness(states, row!.pointers, BigInt(row!.head ?? "0"), DERIVED_VIEWS);
}
