// What a write whose statement wrote nothing needs to know, in one read: whether the project exists,
// whether the writer may write in it, and the request its key already recorded, with that request's object.
// The statement writes nothing when the key is taken (a replay or a conflicting request), the writer is
// refused or the project does not exist.
import type pg from "pg";
import type { Prisma, ResearchObject } from "../../../generated/prisma/client.js";
import type { EvidenceGrade, ProjectRole, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";

export interface KeyScope {
  operatorId: string;
  operation: string;
  scope: string;
  key: string;
}

export interface ReplayLookup {
  /** Whether the project exists (a write to a missing one writes nothing, as a refused one). */
  projectExists: boolean;
  /** The writer's role in the project; null when not a member. */
  role: ProjectRole | null;
  /** The recorded request under the key, with its object; null when the key is free. */
  recorded: { requestHash: string; object: ResearchObject } | null;
}

/** Timestamps as epoch milliseconds: pg reads a timestamp without zone as local time. */
interface Row {
  project_exists: boolean;
  role: ProjectRole | null;
  request_hash: string | null;
  id: string | null;
  accession: number;
  slug: string;
  contentHash: string;
  projectId: string;
  problemId: string;
  routingTargetId: string;
  kind: ResearchKind;
  title: string;
  body: string;
  evidenceGrade: EvidenceGrade;
  state: ResearchState;
  branchName: string | null;
  metadata: Prisma.JsonValue;
  artifact: Prisma.JsonValue | null;
  formal: Prisma.JsonValue | null;
  goalFingerprint: string | null;
  goalShapeFingerprint: string | null;
  createdById: string | null;
  createdMs: number;
  supersededMs: number | null;
  trustFlags: string[];
  quarantineReason: string | null;
  stateBeforeQuarantine: ResearchState | null;
  quarantinedMs: number | null;
  textShape: string | null;
}

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

/** One named statement on the pool (the write runs outside a transaction, so there is none to join). */
export async function lookUpReplay(pool: pg.Pool, projectId: string, scope: KeyScope): Promise<ReplayLookup> {
  const { rows } = await pool.query<Row>({
    name: "record-research-replay",
    text: `SELECT EXISTS (SELECT 1 FROM projects p WHERE p.id = $1::uuid) AS project_exists,
      (SELECT m.role::text FROM project_members m WHERE m.project_id = $1::uuid AND m.operator_id = $2::uuid) AS role,
      i.request_hash, o.id::text AS id, o.accession, o.slug, o.content_hash AS "contentHash",
      o.project_id::text AS "projectId", o.problem_id::text AS "problemId", o.routing_target_id::text AS "routingTargetId",
      o.kind::text AS kind, o.title, o.body, o.evidence_grade::text AS "evidenceGrade", o.state::text AS state,
      o.branch_name AS "branchName", o.metadata, o.artifact, o.formal, o.goal_fingerprint AS "goalFingerprint",
      o.goal_shape_fingerprint AS "goalShapeFingerprint", o.created_by_id::text AS "createdById",
      (extract(epoch FROM o.created_at) * 1000)::float8 AS "createdMs",
      (extract(epoch FROM o.superseded_at) * 1000)::float8 AS "supersededMs", o.trust_flags AS "trustFlags",
      o.quarantine_reason AS "quarantineReason", o.state_before_quarantine::text AS "stateBeforeQuarantine",
      (extract(epoch FROM o.quarantined_at) * 1000)::float8 AS "quarantinedMs", o.text_shape AS "textShape"
    FROM (SELECT 1) AS one
    LEFT JOIN idempotency_records i ON i.operator_id = $2::uuid AND i.operation = $3 AND i.scope = $4 AND i.key = $5
    LEFT JOIN research_objects o ON o.id = i.result_id::uuid`,
    values: [projectId, scope.operatorId, scope.operation, scope.scope, scope.key],
  });
  const {
    project_exists: projectExists,
    role,
    request_hash,
    id,
    createdMs,
    supersededMs,
    quarantinedMs,
    ...object
  } = rows[0]!;
  if (request_hash === null || id === null) return { projectExists, role, recorded: null };
  return {
    projectExists,
    role,
    recorded: {
      requestHash: request_hash,
      object: {
        ...object,
        id,
        createdAt: new Date(createdMs),
        supersededAt: date(supersededMs),
        quarantinedAt: date(quarantinedMs),
      },
    },
  };
}
