// recordResearch: one accepted research write = the object, its target bindings, its relations and
// supersessions, the inline sparse document and the change events, all committed atomically.
//
// The store hands out accessions and event sequences from gap-free counter rows, which serialise
// every write while they are held. So a write does all it can before taking them: validation, the
// reads (project, bindings, relation targets, the classifier's near-duplicate count), the classifier
// and the sparse document's analysis; then one statement takes both counters and writes every row
// (record-research.statement.ts). Without supersessions that statement is the whole write, in
// autocommit; with them, it is the last statement of a transaction that first marks the superseded
// records. Either way the counters are held from that statement to the commit, and no longer.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Prisma, PrismaClient, ResearchObject } from "../../../generated/prisma/client.js";
import type { EvidenceGrade, RelationType, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";
import { WRITE_TRANSACTION, type TransactionClient } from "../../../platform/db/transaction.js";
import { CURRENT_PAYLOAD_VERSION, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { contentDigest } from "../../../platform/lib/canonical-json.js";
import {
  maintainResearchDocuments,
  researchDocumentContent,
  RESEARCH_SPARSE_VIEW,
} from "../projection/research-documents.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { exactGoalFingerprint, structuralGoalFingerprint } from "../domain/goal-fingerprint.js";
import { claimIdempotencyKey, requestDigest, validateIdempotencyKey } from "../domain/idempotency.js";
import {
  type ArtifactInput,
  type FormalInput,
  validateArtifact,
  validateBranch,
  validateCounts,
  validateFormal,
  validateMetadata,
  validateTitleBody,
} from "../domain/research-input.js";
import { projectUuid, requireResearchObject } from "../domain/research-refs.js";
import { markSuperseded } from "./supersede-research.command.js";
import type { ResearchWriteBatcher } from "./research-write-batcher.js";
import { requireProjectWriter } from "../domain/project-access.js";
import { lookUpReplay } from "../domain/replay-lookup.js";
import { IdempotencyConflictError } from "../domain/research.errors.js";
import { kebab } from "../domain/slugs.js";
import { FLOOD_NEAR_DUPLICATES } from "../domain/classify-record-text.js";
import { classifierReason, recordTextShape, verdictFor } from "../domain/record-verdict.js";
import {
  writeResearchRows,
  type StatementEvent,
  type StatementInput,
  type StatementResult,
} from "../domain/record-research.statement.js";

export interface RecordResearchInput {
  projectId: string;
  kind: ResearchKind;
  title: string;
  body: string;
  evidenceGrade?: EvidenceGrade | null;
  branch?: string | null;
  relations?: { type: RelationType; target: string; note?: string | null }[] | null;
  supersedes?: string[] | null;
  artifact?: ArtifactInput | null;
  formal?: FormalInput | null;
  metadata?: unknown;
  idempotencyKey: string;
}

export interface RecordResearchProps {
  prisma: PrismaClient;
  /** The same connections as `prisma`: the hot autocommit statements run on it directly. */
  pool: pg.Pool;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  input: RecordResearchInput;
  /** The service's group commit for writes without a transaction; without it (tools, tests) each write is its own statement. */
  batcher?: ResearchWriteBatcher;
}

/** What the write reads before anything is written: the project, its bindings and the classifier's count. */
interface WriteContext {
  projectId: string;
  problemId: string;
  routingTargetId: string;
  statementFamilyId: string | null;
  declarationId: string | null;
  nearDuplicates: number;
}

/** One round trip (on the pool: no transaction to join); null when the project does not exist. Counting near-duplicates stops at the flood threshold. */
async function loadWriteContext(
  pool: pg.Pool,
  projectId: string,
  shape: string,
  declName: string | null,
): Promise<WriteContext | null> {
  const { rows } = await pool.query<{
    id: string;
    problem_id: string;
    routing_target_id: string;
    statement_family_id: string | null;
    declaration_id: string | null;
    near: number;
  }>({
    name: "record-research-context",
    text: `SELECT p.id::text, p.problem_id::text, p.routing_target_id::text, pr.statement_family_id::text,
      (SELECT d.id::text FROM formal_declarations d WHERE d.problem_id = p.problem_id AND d.decl_name = $3 LIMIT 1) AS declaration_id,
      (SELECT count(*)::int FROM (SELECT 1 FROM research_objects r WHERE r.routing_target_id = p.routing_target_id AND r.text_shape = $2 LIMIT $4) near) AS near
    FROM projects p JOIN problems pr ON pr.id = p.problem_id
    WHERE p.id = $1::uuid`,
    values: [projectId, shape, declName, FLOOD_NEAR_DUPLICATES],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    projectId: row.id,
    problemId: row.problem_id,
    routingTargetId: row.routing_target_id,
    statementFamilyId: row.statement_family_id,
    declarationId: row.declaration_id,
    nearDuplicates: Number(row.near),
  };
}

/** The typed bindings of a new object: always its problem and project, plus family and declaration. */
function targetBindings(context: WriteContext) {
  const targets: { targetKind: "PROBLEM" | "PROJECT" | "STATEMENT_FAMILY" | "FORMAL_DECLARATION"; targetId: string }[] =
    [
      { targetKind: "PROBLEM", targetId: context.problemId },
      { targetKind: "PROJECT", targetId: context.projectId },
    ];
  if (context.statementFamilyId) targets.push({ targetKind: "STATEMENT_FAMILY", targetId: context.statementFamilyId });
  if (context.declarationId) targets.push({ targetKind: "FORMAL_DECLARATION", targetId: context.declarationId });
  return targets;
}

/** Resolves relation targets; they must belong to the same problem (a record's problem never changes, so this may precede the write). */
async function relationTargets(
  prisma: TransactionClient,
  relations: RecordResearchInput["relations"],
  routingTargetId: string,
) {
  const resolved = [];
  for (const relation of relations ?? []) {
    const target = await requireResearchObject(prisma, relation.target);
    if (target.routingTargetId !== routingTargetId) {
      throw new InvalidInputError(
        `R${target.accession} belongs to another problem; relations join objects of the same problem`,
        "relations",
        "CROSS_TARGET_RELATION",
      );
    }
    resolved.push({ relation, target });
  }
  return resolved;
}

export async function recordResearch(props: RecordResearchProps) {
  const { input, operator, prisma } = props;
  const { title, body } = validateTitleBody(input.title, input.body);
  const branch = validateBranch(input.branch);
  validateCounts(input.relations?.length ?? 0, input.supersedes?.length ?? 0);
  const artifact = validateArtifact(input.kind, input.artifact);
  const formal = validateFormal(input.kind, input.formal);
  const metadata = validateMetadata(input.metadata);
  const key = validateIdempotencyKey(input.idempotencyKey);
  const projectId = projectUuid(input.projectId);
  const evidenceGrade = input.evidenceGrade ?? "UNGRADED";
  // Absent, null and empty spell the same request, so a client's retry may serialise either way.
  const digest = requestDigest({
    projectId,
    kind: input.kind,
    title,
    body,
    branch,
    evidenceGrade,
    metadata,
    artifact,
    formal,
    relations: (input.relations ?? []).map((relation) => ({
      type: relation.type,
      target: relation.target,
      note: relation.note ?? null,
    })),
    supersedes: input.supersedes ?? [],
  });
  const contentHash = contentDigest({ kind: input.kind, title, body, artifact, formal });
  const shaped = recordTextShape({ title, body, artifact, formal });
  const document = researchDocumentContent({
    title,
    body,
    branchName: branch,
    artifact: (artifact ?? null) as Prisma.JsonValue,
    formal: (formal ?? null) as Prisma.JsonValue,
  });

  // Reads: none of them needs the counters, so none runs while they are held.
  const [context] = await Promise.all([
    loadWriteContext(props.pool, projectId, shaped.shape, formal?.leanDeclaration ?? null),
    // The research view's state and pointer exist before the statement reads the pointer.
    props.inlineViews.prepare(prisma, RESEARCH_SPARSE_VIEW),
  ]);
  if (!context) throw new NotFoundError(`No project ${input.projectId}`, input.projectId);
  const relations = await relationTargets(prisma, input.relations, context.routingTargetId);
  // Instruction-like or repetitive text is kept, but quarantined: out of packets except audits.
  const verdict = verdictFor(shaped, context.nearDuplicates);
  const state: ResearchState = verdict.flagged ? "QUARANTINED" : "CURRENT";
  const scope = { operatorId: operator.id, operation: "recordResearch", scope: context.projectId, key };

  const rowsFor = (id: string, supersessions: StatementInput["supersessions"]): Omit<StatementInput, "claim"> => ({
    object: {
      id,
      slugSuffix: kebab(title),
      contentHash,
      projectId: context.projectId,
      problemId: context.problemId,
      routingTargetId: context.routingTargetId,
      kind: input.kind,
      title,
      body,
      evidenceGrade,
      state,
      branchName: branch,
      metadata,
      artifact: artifact ?? null,
      formal: formal ?? null,
      goalFingerprint:
        formal?.goal && formal.pinnedWorld ? exactGoalFingerprint(formal.goal, formal.pinnedWorld) : null,
      goalShapeFingerprint:
        formal?.goal && formal.pinnedWorld ? structuralGoalFingerprint(formal.goal, formal.pinnedWorld) : null,
      createdById: operator.id,
      trustFlags: verdict.flags,
      textShape: verdict.textShape,
      quarantined: verdict.flagged,
      quarantineReason: verdict.flagged ? classifierReason(verdict.flags) : null,
      stateBeforeQuarantine: verdict.flagged ? "CURRENT" : null,
    },
    targets: targetBindings(context),
    relations: relations.map(({ relation, target }) => ({
      id: randomUUID(),
      toId: target.id,
      type: relation.type,
      note: relation.note ?? null,
    })),
    supersessions,
    events: [],
    document: { ...document, eligible: state === "CURRENT" },
  });
  const eventsFor = (rows: Omit<StatementInput, "claim">, superseded: StatementEvent[]): StatementEvent[] => [
    {
      routingTargetId: context.routingTargetId,
      projectId: context.projectId,
      resourceType: "research_object",
      resourceId: null,
      eventType: "research.recorded",
      payloadVersion: CURRENT_PAYLOAD_VERSION,
      operatorId: operator.id,
      accessionKey: "accession",
      payload: {
        kind: input.kind,
        branch,
        evidenceGrade,
        contentHash,
        state,
        ...(verdict.flagged ? { trustFlags: verdict.flags } : {}),
      },
    },
    // A new object has no incoming edges, so its outgoing relations cannot close a cycle.
    ...rows.relations.map((edge, index): StatementEvent => ({
      routingTargetId: context.routingTargetId,
      projectId: context.projectId,
      resourceType: "research_relation",
      resourceId: edge.id,
      eventType: "research.related",
      payloadVersion: CURRENT_PAYLOAD_VERSION,
      operatorId: operator.id,
      accessionKey: "from",
      payload: { to: `R${relations[index]!.target.accession}`, type: edge.type },
    })),
    ...superseded,
  ];

  let outcome: { object: ResearchObject; replayed: boolean; sequence: bigint | null };
  if (!input.supersedes?.length) {
    outcome = await writeWithoutTransaction(props, { scope, digest, rowsFor, eventsFor, context });
  } else {
    outcome = await prisma.$transaction(async (tx) => {
      await requireProjectWriter(tx, context.projectId, operator, "record research in it");
      const claim = await claimIdempotencyKey(tx, scope, digest);
      if (claim.replay)
        return {
          object: await tx.researchObject.findUniqueOrThrow({ where: { id: claim.resultId } }),
          replayed: true,
          sequence: null,
        };
      const successor = {
        id: claim.resultId,
        accession: null,
        routingTargetId: context.routingTargetId,
        contentHash,
        state,
      };
      const marked = [];
      for (const ref of input.supersedes ?? [])
        marked.push(await markSuperseded(tx, { successor, supersededRef: ref, operator, reason: null }));
      await maintainResearchDocuments(
        tx,
        marked.map((entry) => entry.supersededId),
      );
      const rows = rowsFor(
        claim.resultId,
        marked.map((entry) => ({ supersededId: entry.supersededId, reason: null })),
      );
      const superseded = marked.map(({ event }): StatementEvent => ({
        ...event,
        projectId: event.projectId ?? null,
        operatorId: event.operatorId ?? null,
        payloadVersion: event.payloadVersion ?? CURRENT_PAYLOAD_VERSION,
      }));
      const written = await writeResearchRows(
        tx,
        { ...rows, claim: null, events: eventsFor(rows, superseded) },
        props.inlineViews,
        props.notifier.statementChannel,
      );
      if (!written) throw new Error("recordResearch: the ordered statement wrote nothing after its claim");
      return { object: objectOf(rows, written), replayed: false, sequence: written.sequence };
    }, WRITE_TRANSACTION);
  }
  // The statement sent the notice at its commit where the database carries notices (server).
  if (outcome.sequence !== null) props.notifier.committed(outcome.sequence, "research");
  return outcome;
}

/** The stored row, as the statement wrote it (no read back). */
function objectOf(rows: Omit<StatementInput, "claim">, written: StatementResult): ResearchObject {
  const o = rows.object;
  return {
    id: o.id,
    accession: written.accession,
    slug: `r${written.accession}-${o.slugSuffix}`,
    contentHash: o.contentHash,
    projectId: o.projectId,
    problemId: o.problemId,
    routingTargetId: o.routingTargetId,
    kind: o.kind as ResearchKind,
    title: o.title,
    body: o.body,
    evidenceGrade: o.evidenceGrade as EvidenceGrade,
    state: o.state as ResearchState,
    branchName: o.branchName,
    metadata: o.metadata as Prisma.JsonValue,
    artifact: (o.artifact ?? null) as Prisma.JsonValue,
    formal: (o.formal ?? null) as Prisma.JsonValue,
    goalFingerprint: o.goalFingerprint,
    goalShapeFingerprint: o.goalShapeFingerprint,
    createdById: o.createdById,
    createdAt: written.createdAt,
    supersededAt: null,
    trustFlags: o.trustFlags,
    quarantineReason: o.quarantineReason,
    stateBeforeQuarantine: o.stateBeforeQuarantine as ResearchState | null,
    quarantinedAt: written.quarantinedAt,
    textShape: o.textShape,
  };
}

/** How many times a write whose claim found neither a record nor a refusal is tried again (a membership added meanwhile). */
const UNCLAIMED_ATTEMPTS = 3;

/**
 * The write as one autocommit statement that also claims the key and checks the writer. When it
 * writes nothing the key was used (replay, or a different request: conflict) or the writer may not
 * write here (refused); one read of both (replay-lookup.ts) then tells which.
 */
async function writeWithoutTransaction(
  props: RecordResearchProps,
  write: {
    scope: { operatorId: string; operation: string; scope: string; key: string };
    digest: string;
    context: WriteContext;
    rowsFor: (id: string, supersessions: StatementInput["supersessions"]) => Omit<StatementInput, "claim">;
    eventsFor: (rows: Omit<StatementInput, "claim">, superseded: StatementEvent[]) => StatementEvent[];
  },
): Promise<{ object: ResearchObject; replayed: boolean; sequence: bigint | null }> {
  const { prisma, operator } = props;
  const curates = operator.role === "CURATOR" || operator.role === "ADMIN";
  for (let attempt = 1; ; attempt += 1) {
    const rows = write.rowsFor(randomUUID(), []);
    const input = {
      ...rows,
      claim: { ...write.scope, requestHash: write.digest, curates },
      events: write.eventsFor(rows, []),
    };
    if (props.batcher) {
      // The batcher announced the batch's commit before it answered: nothing left to announce here.
      const written = await props.batcher.write(input);
      if (written) return { object: objectOf(rows, written), replayed: false, sequence: null };
    } else {
      const written = await writeResearchRows(props.pool, input, props.inlineViews, props.notifier.statementChannel);
      if (written) return { object: objectOf(rows, written), replayed: false, sequence: written.sequence };
    }
    const { role, recorded } = await lookUpReplay(props.pool, write.context.projectId, write.scope);
    // Refused: the check that words the refusal (it reads the project's slug only then).
    if (!role && !curates)
      await requireProjectWriter(prisma, write.context.projectId, operator, "record research in it");
    if (recorded) {
      if (recorded.requestHash !== write.digest) throw new IdempotencyConflictError(write.scope.key);
      return { object: recorded.object, replayed: true, sequence: null };
    }
    if (attempt >= UNCLAIMED_ATTEMPTS)
      throw new Error(`recordResearch: key ${write.scope.key} was neither claimed nor found`);
  }
}
