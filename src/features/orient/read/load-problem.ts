// DB read: the canonical problem behind an exact ref, with its open advisories, statement accession,
// the pinned worlds of its Lean declarations, and (in the same statement) the derived views' freshness
// (view-freshness.ts). Free text is refused with a pointer to discoverProblems. A merged problem's
// identifiers load its survivor; an ended challenge period reads as ended (intake/challenge-period.ts).
import type { Sql } from "./sql.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { IDENTITY_PRECEDENCE, pickByPrecedence, probeKeys } from "../../identity/domain/identifier-keys.js";
import { validateRef } from "../../identity/domain/resolve-problem-ref.js";
import { AmbiguousRefError } from "../../research/domain/research.errors.js";
import { projectUuid } from "../../research/domain/research-refs.js";
import { MEMORY_VIEW } from "../../memory/domain/memory.constants.js";
import { settledPublication } from "../../intake/domain/challenge-period.js";
import type { EnvelopeProblem } from "../domain/envelope.js";
import type { ViewFreshness } from "../../../projections/freshness.js";
import { FRESHNESS_VIEWS, freshnessOf, type FreshnessColumns } from "./view-freshness.js";

export interface LoadedProblem extends EnvelopeProblem {
  matchedBy: string;
  pinnedWorlds: string[];
  /**
   * The memory version the pointer serves and the mark of the target's checkpoint head in it: the key
   * under which cached checkpoints are exact (orient-caches.ts). Null when there is no such head.
   */
  memoryHead: { version: number | null; highWaterMark: string | null };
  /**
   * The newest change-event sequence on the target ("0" before any): every write that changes a
   * record's state or relations appends an event there, so an equal generation means equal states and
   * relations (orient-caches.ts).
   */
  generation: string;
  /** The derived views' freshness, read in the identity statement's snapshot. */
  freshness: ViewFreshness[];
}

type ProblemRow = FreshnessColumns & {
  matched_kind: string;
  matched_value: string;
  id: string;
  stable_id: string;
  number: number | null;
  slug: string;
  title: string;
  statement: string | null;
  definitions: unknown;
  resolution_state: string;
  publication_state: string;
  challenge_deadline: Date | null;
  acceptance_conditions: string | null;
  statement_family_accession: number | null;
  pinned_worlds: string[];
  memory_version: number | null;
  head_mark: string | null;
  generation: string | null;
  advisories: { id: string; kind: string; message: string; blocking: boolean; raisedAt: string }[];
};

/** Three or more words with no identifier shape: a description, not a ref. */
function looksLikeFreeText(ref: string): boolean {
  return ref.trim().split(/\s+/).length >= 3 && !/^(?:erd(?:ő|o)s|#)/i.test(ref.trim());
}

/**
 * One round trip: the identifier rows matching the ref's probe keys (resolveProblemRefs' lookup), each
 * with its problem, open advisories, statement accession and pinned worlds. The precedence rule then
 * picks the resolution exactly as modules/identity does. The freshness columns are uncorrelated
 * subqueries, evaluated once per statement whatever the number of identifier rows.
 */
export async function loadProblem(sql: Sql, ref: string): Promise<LoadedProblem> {
  const probes = probeKeys(validateRef(ref));
  const rows =
    probes.length === 0
      ? []
      : await sql<ProblemRow>`
    SELECT i.kind::text AS matched_kind, i.value AS matched_value,
           p.id::text, p.stable_id, p.number, p.slug, p.title, p.statement, p.definitions, p.resolution_state::text, p.publication_state::text,
           p.challenge_deadline AT TIME ZONE 'UTC' AS challenge_deadline, p.acceptance_conditions, f.accession AS statement_family_accession,
           COALESCE((SELECT json_agg(json_build_object('id', a.id, 'kind', a.kind, 'message', a.message, 'blocking', a.blocking, 'raisedAt', a.raised_at) ORDER BY a.raised_at, a.id)
                     FROM advisories a WHERE a.problem_id = p.id AND a.resolved_at IS NULL), '[]'::json) AS advisories,
           ARRAY(SELECT d.pinned_world FROM formal_declarations d WHERE d.problem_id = p.id GROUP BY d.pinned_world ORDER BY min(d.id::text) LIMIT 8) AS pinned_worlds,
           memory.version AS memory_version,
           (SELECT h.high_water_mark::text FROM checkpoint_heads h WHERE h.version = memory.version AND h.scope = 'TARGET' AND h.scope_id = p.id) AS head_mark,
           (SELECT max(e.sequence)::text FROM change_events e WHERE e.routing_target_id = p.id) AS generation,
           COALESCE((SELECT json_agg(json_build_object('view', s.view, 'version', s.version, 'status', s.status, 'highWaterMark', s.high_water_mark::text))
                     FROM projection_states s WHERE s.view = ANY(${FRESHNESS_VIEWS}::text[]) AND s.status::text IN ('SERVING', 'BUILDING')), '[]'::json) AS view_states,
           COALESCE((SELECT json_agg(json_build_object('view', pp.view, 'servingVersion', pp.serving_version))
                     FROM projection_pointers pp WHERE pp.view = ANY(${FRESHNESS_VIEWS}::text[])), '[]'::json) AS view_pointers,
           (SELECT max(sequence)::text FROM change_events) AS event_head
    FROM (SELECT (SELECT serving_version FROM projection_pointers WHERE view = ${MEMORY_VIEW}) AS version) memory CROSS JOIN problem_identifiers i JOIN problems named ON named.id = i.problem_id JOIN problems p ON p.id = COALESCE(named.merged_into_id, named.id) LEFT JOIN statement_families f ON f.id = p.statement_family_id
    WHERE i.value = ANY(${probes.map((probe) => probe.key)}::text[])
      AND i.kind::text || ':' || i.value = ANY(${probes.map((probe) => `${probe.kind}:${probe.key}`)}::text[])
    ORDER BY array_position(${IDENTITY_PRECEDENCE}::text[], i.kind::text), p.id LIMIT 64`;
  const matched = pickByPrecedence(
    probes,
    rows.map((row) => ({ ...row, kind: row.matched_kind, value: row.matched_value, problemId: row.id })),
  );
  if (matched && matched.rows.length > 1)
    throw new AmbiguousRefError(ref, matched.rows.map((row) => row.stable_id).sort());
  const problem = matched?.rows[0];
  if (!matched || !problem) {
    const hint = looksLikeFreeText(ref)
      ? "problemRef takes an exact identifier, not a description: find the problem with discoverProblems(text) first"
      : `No problem has the identifier "${ref}"; for free text use discoverProblems`;
    throw new NotFoundError(hint, ref, looksLikeFreeText(ref) ? "FREE_TEXT_REF" : "NOT_FOUND");
  }
  return {
    id: problem.id,
    stableId: problem.stable_id,
    number: problem.number,
    slug: problem.slug,
    title: problem.title,
    statement: problem.statement,
    definitions: problem.definitions,
    resolutionState: problem.resolution_state,
    publicationState: settledPublication(
      {
        publicationState: problem.publication_state,
        challengeDeadline: problem.challenge_deadline,
        openAdvisoryCount: problem.advisories.length,
      },
      new Date(),
    ),
    challengeDeadline: problem.challenge_deadline,
    acceptanceConditions: problem.acceptance_conditions,
    statementFamilyAccession: problem.statement_family_accession,
    // json_agg carries timestamps as text: restore the Date the envelope (and its schema) expects.
    advisories: problem.advisories.map((advisory) => ({ ...advisory, raisedAt: new Date(`${advisory.raisedAt}Z`) })),
    matchedBy: matched.kind,
    pinnedWorlds: problem.pinned_worlds,
    memoryHead: { version: problem.memory_version, highWaterMark: problem.head_mark },
    generation: problem.generation ?? "0",
    freshness: freshnessOf(problem),
  };
}

/** The requested project's routing target (null when none was requested); checked by checkProjectScope. */
export async function loadProject(
  sql: Sql,
  projectId: string | null | undefined,
): Promise<{ id: string; routingTargetId: string } | null> {
  if (projectId === null || projectId === undefined) return null;
  const id = projectUuid(projectId);
  const [project] = await sql<{
    id: string;
    routingTargetId: string;
  }>`SELECT id::text, routing_target_id::text AS "routingTargetId" FROM projects WHERE id = ${id}::uuid`;
  if (!project) throw new NotFoundError(`No project ${projectId}`, projectId);
  return project;
}

/** The requested project, which must exist and belong to the resolved problem's target. */
export function checkProjectScope(
  project: { id: string; routingTargetId: string } | null,
  projectId: string | null | undefined,
  targetId: string,
): string | null {
  if (project === null) return null;
  if (project.routingTargetId !== targetId) {
    throw new InvalidInputError(
      `Project ${projectId} belongs to another problem; omit projectId or pass one of this problem's projects`,
      "projectId",
      "PROJECT_NOT_ON_PROBLEM",
    );
  }
  return project.id;
}
