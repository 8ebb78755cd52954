// Group commit for the autocommit write path: several claiming writes (record-research.statement.ts) in one
// statement and one transaction. The gap-free counters are the store's one serialisation point and a
// statement holds them until its commit, WAL flush included; one write per statement capped the store
// at one flush per write (about 225 writes/s here, however many clients). A batch takes the counters
// once for all its writes, so writes queued behind a statement share its successor's flush.
//
// Every write keeps its own claim and membership check: a write whose key is taken, or whose writer
// may not write here, gets no row and no accession, and the others go ahead. Claimed writes take
// accessions and event sequences in their order in the batch (the order they arrived), contiguous.
import type pg from "pg";
import type { InlineViews } from "../../../events/change-events.js";
import { RESEARCH_SPARSE_VIEW } from "../projection/research-documents.js";
import {
  CLAIM_INSERT,
  insertResearchObject,
  NOTICE_CTE,
  type StatementInput,
  type StatementResult,
} from "./record-research.statement.js";

// `claimed` numbers the writes whose claim went ahead, in batch order, with the running total of their
// events; each write's accession and first event sequence follow from the counters' new values.
const BATCH_STATEMENT = `
WITH input AS (
    SELECT item.value AS j, item.ord FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS item(value, ord)
  ),
  -- In batch order, so of two writes with one key the one that arrived first takes it.
  claim AS (
    ${CLAIM_INSERT}
    ORDER BY ord
    ON CONFLICT DO NOTHING
    RETURNING result_id
  ),
  claimed AS (
    SELECT input.j, input.ord, row_number() OVER w AS rank, jsonb_array_length(input.j->'events') AS event_count,
      sum(jsonb_array_length(input.j->'events')) OVER w AS events_through
    FROM input JOIN claim ON claim.result_id = input.j->'object'->>'id'
    WINDOW w AS (ORDER BY input.ord)
  ),
  totals AS (SELECT count(*) AS objects, coalesce(sum(event_count), 0) AS events FROM claimed),
  acc AS (
    INSERT INTO counters (name, value) SELECT 'research_accession', objects FROM totals WHERE objects > 0
    ON CONFLICT (name) DO UPDATE SET value = counters.value + EXCLUDED.value
    RETURNING value
  ),
  ev AS (
    INSERT INTO counters (name, value) SELECT 'change_event', totals.events FROM acc, totals
    ON CONFLICT (name) DO UPDATE SET value = counters.value + EXCLUDED.value
    RETURNING value AS last
  ),
  items AS (
    SELECT c.j, c.ord, acc.value - totals.objects + c.rank AS accession,
      ev.last - totals.events + c.events_through - c.event_count + 1 AS first_event,
      ev.last - totals.events + c.events_through AS last_event
    FROM claimed c, acc, ev, totals
  ),
  -- As in the single statement: read under the event counter and locked, so no write lands in a
  -- version that stopped serving before the batch took the counter.
  pointers AS (
    SELECT p.view, p.serving_version FROM projection_pointers p, ev
    WHERE p.view IN (SELECT jsonb_array_elements_text($3::jsonb)) FOR SHARE OF p
  ),
  obj AS (
    ${insertResearchObject("items.accession")}
    FROM items, LATERAL (SELECT items.j->'object' AS o) object
    ORDER BY items.ord
    RETURNING id, created_at, quarantined_at
  ),
  written AS (SELECT items.*, obj.created_at, obj.quarantined_at FROM items JOIN obj ON obj.id = (items.j->'object'->>'id')::uuid),
  targets AS (
    INSERT INTO research_targets (research_object_id, target_kind, target_id)
    SELECT (w.j->'object'->>'id')::uuid, (t->>'targetKind')::"TargetKind", t->>'targetId' FROM written w, jsonb_array_elements(w.j->'targets') t
  ),
  relations AS (
    INSERT INTO research_relations (id, from_id, to_id, type, note, created_by_id)
    SELECT (r->>'id')::uuid, (w.j->'object'->>'id')::uuid, (r->>'toId')::uuid, (r->>'type')::"RelationType", r->>'note', (w.j->'object'->>'createdById')::uuid
    FROM written w, jsonb_array_elements(w.j->'relations') r
  ),
  events AS (
    INSERT INTO change_events (sequence, routing_target_id, project_id, resource_type, resource_id, event_type, payload_version, payload, operator_id)
    SELECT w.first_event + e.ord - 1, (e.value->>'routingTargetId')::uuid, (e.value->>'projectId')::uuid, e.value->>'resourceType',
      COALESCE(e.value->>'resourceId', w.j->'object'->>'id'), e.value->>'eventType', (e.value->>'payloadVersion')::int,
      CASE WHEN e.value ? 'accessionKey' THEN (e.value->'payload') || jsonb_build_object(e.value->>'accessionKey', 'R' || w.accession) ELSE e.value->'payload' END,
      (e.value->>'operatorId')::uuid
    FROM written w, jsonb_array_elements(w.j->'events') WITH ORDINALITY AS e(value, ord)
  ),
  document AS (
    INSERT INTO sparse_documents (view, version, document_id, routing_target_id, project_id, fields, terms, length, eligible, source_sequence)
    SELECT $2, ptr.serving_version, w.j->'object'->>'id', (w.j->'object'->>'routingTargetId')::uuid, (w.j->'object'->>'projectId')::uuid,
      w.j->'document'->'fields', ARRAY(SELECT jsonb_array_elements_text(w.j->'document'->'terms')), (w.j->'document'->>'length')::int,
      (w.j->'document'->>'eligible')::boolean, w.accession
    FROM (SELECT serving_version FROM pointers WHERE view = $2) ptr, written w
  ),
  marks AS (
    UPDATE projection_states s SET high_water_mark = ev.last, updated_at = CURRENT_TIMESTAMP
    FROM ev, pointers WHERE s.view = pointers.view AND s.version = pointers.serving_version AND s.high_water_mark < ev.last
  ),
  ${NOTICE_CTE}
SELECT w.ord::int AS ord, w.accession::int AS accession, w.last_event::text AS sequence, ev.last::text AS batch_sequence,
  round(extract(epoch FROM w.created_at) * 1000)::float8 AS created_ms,
  round(extract(epoch FROM w.quarantined_at) * 1000)::float8 AS quarantined_ms
FROM written w, ev, notice
ORDER BY w.ord`;

interface BatchRow {
  ord: number;
  accession: number;
  sequence: string;
  batch_sequence: string;
  created_ms: number;
  quarantined_ms: number | null;
}

export interface BatchOutcome {
  /** Per input, in order: what was written, or null when its claim did not go ahead (as writeResearchRows). */
  results: (StatementResult | null)[];
  /** The batch's last event sequence, the one its change notice carries; null when nothing was written. */
  sequence: bigint | null;
}

/** Claiming writes only (`claim` set, no supersessions): those that run without a transaction of their own. */
export async function writeResearchBatch(
  pool: pg.Pool,
  inputs: readonly StatementInput[],
  inlineViews: InlineViews,
  noticeChannel: string | null,
  options: { prepared: boolean } = { prepared: true },
): Promise<BatchOutcome> {
  for (const input of inputs)
    if (input.claim === null || input.supersessions.length > 0)
      throw new Error("writeResearchBatch: only claiming writes without supersessions are batched");
  const { rows } = await pool.query<BatchRow>({
    // Named: each pooled connection plans it once. Unnamed for the rare retry after a failure: the embedded
    // database keeps a statement whose first run failed while pg forgets it, so its name would be taken.
    ...(options.prepared ? { name: "record-research-batch" } : {}),
    text: BATCH_STATEMENT,
    values: [JSON.stringify(inputs), RESEARCH_SPARSE_VIEW, JSON.stringify(inlineViews.names), noticeChannel],
  });
  const results: (StatementResult | null)[] = inputs.map(() => null);
  for (const row of rows)
    results[row.ord - 1] = {
      accession: Number(row.accession),
      sequence: BigInt(row.sequence),
      createdAt: new Date(Number(row.created_ms)),
      quarantinedAt: row.quarantined_ms === null ? null : new Date(Number(row.quarantined_ms)),
    };
  return { results, sequence: rows[0] ? BigInt(rows[0].batch_sequence) : null };
}
