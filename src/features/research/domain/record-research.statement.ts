// The ordered part of recordResearch as one SQL statement. Everything that can be known before the
// accession and the event sequences are (validation, reads, the classifier, the sparse document) is
// computed first; this statement then takes the two gap-free counters and writes every row that
// carries their values: the object, its bindings, relations, supersessions, the change events, the
// sparse document and the inline views' high-water marks.
//
// Without an open transaction (no supersessions) the statement also claims the idempotency key and
// checks the writer's membership, and runs in autocommit: the counter rows are then locked from the
// moment the statement takes them to its own commit, inside the server, with no client round trip in
// between. That is the whole global critical section of a research write (see docs/operations.md,
// "Ordering of writes"). On a server database the statement also sends the change notice itself, so
// it leaves at the commit, with no round trip of its own.
//
// The autocommit path runs on the pg pool directly: it is the hottest statement of the store, and
// Prisma's raw-query layer cost more CPU than the statement's own client work (bench:writes profile).
import type pg from "pg";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import type { Prisma } from "../../../generated/prisma/client.js";
import type { InlineViews } from "../../../events/change-events.js";
import { RESEARCH_SPARSE_VIEW } from "../projection/research-documents.js";
import { noticeSuffix } from "../../../events/notifier.js";

/** An event whose payload gets `R<accession>` of the new object under `accessionKey`. */
export interface StatementEvent {
  routingTargetId: string | null;
  projectId: string | null;
  resourceType: string;
  /** null: the new object's id. */
  resourceId: string | null;
  eventType: string;
  payloadVersion: number;
  payload: Prisma.InputJsonValue;
  operatorId: string | null;
  accessionKey?: string;
}

export interface StatementInput {
  /** Claim the key and check the writer in the statement (autocommit path); null when the caller's transaction did. */
  claim: {
    operatorId: string;
    operation: string;
    scope: string;
    key: string;
    requestHash: string;
    curates: boolean;
  } | null;
  object: {
    id: string;
    slugSuffix: string;
    contentHash: string;
    projectId: string;
    problemId: string;
    routingTargetId: string;
    kind: string;
    title: string;
    body: string;
    evidenceGrade: string;
    state: string;
    branchName: string | null;
    metadata: unknown;
    artifact: unknown;
    formal: unknown;
    goalFingerprint: string | null;
    goalShapeFingerprint: string | null;
    createdById: string;
    trustFlags: string[];
    quarantineReason: string | null;
    stateBeforeQuarantine: string | null;
    quarantined: boolean;
    textShape: string;
  };
  targets: { targetKind: string; targetId: string }[];
  relations: { id: string; toId: string; type: string; note: string | null }[];
  supersessions: { supersededId: string; reason: string | null }[];
  events: StatementEvent[];
  /** The new object's sparse document, minus what the statement supplies (version, source sequence). */
  document: { fields: unknown; terms: string[]; length: number; eligible: boolean };
}

export interface StatementResult {
  accession: number;
  /** The last event sequence written. */
  sequence: bigint;
  createdAt: Date;
  quarantinedAt: Date | null;
}

/**
 * The research object's INSERT and its SELECT list, read from `o` (the input's object) with the accession
 * `accession` (a SQL expression); the single and the batched statement (record-research.batch.ts) share it.
 */
export const insertResearchObject = (accession: string) => `INSERT INTO research_objects (
      id, accession, slug, content_hash, project_id, problem_id, routing_target_id, kind, title, body, evidence_grade, state,
      branch_name, metadata, artifact, formal, goal_fingerprint, goal_shape_fingerprint, created_by_id, trust_flags,
      quarantine_reason, state_before_quarantine, quarantined_at, text_shape)
    SELECT (o->>'id')::uuid, ${accession}, 'r' || ${accession} || '-' || (o->>'slugSuffix'), o->>'contentHash', (o->>'projectId')::uuid,
      (o->>'problemId')::uuid, (o->>'routingTargetId')::uuid, (o->>'kind')::"ResearchKind", o->>'title', o->>'body',
      (o->>'evidenceGrade')::"EvidenceGrade", (o->>'state')::"ResearchState", o->>'branchName', o->'metadata',
      CASE WHEN jsonb_typeof(o->'artifact') = 'object' THEN o->'artifact' END, CASE WHEN jsonb_typeof(o->'formal') = 'object' THEN o->'formal' END,
      o->>'goalFingerprint', o->>'goalShapeFingerprint', (o->>'createdById')::uuid, ARRAY(SELECT jsonb_array_elements_text(o->'trustFlags')),
      o->>'quarantineReason', (o->>'stateBeforeQuarantine')::"ResearchState", CASE WHEN (o->>'quarantined')::boolean THEN CURRENT_TIMESTAMP END, o->>'textShape'`;

// `claim` yields one row when the write may go ahead; every counter and insert hangs off it, so a
// replay or a refused writer changes nothing. The counters are taken in the order every writer takes
// them (accession, then events: `ev` reads `acc`), so two writers cannot deadlock on them.
/** The key's claim, for each input row `j` whose writer is a curator or a member; shared with the batch. */
export const CLAIM_INSERT = `INSERT INTO idempotency_records (operator_id, operation, scope, key, request_hash, result_id)
    SELECT (j->'claim'->>'operatorId')::uuid, j->'claim'->>'operation', j->'claim'->>'scope', j->'claim'->>'key', j->'claim'->>'requestHash', j->'object'->>'id'
    FROM input
    WHERE (j->'claim'->>'curates')::boolean OR EXISTS (
      SELECT 1 FROM project_members m WHERE m.project_id = (j->'object'->>'projectId')::uuid AND m.operator_id = (j->'claim'->>'operatorId')::uuid)`;
/**
 * The write's change notice, sent by the statement itself ($4: the notifier's channel; none when null). NOTIFY
 * is transactional: it leaves when the write commits, never before. Its topic says the write appended
 * research records only. Shared with the batch (both name the event counter's new value `ev.last`).
 */
export const NOTICE_CTE = `notice AS (SELECT count(pg_notify($4::text, ev.last::text || '${noticeSuffix("research")}')) AS sent
    FROM ev WHERE $4::text IS NOT NULL)`;
const CLAIMING = `
  claim AS (
    ${CLAIM_INSERT}
    ON CONFLICT DO NOTHING
    RETURNING result_id
  ),`;
const CLAIMED = `
  claim AS (SELECT j->'object'->>'id' AS result_id FROM input),`;

const statement = (claiming: boolean) => `
WITH input AS (SELECT $1::jsonb AS j),
  ${claiming ? CLAIMING : CLAIMED}
  acc AS (
    INSERT INTO counters (name, value) SELECT 'research_accession', 1 FROM claim
    ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
    RETURNING value
  ),
  ev AS (
    INSERT INTO counters (name, value) SELECT 'change_event', jsonb_array_length(j->'events') FROM acc, input
    ON CONFLICT (name) DO UPDATE SET value = counters.value + EXCLUDED.value
    RETURNING value - (SELECT jsonb_array_length(j->'events') FROM input) + 1 AS first, value AS last
  ),
  -- The inline views' serving versions, read under the event counter and locked: a rebuild switches a
  -- pointer while it holds that counter, and a locked read returns the row as last committed (not as
  -- this statement's snapshot had it), so a write never puts its document into, or advances the mark
  -- of, a version that stopped serving before the write took the counter.
  pointers AS (
    SELECT p.view, p.serving_version FROM projection_pointers p, ev
    WHERE p.view IN (SELECT jsonb_array_elements_text($3::jsonb)) FOR SHARE OF p
  ),
  obj AS (
    ${insertResearchObject("acc.value")}
    FROM acc, (SELECT j->'object' AS o FROM input) object
    RETURNING id, created_at, quarantined_at
  ),
  targets AS (
    INSERT INTO research_targets (research_object_id, target_kind, target_id)
    SELECT obj.id, (t->>'targetKind')::"TargetKind", t->>'targetId' FROM obj, input, jsonb_array_elements(j->'targets') t
  ),
  relations AS (
    INSERT INTO research_relations (id, from_id, to_id, type, note, created_by_id)
    SELECT (r->>'id')::uuid, obj.id, (r->>'toId')::uuid, (r->>'type')::"RelationType", r->>'note', (j->'object'->>'createdById')::uuid
    FROM obj, input, jsonb_array_elements(j->'relations') r
  ),
  supersessions AS (
    INSERT INTO supersessions (superseded_id, superseding_id, reason)
    SELECT (s->>'supersededId')::uuid, obj.id, s->>'reason' FROM obj, input, jsonb_array_elements(j->'supersessions') s
  ),
  events AS (
    INSERT INTO change_events (sequence, routing_target_id, project_id, resource_type, resource_id, event_type, payload_version, payload, operator_id)
    SELECT ev.first + e.ord - 1, (e.value->>'routingTargetId')::uuid, (e.value->>'projectId')::uuid, e.value->>'resourceType',
      COALESCE(e.value->>'resourceId', j->'object'->>'id'), e.value->>'eventType', (e.value->>'payloadVersion')::int,
      CASE WHEN e.value ? 'accessionKey' THEN (e.value->'payload') || jsonb_build_object(e.value->>'accessionKey', 'R' || acc.value) ELSE e.value->'payload' END,
      (e.value->>'operatorId')::uuid
    FROM ev, acc, obj, input, jsonb_array_elements(j->'events') WITH ORDINALITY AS e(value, ord)
  ),
  document AS (
    INSERT INTO sparse_documents (view, version, document_id, routing_target_id, project_id, fields, terms, length, eligible, source_sequence)
    SELECT $2, ptr.serving_version, obj.id::text, (j->'object'->>'routingTargetId')::uuid, (j->'object'->>'projectId')::uuid, d->'fields',
      ARRAY(SELECT jsonb_array_elements_text(d->'terms')), (d->>'length')::int, (d->>'eligible')::boolean, acc.value
    FROM (SELECT serving_version FROM pointers WHERE view = $2) ptr, obj, acc, input, (SELECT j->'document' AS d FROM input) doc
  ),
  marks AS (
    UPDATE projection_states s SET high_water_mark = ev.last, updated_at = CURRENT_TIMESTAMP
    FROM ev, pointers WHERE s.view = pointers.view AND s.version = pointers.serving_version AND s.high_water_mark < ev.last
  ),
  ${NOTICE_CTE}
-- Times as epoch milliseconds: the column is a UTC timestamp without zone, which pg would read as local time.
SELECT acc.value::int AS accession, ev.last::text AS sequence,
  round(extract(epoch FROM obj.created_at) * 1000)::float8 AS created_ms,
  round(extract(epoch FROM obj.quarantined_at) * 1000)::float8 AS quarantined_ms
FROM acc, ev, obj, notice`;

const CLAIMING_STATEMENT = statement(true);
const CLAIMED_STATEMENT = statement(false);

/** Where the statement runs: the pg pool in autocommit, or the caller's Prisma transaction. */
export type StatementRunner = pg.Pool | TransactionClient;

interface StatementRow {
  accession: number;
  sequence: string;
  created_ms: number;
  quarantined_ms: number | null;
}

/**
 * Runs the statement (the pool for the autocommit path, the caller's transaction otherwise). Null
 * when the claim did not go ahead: the key was already used, or the operator may not write here.
 * `noticeChannel` is the notifier's statement channel (null: the caller announces the commit itself).
 */
export async function writeResearchRows(
  db: StatementRunner,
  input: StatementInput,
  inlineViews: InlineViews,
  noticeChannel: string | null,
): Promise<StatementResult | null> {
  const sql = input.claim ? CLAIMING_STATEMENT : CLAIMED_STATEMENT;
  const params = [JSON.stringify(input), RESEARCH_SPARSE_VIEW, JSON.stringify(inlineViews.names), noticeChannel];
  const rows =
    "$queryRawUnsafe" in db
      ? await db.$queryRawUnsafe<StatementRow[]>(sql, ...params)
      : // Named: each pooled connection plans the statement once (planning it cost more than running it).
        (
          await db.query<StatementRow>({
            name: input.claim ? "record-research-claiming" : "record-research",
            text: sql,
            values: params,
          })
        ).rows;
  const row = rows[0];
  if (!row) return null;
  return {
    accession: Number(row.accession),
    sequence: BigInt(row.sequence),
    createdAt: new Date(Number(row.created_ms)),
    quarantinedAt: row.quarantined_ms === null ? null : new Date(Number(row.quarantined_ms)),
  };
}
