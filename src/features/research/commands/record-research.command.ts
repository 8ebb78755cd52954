// recordResearch: one accepted research write = the object, its target bindings, its relations and
// supersessions, the inline sparse document and the change events, all committed atomically.
//
// The store hands out accessions and event sequences from gap-free counter rows, which serialise
// every write while they are held. So a write does all it can before taking them: validation, the
// classifier (both of its verdicts: below and at the near-duplicate flood threshold) and the sparse
// document's analysis; then one statement resolves what it needs from the store (the project's problem,
// bindings, membership, the near-duplicate count), takes both counters and writes every row
// (record-research.statement.ts). Without supersessions that statement is the whole write, in autocommit,
// one round trip; with them, it is the last statement of a transaction that first marks the superseded
// records. Either way the counters are held from that statement to the commit, and no longer.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Prisma, PrismaClient, ResearchObject } from "../../../generated/prisma/client.js";
import type { EvidenceGrade, RelationType, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import { CURRENT_PAYLOAD_VERSION, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { contentDigest } from "../../../platform/lib/canonical-json.js";
import { tokenizeSentences, type SentenceTokens } from "../../../text/sentences.js";
import {
  maintainResearchDocuments,
  researchDocumentContent,
  RESEARCH_SPARSE_VIEW,
} from "../projection/research-documents.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
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
import { findResearchObjects, projectUuid, researchObjectNotFound } from "../domain/research-refs.js";
import { markSuperseded } from "./supersede-research.command.js";
import type { ResearchWriteBatcher } from "./research-write-batcher.js";
import type { RecentClaims } from "./recent-claims.js";
import { curates, requireProjectWriter } from "../domain/project-access.js";
import { lookUpReplay, type KeyScope } from "../domain/replay-lookup.js";
import { IdempotencyConflictError } from "../domain/research.errors.js";
import { recordTextShape, verdictsFor } from "../domain/record-verdict.js";
import { writeResearchRows, type StatementEvent } from "../domain/record-research.statement.js";
import { objectOf, recordEvents, recordRows, verdictFields, type RecordContent } from "./record-research.rows.js";

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
  /** Where the record's text analysis goes for the memory view's refresh in this process (none: it analyses again). */
  analysedTexts?: AnalysedTextSink;
  /** Keys this process saw claimed and its writes in flight, so a retry reads its answer (none: every retry writes first). */
  recentClaims?: RecentClaims;
}

/** A consumer of a write's text analysis in the same process (the memory projector's MemberTextCache). */
export interface AnalysedTextSink {
  offer(contentHash: string, text: { title: string; body: string }, sentences: SentenceTokens): void;
}

/** The project's routing target, for the checks that precede the statement (relations, supersessions). */
async function requireProjectRouting(pool: pg.Pool, projectId: string, ref: string): Promise<string> {
  const { rows } = await pool.query<{ routing_target_id: string }>({
    name: "record-research-routing",
    text: "SELECT routing_target_id::text FROM projects WHERE id = $1::uuid",
    values: [projectId],
  });
  if (!rows[0]) throw new NotFoundError(`No project ${ref}`, ref);
  return rows[0].routing_target_id;
}

/**
 * The project's problem and the relation targets, read at once (on two connections, not one after the
 * other), then checked in order: the project first, then each target, which must belong to the same problem.
 * This may precede the write: a record's problem changes only by a merge, which moves every record and project
 * of the merged problem to the survivor together, so two records found on one problem stay on one problem.
 */
async function checkedRelations(
  props: RecordResearchProps,
  projectId: string,
): Promise<{ routingTargetId: string; relations: RecordContent["relations"] }> {
  const listed = props.input.relations ?? [];
  // Both reads settle before either is judged, so a missing project is reported before a bad target ref.
  const [routing, found] = await Promise.allSettled([
    requireProjectRouting(props.pool, projectId, props.input.projectId),
    findResearchObjects(
      props.prisma,
      listed.map((relation) => relation.target),
    ),
  ]);
  if (routing.status === "rejected") throw routing.reason;
  if (found.status === "rejected") throw found.reason;
  const routingTargetId = routing.value;
  const targets = found.value;
  const relations = listed.map((relation, index) => {
    const target = targets[index];
    if (!target) throw researchObjectNotFound(relation.target);
    if (target.routingTargetId !== routingTargetId) {
      throw new InvalidInputError(
        `R${target.accession} belongs to another problem; relations join objects of the same problem`,
        "relations",
        "CROSS_TARGET_RELATION",
      );
    }
    return { type: relation.type, note: relation.note ?? null, targetId: target.id, targetAccession: target.accession };
  });
  return { routingTargetId, relations };
}

export async function recordResearch(props: RecordResearchProps): Promise<Outcome> {
  const { input, operator } = props;
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
  const scope = { operatorId: operator.id, operation: "recordResearch", scope: projectId, key };
  const write = () =>
    writeRecord(props, { title, body, branch, artifact, formal, metadata, projectId, evidenceGrade, scope, digest });
  // A retry of a key this process saw claimed, or is writing, reads the stored answer before any of the write's work.
  return props.recentClaims
    ? props.recentClaims.answer(scope, () => answerFromStore(props, scope, digest), write)
    : write();
}

type Outcome = { object: ResearchObject; replayed: boolean; sequence: bigint | null };

/** The request as validated, with its key's scope and its digest. */
type ValidatedRequest = Pick<
  RecordContent,
  "title" | "body" | "branch" | "artifact" | "formal" | "metadata" | "projectId" | "evidenceGrade"
> & { scope: KeyScope; digest: string };

async function writeRecord(props: RecordResearchProps, request: ValidatedRequest): Promise<Outcome> {
  const { input, operator, prisma } = props;
  const { title, body, branch, artifact, formal, metadata, projectId, evidenceGrade, scope, digest } = request;
  const contentHash = contentDigest({ kind: input.kind, title, body, artifact, formal });
  const shaped = recordTextShape({ title, body, artifact, formal });
  const sentences = tokenizeSentences(title, body);
  const document = researchDocumentContent(
    {
      title,
      body,
      branchName: branch,
      artifact: (artifact ?? null) as Prisma.JsonValue,
      formal: (formal ?? null) as Prisma.JsonValue,
    },
    sentences,
  );
  props.analysedTexts?.offer(contentHash, { title, body }, sentences);

  // The research view's state and pointer exist before the statement reads the pointer.
  await props.inlineViews.prepare(prisma, RESEARCH_SPARSE_VIEW);
  // Relations and supersessions are checked against the project's problem before the statement; a
  // plain write reads nothing first (a merge only joins problems, so a same-problem check stays true).
  const { routingTargetId, relations } =
    input.relations?.length || input.supersedes?.length
      ? await checkedRelations(props, projectId)
      : { routingTargetId: null, relations: [] };
  // Instruction-like or repetitive text is kept, but quarantined: out of packets except audits. Whether
  // the target is flooded with near-duplicates the statement counts; it takes one of the two verdicts.
  const both = verdictsFor(shaped);
  const verdicts = { usual: verdictFields(both.usual), flooded: verdictFields(both.flooded) };

  const content: RecordContent = {
    kind: input.kind,
    title,
    body,
    branch,
    artifact,
    formal,
    metadata,
    projectId,
    evidenceGrade,
    contentHash,
    textShape: shaped.shape,
    document,
    operator,
    verdicts,
    relations,
  };
  const outcome = input.supersedes?.length
    ? await writeWithSupersessions(props, {
        scope,
        digest,
        content,
        supersedes: input.supersedes,
        routingTargetId: routingTargetId!,
      })
    : await writeWithoutTransaction(props, { scope, digest, content });
  // The statement sent the notice at its commit where the database carries notices (server).
  if (outcome.sequence !== null) props.notifier.committed(outcome.sequence, "research");
  return outcome;
}

/**
 * A write that supersedes records: one transaction checks the writer, claims the key, marks each superseded
 * record and rewrites its sparse document, then runs the write's statement, which holds the counters to the commit.
 */
async function writeWithSupersessions(
  props: RecordResearchProps,
  write: { scope: KeyScope; digest: string; content: RecordContent; supersedes: string[]; routingTargetId: string },
): Promise<Outcome> {
  const { prisma, operator } = props;
  const { content } = write;
  return prisma.$transaction(async (tx) => {
    await requireProjectWriter(tx, content.projectId, operator, "record research in it");
    const claim = await claimIdempotencyKey(tx, write.scope, write.digest);
    if (claim.replay)
      return {
        object: await tx.researchObject.findUniqueOrThrow({ where: { id: claim.resultId } }),
        replayed: true,
        sequence: null,
      };
    // A record being written is never SUPERSEDED, whichever verdict the statement takes.
    const successor = {
      id: claim.resultId,
      accession: null,
      routingTargetId: write.routingTargetId,
      contentHash: content.contentHash,
      state: content.verdicts.usual.state as ResearchState,
    };
    const marked = [];
    for (const ref of write.supersedes)
      marked.push(await markSuperseded(tx, { successor, supersededRef: ref, operator, reason: null }));
    await maintainResearchDocuments(
      tx,
      marked.map((entry) => entry.supersededId),
    );
    const rows = recordRows(
      content,
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
      { ...rows, claim: null, events: recordEvents(content, rows, superseded) },
      props.inlineViews,
      props.notifier.statementChannel,
    );
    if (!written) throw new Error("recordResearch: the ordered statement wrote nothing after its claim");
    return { object: objectOf(rows, written), replayed: false, sequence: written.sequence };
  }, WRITE_TRANSACTION);
}

/** How many times a write whose claim found neither a record nor a refusal is tried again (a membership added meanwhile). */
const UNCLAIMED_ATTEMPTS = 3;

/**
 * What the store holds under the key, in one read (replay-lookup.ts): the recorded request's object as a replay,
 * or the error that explains why the key cannot be written (no such project, a writer who may not write here, a
 * different request under the key); null when the key is free. The refusal is checked before the replay, as the
 * claim checks the writer before it replays.
 */
async function answerFromStore(props: RecordResearchProps, scope: KeyScope, digest: string): Promise<Outcome | null> {
  const { operator, input } = props;
  const { projectExists, role, recorded } = await lookUpReplay(props.pool, scope.scope, scope);
  if (!projectExists) throw new NotFoundError(`No project ${input.projectId}`, input.projectId);
  // Refused: the check that words the refusal (it reads the project's slug only then).
  if (!role && !curates(operator))
    await requireProjectWriter(props.prisma, scope.scope, operator, "record research in it");
  if (!recorded) return null;
  if (recorded.requestHash !== digest) throw new IdempotencyConflictError(scope.key);
  props.recentClaims?.remember(scope);
  return { object: recorded.object, replayed: true, sequence: null };
}

/**
 * The write as one autocommit statement that also claims the key and checks the writer. When it
 * writes nothing the key was used (replay, or a different request: conflict), the writer may not write
 * here (refused) or the project does not exist; one read (answerFromStore) then tells which.
 */
async function writeWithoutTransaction(
  props: RecordResearchProps,
  write: { scope: KeyScope; digest: string; content: RecordContent },
): Promise<Outcome> {
  const curator = curates(props.operator);
  for (let attempt = 1; ; attempt += 1) {
    const rows = recordRows(write.content, randomUUID(), []);
    const statementInput = {
      ...rows,
      claim: { ...write.scope, requestHash: write.digest, curates: curator },
      events: recordEvents(write.content, rows, []),
    };
    if (props.batcher) {
      // The batcher announced the batch's commit before it answered: nothing left to announce here.
      const written = await props.batcher.write(statementInput);
      if (written) return { object: objectOf(rows, written), replayed: false, sequence: null };
    } else {
      const written = await writeResearchRows(
        props.pool,
        statementInput,
        props.inlineViews,
        props.notifier.statementChannel,
      );
      if (written) return { object: objectOf(rows, written), replayed: false, sequence: written.sequence };
    }
    const answer = await answerFromStore(props, write.scope, write.digest);
    if (answer) return answer;
    if (attempt >= UNCLAIMED_ATTEMPTS)
      throw new Error(`recordResearch: key ${write.scope.key} was neither claimed nor found`);
  }
}
