// recordResearch: one accepted research write = the object, its target bindings, its relations and
// supersessions, the inline sparse document and the change events, all in one transaction.
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { EvidenceGrade, RelationType, ResearchKind } from "../../generated/prisma/enums.js";
import { WRITE_TRANSACTION, type TransactionClient } from "../../db/transaction.js";
import { allocate } from "../../events/counters.js";
import { appendEvents, type NewChangeEvent } from "../../events/change-events.js";
import type { EventNotifier } from "../../events/notifier.js";
import { InvalidInputError, NotFoundError } from "../../errors/domain-error.js";
import { contentDigest } from "../../lib/canonical-json.js";
import { maintainResearchDocuments } from "../../projections/research-documents.js";
import type { AuthenticatedOperator } from "../operators/operator.commands.js";
import { exactGoalFingerprint, structuralGoalFingerprint } from "./goal-fingerprint.js";
import { claimIdempotencyKey, requestDigest, validateIdempotencyKey } from "./idempotency.js";
import {
  type ArtifactInput, type FormalInput, validateArtifact, validateBranch, validateCounts, validateFormal,
  validateMetadata, validateTitleBody,
} from "./research-input.js";
import { projectUuid, requireResearchObject } from "./research-refs.js";
import { supersedeWithin } from "./supersede-research.command.js";
import { requireProjectWriter } from "./project-access.js";
import { kebab } from "./slugs.js";
import { classifierReason, writeVerdict } from "./trust/record-verdict.js";

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
  notifier: EventNotifier;
  operator: AuthenticatedOperator;
  input: RecordResearchInput;
}

/** The typed bindings of a new object: always its problem and project, plus family and declaration. */
async function targetBindings(tx: TransactionClient, problemId: string, projectId: string, formal: FormalInput | null) {
  const problem = await tx.problem.findUniqueOrThrow({ where: { id: problemId }, select: { statementFamilyId: true } });
  const targets: { targetKind: "PROBLEM" | "PROJECT" | "STATEMENT_FAMILY" | "FORMAL_DECLARATION"; targetId: string }[] = [
    { targetKind: "PROBLEM", targetId: problemId },
    { targetKind: "PROJECT", targetId: projectId },
  ];
  if (problem.statementFamilyId) targets.push({ targetKind: "STATEMENT_FAMILY", targetId: problem.statementFamilyId });
  if (formal?.leanDeclaration) {
    const declaration = await tx.formalDeclaration.findFirst({ where: { problemId, declName: formal.leanDeclaration } });
    if (declaration) targets.push({ targetKind: "FORMAL_DECLARATION", targetId: declaration.id });
  }
  return targets;
}

/** Resolves relation targets; they must belong to the same problem. */
async function relationTargets(tx: TransactionClient, relations: RecordResearchInput["relations"], routingTargetId: string) {
  const resolved = [];
  for (const relation of relations ?? []) {
    const target = await requireResearchObject(tx, relation.target);
    if (target.routingTargetId !== routingTargetId) {
      throw new InvalidInputError(`R${target.accession} belongs to another problem; relations join objects of the same problem`, "relations", "CROSS_TARGET_RELATION");
    }
    resolved.push({ relation, target });
  }
  return resolved;
}

export async function recordResearch(props: RecordResearchProps) {
  const { input, operator } = props;
  const { title, body } = validateTitleBody(input.title, input.body);
  const branch = validateBranch(input.branch);
  validateCounts(input.relations?.length ?? 0, input.supersedes?.length ?? 0);
  const artifact = validateArtifact(input.kind, input.artifact);
  const formal = validateFormal(input.kind, input.formal);
  const metadata = validateMetadata(input.metadata);
  const key = validateIdempotencyKey(input.idempotencyKey);
  const projectId = projectUuid(input.projectId);
  const project = await props.prisma.project.findUnique({ where: { id: projectId } });
  if (!project) throw new NotFoundError(`No project ${input.projectId}`, input.projectId);
  const evidenceGrade = input.evidenceGrade ?? "UNGRADED";
  // Absent, null and empty spell the same request, so a client's retry may serialise either way.
  const digest = requestDigest({
    projectId, kind: input.kind, title, body, branch, evidenceGrade, metadata, artifact, formal,
    relations: (input.relations ?? []).map((relation) => ({ type: relation.type, target: relation.target, note: relation.note ?? null })),
    supersedes: input.supersedes ?? [],
  });
  const contentHash = contentDigest({ kind: input.kind, title, body, artifact, formal });

  const result = await props.prisma.$transaction(async (tx) => {
    await requireProjectWriter(tx, project.id, operator, "record research in it");
    const claim = await claimIdempotencyKey(tx, { operatorId: operator.id, operation: "recordResearch", scope: project.id, key }, digest);
    if (claim.replay) return { object: await tx.researchObject.findUniqueOrThrow({ where: { id: claim.resultId } }), replayed: true, sequence: null };
    // Reads first: the accession counter row stays locked from allocation to commit, so keep that short.
    const targets = await targetBindings(tx, project.problemId, project.id, formal);
    const relations = await relationTargets(tx, input.relations, project.routingTargetId);
    // Instruction-like or repetitive text is kept, but quarantined: out of packets except audits.
    const verdict = await writeVerdict(tx, project.routingTargetId, { title, body, artifact, formal });
    const accession = Number(await allocate(tx, "research_accession"));
    const object = await tx.researchObject.create({
      data: {
        id: claim.resultId, accession, slug: `r${accession}-${kebab(title)}`, contentHash,
        projectId: project.id, problemId: project.problemId, routingTargetId: project.routingTargetId,
        kind: input.kind, title, body, evidenceGrade, branchName: branch,
        metadata: metadata as Prisma.InputJsonObject,
        artifact: (artifact ?? undefined) as Prisma.InputJsonObject | undefined,
        formal: (formal ?? undefined) as Prisma.InputJsonObject | undefined,
        goalFingerprint: formal?.goal && formal.pinnedWorld ? exactGoalFingerprint(formal.goal, formal.pinnedWorld) : null,
        goalShapeFingerprint: formal?.goal && formal.pinnedWorld ? structuralGoalFingerprint(formal.goal, formal.pinnedWorld) : null,
        createdById: operator.id,
        textShape: verdict.textShape, trustFlags: verdict.flags,
        ...(verdict.flagged ? { state: "QUARANTINED", stateBeforeQuarantine: "CURRENT", quarantineReason: classifierReason(verdict.flags), quarantinedAt: new Date() } : {}),
      },
    });
    await tx.researchTarget.createMany({ data: targets.map((target) => ({ ...target, researchObjectId: object.id })) });
    const events: NewChangeEvent[] = [{
      routingTargetId: project.routingTargetId, projectId: project.id, resourceType: "research_object", resourceId: object.id,
      eventType: "research.recorded", operatorId: operator.id,
      payload: { accession: `R${accession}`, kind: input.kind, branch, evidenceGrade, contentHash, state: object.state, ...(verdict.flagged ? { trustFlags: verdict.flags } : {}) },
    }];
    // A new object has no incoming edges, so its outgoing relations cannot close a cycle.
    for (const { relation, target } of relations) {
      const edge = await tx.researchRelation.create({ data: { fromId: object.id, toId: target.id, type: relation.type, note: relation.note ?? null, createdById: operator.id } });
      events.push({
        routingTargetId: project.routingTargetId, projectId: project.id, resourceType: "research_relation", resourceId: edge.id,
        eventType: "research.related", operatorId: operator.id,
        payload: { from: `R${accession}`, to: `R${target.accession}`, type: relation.type },
      });
    }
    for (const ref of input.supersedes ?? []) events.push(await supersedeWithin(tx, { supersedingId: object.id, supersededRef: ref, operator, reason: null }));
    await maintainResearchDocuments(tx, [object.id, ...events.filter((e) => e.eventType === "research.superseded").map((e) => e.resourceId)]);
    const sequence = await appendEvents(tx, events);
    return { object, replayed: false, sequence };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence);
  return result;
}
