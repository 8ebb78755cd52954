// The ordered part of recordResearch as one SQL statement. Everything that can be known before the
// accession and the event sequences are (validation, the classifier, the sparse document) is computed
// first; this statement then resolves what the write needs from the store (its project's problem and
// routing target, the problem's statement family, the named Lean declaration, the writer's membership,
// the near-duplicate count that decides between the two prepared verdicts), takes the two gap-free
// counters and writes every row that carries their values: the object, its bindings, relations,
// supersessions, the change events, the sparse document and the inline views' high-water marks.
//
// Without an open transaction (no supersessions) the statement also claims the idempotency key and
// checks the writer's membership, and runs in autocommit: the counter rows are then locked from the
// moment the statement takes them to its own commit, inside the server, with no client round trip in
// between. That is the whole global critical section of a research write (see docs/operations.md,
// "Ordering of writes"). On a server database the statement also sends the change notice itself, so
// it leaves at the commit, with no round trip of its own. A plain write is therefore one round trip.
//
// The autocommit path runs on the pg pool directly: it is the hottest statement of the store, and
// Prisma's raw-query layer cost more CPU than the statement's own client work (bench:writes profile).
import type pg from "pg";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import type { Prisma } from "../../../generated/prisma/client.js";
import type { InlineViews } from "../../../events/change-events.js";
import { RESEARCH_SPARSE_VIEW } from "../projection/research-documents.js";
import { noticeSuffix } from "../../../events/notifier.js";
import { FLOOD_NEAR_DUPLICATES } from "./classify-record-text.js";

/** An event of the write. Its payload gets `R<accession>` of the new object under `accessionKey`. */
export interface StatementEvent {
  /** null: the write's routing target (its project's, read by the statement). */
  routingTargetId: string | null;
  /** null: the write's project. */
  projectId: string | null;
  resourceType: string;
  /** null: the new object's id. */
  resourceId: string | null;
  eventType: string;
  payloadVersion: number;
  payload: Prisma.InputJsonValue;
  operatorId: string | null;
  accessionKey?: string;
  /** The payload also gets the chosen verdict's `event` fields. */
  withVerdict?: boolean;
}

/** What the trust verdict decides about the stored record. */
export interface VerdictFields {
  state: string;
  trustFlags: string[];
  quarantineReason: string | null;
  stateBeforeQuarantine: string | null;
  quarantined: boolean;
  /** Whether the sparse document may be retrieved (packets leave quarantined text out). */
  eligible: boolean;
  /** Added to the payload of the events marked `withVerdict`. */
  event: Record<string, unknown>;
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
  /** The object's own fields; its problem and routing target are its project's, which the statement reads. */
  object: {
    id: string;
    slugSuffix: string;
    contentHash: string;
    projectId: string;
    kind: string;
    title: string;
    body: string;
    evidenceGrade: string;
    branchName: string | null;
    metadata: unknown;
    artifact: unknown;
    formal: unknown;
    goalFingerprint: string | null;
    goalShapeFingerprint: string | null;
    createdById: string;
    textShape: string;
    /** The Lean declaration the record is about, bound when the problem has one of that name. */
    declarationName: string | null;
  };
  /**
   * The verdict as the classifier gives it below the flood threshold (`usual`) and at it (`flooded`):
   * the statement counts the records on the target that share `textShape` and takes one.
   */
  verdicts: { usual: VerdictFields; flooded: VerdictFields };
  relations: { id: string; toId: string; type: string; note: string | null }[];
  supersessions: { supersededId: string; reason: string | null }[];
  events: StatementEvent[];
  /** The new object's sparse document, minus what the statement supplies (version, source sequence, eligibility). */
  document: { fields: unknown; terms: string[]; length: number };
}

export interface StatementResult {
  accession: number;
  /** The last event sequence written. */
  sequence: bigint;
  createdAt: Date;
  quarantinedAt: Date | null;
  problemId: string;
  routingTargetId: string;
  /** Which verdict the statement took. */
  flooded: boolean;
}

/**
 * The writes ($1, a JSON array) with what the statement resolves for each (see the header), one row per
 * write whose project exists. Every lookup is a LATERAL with LIMIT, so it stays an index probe per write:
 * the planner guesses 100 rows for the batch, and with that guess it hashed whole tables (a join scanned
 * every project; the membership check, as a plain subquery, every member). $5 is the flood threshold.
 *
 * The near-duplicate count takes the newest records in accession order, which only the (routing target,
 * text shape, accession) index gives. Without an order, a plan made while the table was small (a new
 * store; the statement is prepared once per connection and the embedded database has no autovacuum to
 * make it replan) saw both that index and (routing target, created_at, id) at one row and took the latter,
 * filtering on the shape: every write then read every record of its target.
 */
const RESOLVED_INPUT = `input AS (
    SELECT item.value AS j, item.ord, p.id AS project_id, p.problem_id, p.routing_target_id,
      pr.statement_family_id AS family_id, decl.id AS declaration_id, member.found IS NOT NULL AS member,
      near.count >= $5::int AS flooded,
      item.value->'verdicts'->(CASE WHEN near.count >= $5::int THEN 'flooded' ELSE 'usual' END) AS v
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS item(value, ord)
    CROSS JOIN LATERAL (
      SELECT p.id, p.problem_id, p.routing_target_id FROM projects p
      WHERE p.id = (item.value->'object'->>'projectId')::uuid LIMIT 1
    ) p
    CROSS JOIN LATERAL (SELECT pr.statement_family_id FROM problems pr WHERE pr.id = p.problem_id LIMIT 1) pr
    LEFT JOIN LATERAL (
      SELECT d.id FROM formal_declarations d
      WHERE d.problem_id = p.problem_id AND d.decl_name = item.value->'object'->>'declarationName' LIMIT 1
    ) decl ON true
    LEFT JOIN LATERAL (
      SELECT 1 AS found FROM project_members m
      WHERE m.project_id = p.id AND m.operator_id = (item.value->'claim'->>'operatorId')::uuid LIMIT 1
    ) member ON true
    CROSS JOIN LATERAL (
      SELECT count(*) AS count FROM (
        SELECT 1 FROM research_objects r
        WHERE r.routing_target_id = p.routing_target_id AND r.text_shape = item.value->'object'->>'textShape'
        ORDER BY r.accession DESC LIMIT $5::int
      ) near_duplicates
    ) near
  )`;

/** The research objects, one per claimed write `w` (its object `o`, its accession `w.accession`), in input order. */
const OBJECTS_INSERT = `INSERT INTO research_objects (
      id, accession, slug, content_hash, project_id, problem_id, routing_target_id, kind, title, body, evidence_grade, state,
      branch_name, metadata, artifact, formal, goal_fingerprint, goal_shape_fingerprint, created_by_id, trust_flags,
      quarantine_reason, state_before_quarantine, quarantined_at, text_shape)
    SELECT (o->>'id')::uuid, w.accession, 'r' || w.accession || '-' || (o->>'slugSuffix'), o->>'contentHash', w.project_id,
      w.problem_id, w.routing_target_id, (o->>'kind')::"ResearchKind", o->>'title', o->>'body',
      (o->>'evidenceGrade')::"EvidenceGrade", (w.v->>'state')::"ResearchState", o->>'branchName', o->'metadata',
      CASE WHEN jsonb_typeof(o->'artifact') = 'object' THEN o->'artifact' END, CASE WHEN jsonb_typeof(o->'formal') = 'object' THEN o->'formal' END,
      o->>'goalFingerprint', o->>'goalShapeFingerprint', (o->>'createdById')::uuid, ARRAY(SELECT jsonb_array_elements_text(w.v->'trustFlags')),
      w.v->>'quarantineReason', (w.v->>'stateBeforeQuarantine')::"ResearchState",
      CASE WHEN (w.v->>'quarantined')::boolean THEN CURRENT_TIMESTAMP END, o->>'textShape'
    FROM items w, LATERAL (SELECT w.j->'object' AS o) object
    ORDER BY w.ord
    RETURNING id, created_at, quarantined_at`;

/** The new object's bindings, for each written row `w` (with `id`, the object's): problem, project, family, declaration. */
const TARGETS_INSERT = `INSERT INTO research_targets (research_object_id, target_kind, target_id)
    SELECT w.id, binding.kind::"TargetKind", binding.target
    FROM written w, LATERAL (VALUES ('PROBLEM', w.problem_id::text), ('PROJECT', w.project_id::text),
      ('STATEMENT_FAMILY', w.family_id::text), ('FORMAL_DECLARATION', w.declaration_id::text)) binding(kind, target)
    WHERE binding.target IS NOT NULL`;

/**
 * The write's change events, for each written row `w` (with `first_event` and `accession`): sequences
 * from `first_event` on in the input's order, the write's routing target and project where the event
 * names none, the accession and the verdict added to the payloads that ask for them.
 */
const EVENTS_INSERT = `INSERT INTO change_events (sequence, routing_target_id, project_id, resource_type, resource_id, event_type, payload_version, payload, operator_id)
    SELECT w.first_event + e.ord - 1, COALESCE((e.value->>'routingTargetId')::uuid, w.routing_target_id),
      COALESCE((e.value->>'projectId')::uuid, w.project_id), e.value->>'resourceType',
      COALESCE(e.value->>'resourceId', w.j->'object'->>'id'), e.value->>'eventType', (e.value->>'payloadVersion')::int,
      e.value->'payload'
        || CASE WHEN e.value ? 'accessionKey' THEN jsonb_build_object(e.value->>'accessionKey', 'R' || w.accession) ELSE '{}' END
        || CASE WHEN (e.value->>'withVerdict')::boolean THEN w.v->'event' ELSE '{}' END,
      (e.value->>'operatorId')::uuid
    FROM written w, jsonb_array_elements(w.j->'events') WITH ORDINALITY AS e(value, ord)`;

/** The new object's sparse document in the research view's serving version, for each written row `w`. */
const DOCUMENT_INSERT = `INSERT INTO sparse_documents (view, version, document_id, routing_target_id, project_id, fields, terms, length, eligible, source_sequence)
    SELECT $2, ptr.serving_version, w.j->'object'->>'id', w.routing_target_id, w.project_id,
      w.j->'document'->'fields', ARRAY(SELECT jsonb_array_elements_text(w.j->'document'->'terms')), (w.j->'document'->>'length')::int,
      (w.v->>'eligible')::boolean, w.accession
    FROM (SELECT serving_version FROM pointers WHERE view = $2) ptr, written w`;

/** The key's claim for each input row whose writer is a curator or a member of the project, in input order. */
const CLAIM_INSERT = `INSERT INTO idempotency_records (operator_id, operation, scope, key, request_hash, result_id)
    SELECT (j->'claim'->>'operatorId')::uuid, j->'claim'->>'operation', j->'claim'->>'scope', j->'claim'->>'key', j->'claim'->>'requestHash', j->'object'->>'id'
    FROM input
    WHERE (j->'claim'->>'curates')::boolean OR member
    ORDER BY ord
    ON CONFLICT DO NOTHING
    RETURNING result_id`;

/**
 * The write's change notice, sent by the statement itself ($4: the notifier's channel; none when null). NOTIFY
 * is transactional: it leaves when the write commits, never before. Its topic says the write appended
 * research records only.
 */
const NOTICE_CTE = `notice AS (SELECT count(pg_notify($4::text, ev.last::text || '${noticeSuffix("research")}')) AS sent
    FROM ev WHERE $4::text IS NOT NULL)`;

// One statement for one write and for a batch of them (ResearchWriteBatcher). `claim` yields a row
// for each write that may go ahead (claiming: its key was free and its writer may write; claimed: the
// caller's transaction claimed it); every counter and insert hangs off it, so a replay or a refused
// writer changes nothing. `claimed` numbers those writes in input order with the running total of their
// events, and each write's accession and first event sequence follow from the counters' new values.
// The counters are taken in the order every writer takes them (accession, then events: `ev` reads
// `acc`), so two writers cannot deadlock on them.
const statement = (claiming: boolean) => `
WITH ${RESOLVED_INPUT},
  claim AS (${claiming ? CLAIM_INSERT : "SELECT j->'object'->>'id' AS result_id FROM input"}),
  claimed AS (
    SELECT input.*, row_number() OVER w AS rank, jsonb_array_length(input.j->'events') AS event_count,
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
    SELECT c.*, acc.value - totals.objects + c.rank AS accession,
      ev.last - totals.events + c.events_through - c.event_count + 1 AS first_event,
      ev.last - totals.events + c.events_through AS last_event
    FROM claimed c, acc, ev, totals
  ),
  -- The inline views' serving versions, read under the event counter and locked: a rebuild switches a
  -- pointer while it holds that counter, and a locked read returns the row as last committed (not as
  -- this statement's snapshot had it), so a write never puts its document into, or advances the mark
  -- of, a version that stopped serving before the write took the counter.
  pointers AS (
    SELECT p.view, p.serving_version FROM projection_pointers p, ev
    WHERE p.view IN (SELECT jsonb_array_elements_text($3::jsonb)) FOR SHARE OF p
  ),
  obj AS (${OBJECTS_INSERT}),
  written AS (
    SELECT items.*, obj.id, obj.created_at, obj.quarantined_at
    FROM items JOIN obj ON obj.id = (items.j->'object'->>'id')::uuid
  ),
  targets AS (${TARGETS_INSERT}),
  relations AS (
    INSERT INTO research_relations (id, from_id, to_id, type, note, created_by_id)
    SELECT (r->>'id')::uuid, w.id, (r->>'toId')::uuid, (r->>'type')::"RelationType", r->>'note', (w.j->'object'->>'createdById')::uuid
    FROM written w, jsonb_array_elements(w.j->'relations') r
  ),
  supersessions AS (
    INSERT INTO supersessions (superseded_id, superseding_id, reason)
    SELECT (s->>'supersededId')::uuid, w.id, s->>'reason' FROM written w, jsonb_array_elements(w.j->'supersessions') s
  ),
  events AS (${EVENTS_INSERT}),
  document AS (${DOCUMENT_INSERT}),
  marks AS (
    UPDATE projection_states s SET high_water_mark = ev.last, updated_at = CURRENT_TIMESTAMP
    FROM ev, pointers WHERE s.view = pointers.view AND s.version = pointers.serving_version AND s.high_water_mark < ev.last
  ),
  ${NOTICE_CTE}
-- Times as epoch milliseconds: the column is a UTC timestamp without zone, which pg would read as local time.
SELECT w.ord::int AS ord, w.accession::int AS accession, w.last_event::text AS sequence, ev.last::text AS batch_sequence,
  w.problem_id::text AS problem_id, w.routing_target_id::text AS routing_target_id, w.flooded,
  round(extract(epoch FROM w.created_at) * 1000)::float8 AS created_ms,
  round(extract(epoch FROM w.quarantined_at) * 1000)::float8 AS quarantined_ms
FROM written w, ev, notice
ORDER BY w.ord`;

const CLAIMING_STATEMENT = statement(true);
/** The claiming statement's name on a pooled connection, one write or a batch (the same text). */
export const CLAIMING_STATEMENT_NAME = "record-research-claiming";
const CLAIMED_STATEMENT = statement(false);

/** Where the statement runs: the pg pool in autocommit, or the caller's Prisma transaction. */
export type StatementRunner = pg.Pool | TransactionClient;

interface StatementRow {
  ord: number;
  accession: number;
  sequence: string;
  batch_sequence: string;
  problem_id: string;
  routing_target_id: string;
  flooded: boolean;
  created_ms: number;
  quarantined_ms: number | null;
}

export interface WriteOutcome {
  /** Per input, in order: what was written, or null when its claim did not go ahead. */
  results: (StatementResult | null)[];
  /** The last event sequence written, the one the change notice carries; null when nothing was written. */
  sequence: bigint | null;
}

/**
 * Runs the statement for `inputs`, all claiming or all claimed (the caller's transaction claimed them).
 * `name` prepares it on the pooled connection (planning it cost more than running it); the pool only.
 * `noticeChannel` is the notifier's statement channel (null: the caller announces the commit itself).
 */
export async function runResearchWrite(
  db: StatementRunner,
  inputs: readonly StatementInput[],
  inlineViews: InlineViews,
  noticeChannel: string | null,
  name: string | null,
): Promise<WriteOutcome> {
  const claiming = inputs[0]?.claim != null;
  if (inputs.some((input) => (input.claim !== null) !== claiming))
    throw new Error("runResearchWrite: claiming and claimed writes do not share a statement");
  const sql = claiming ? CLAIMING_STATEMENT : CLAIMED_STATEMENT;
  const params = [
    JSON.stringify(inputs),
    RESEARCH_SPARSE_VIEW,
    JSON.stringify(inlineViews.names),
    noticeChannel,
    FLOOD_NEAR_DUPLICATES,
  ];
  const rows =
    "$queryRawUnsafe" in db
      ? await db.$queryRawUnsafe<StatementRow[]>(sql, ...params)
      : (await db.query<StatementRow>({ ...(name ? { name } : {}), text: sql, values: params })).rows;
  const results: (StatementResult | null)[] = inputs.map(() => null);
  for (const row of rows)
    results[row.ord - 1] = {
      accession: Number(row.accession),
      sequence: BigInt(row.sequence),
      createdAt: new Date(Number(row.created_ms)),
      quarantinedAt: row.quarantined_ms === null ? null : new Date(Number(row.quarantined_ms)),
      problemId: row.problem_id,
      routingTargetId: row.routing_target_id,
      flooded: row.flooded,
    };
  return { results, sequence: rows[0] ? BigInt(rows[0].batch_sequence) : null };
}

/**
 * One write (the pool for the autocommit path, the caller's transaction otherwise). Null when the claim
 * did not go ahead: the key was already used, the operator may not write here, or the project is gone.
 */
export async function writeResearchRows(
  db: StatementRunner,
  input: StatementInput,
  inlineViews: InlineViews,
  noticeChannel: string | null,
): Promise<StatementResult | null> {
  const name = input.claim ? CLAIMING_STATEMENT_NAME : "record-research";
  const outcome = await runResearchWrite(db, [input], inlineViews, noticeChannel, name);
  return outcome.results[0] ?? null;
}
