// What recordResearch's statement writes for one record (record-research.statement.ts): the object row with
// both classifier verdicts, its relation edges, supersessions, sparse document and change events, and the
// object as the statement wrote it, answered without reading it back.
import { randomUUID } from "node:crypto";
import type { Prisma, ResearchObject } from "../../../generated/prisma/client.js";
import type { EvidenceGrade, RelationType, ResearchKind, ResearchState } from "../../../generated/prisma/enums.js";
import { CURRENT_PAYLOAD_VERSION } from "../../../events/change-events.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import type { researchDocumentContent } from "../projection/research-documents.js";
import { exactGoalFingerprint, structuralGoalFingerprint } from "../domain/goal-fingerprint.js";
import type { validateArtifact, validateFormal, validateMetadata } from "../domain/research-input.js";
import { kebab } from "../domain/slugs.js";
import { classifierReason, type WriteVerdict } from "../domain/record-verdict.js";
import type {
  StatementEvent,
  StatementInput,
  StatementResult,
  VerdictFields,
} from "../domain/record-research.statement.js";

/** A statement's rows before its idempotency claim is added (the claim differs between the two write paths). */
export type RecordRows = Omit<StatementInput, "claim">;

/** The record as validated and analysed, before its id is drawn: everything its rows are made of. */
export interface RecordContent {
  kind: ResearchKind;
  title: string;
  body: string;
  branch: string | null;
  artifact: ReturnType<typeof validateArtifact>;
  formal: ReturnType<typeof validateFormal>;
  metadata: ReturnType<typeof validateMetadata>;
  projectId: string;
  evidenceGrade: EvidenceGrade;
  contentHash: string;
  textShape: string;
  document: ReturnType<typeof researchDocumentContent>;
  operator: AuthenticatedOperator;
  /** The classifier's two verdicts (below and at the near-duplicate flood threshold); the statement takes one. */
  verdicts: { usual: VerdictFields; flooded: VerdictFields };
  /** Resolved relation targets, checked to be on the record's problem. */
  relations: readonly { type: RelationType; note: string | null; targetId: string; targetAccession: number }[];
}

/** What the verdict decides about the stored record, as the statement takes it. */
export function verdictFields(verdict: WriteVerdict): VerdictFields {
  const state: ResearchState = verdict.flagged ? "QUARANTINED" : "CURRENT";
  return {
    state,
    trustFlags: verdict.flags,
    quarantineReason: verdict.flagged ? classifierReason(verdict.flags) : null,
    stateBeforeQuarantine: verdict.flagged ? "CURRENT" : null,
    quarantined: verdict.flagged,
    eligible: state === "CURRENT",
    event: { state, ...(verdict.flagged ? { trustFlags: verdict.flags } : {}) },
  };
}

/** The rows of the record with id `id`; each relation edge gets an id of its own. */
export function recordRows(
  content: RecordContent,
  id: string,
  supersessions: StatementInput["supersessions"],
): RecordRows {
  const { formal } = content;
  return {
    object: {
      id,
      slugSuffix: kebab(content.title),
      contentHash: content.contentHash,
      projectId: content.projectId,
      kind: content.kind,
      title: content.title,
      body: content.body,
      evidenceGrade: content.evidenceGrade,
      branchName: content.branch,
      metadata: content.metadata,
      artifact: content.artifact ?? null,
      formal: formal ?? null,
      goalFingerprint:
        formal?.goal && formal.pinnedWorld ? exactGoalFingerprint(formal.goal, formal.pinnedWorld) : null,
      goalShapeFingerprint:
        formal?.goal && formal.pinnedWorld ? structuralGoalFingerprint(formal.goal, formal.pinnedWorld) : null,
      createdById: content.operator.id,
      textShape: content.textShape,
      declarationName: formal?.leanDeclaration ?? null,
    },
    verdicts: content.verdicts,
    relations: content.relations.map((relation) => ({
      id: randomUUID(),
      toId: relation.targetId,
      type: relation.type,
      note: relation.note,
    })),
    supersessions,
    events: [],
    document: content.document,
  };
}

/**
 * The record's change events: recorded, one per relation edge, then the supersessions' (`superseded`).
 * Routing target and project are null: the write's own, which the statement reads.
 */
export function recordEvents(content: RecordContent, rows: RecordRows, superseded: StatementEvent[]): StatementEvent[] {
  const { kind, branch, evidenceGrade, contentHash, operator } = content;
  return [
    {
      routingTargetId: null,
      projectId: null,
      resourceType: "research_object",
      resourceId: null,
      eventType: "research.recorded",
      payloadVersion: CURRENT_PAYLOAD_VERSION,
      operatorId: operator.id,
      accessionKey: "accession",
      withVerdict: true,
      payload: { kind, branch, evidenceGrade, contentHash },
    },
    // A new object has no incoming edges, so its outgoing relations cannot close a cycle.
    ...rows.relations.map((edge, index): StatementEvent => ({
      routingTargetId: null,
      projectId: null,
      resourceType: "research_relation",
      resourceId: edge.id,
      eventType: "research.related",
      payloadVersion: CURRENT_PAYLOAD_VERSION,
      operatorId: operator.id,
      accessionKey: "from",
      payload: { to: `R${content.relations[index]!.targetAccession}`, type: edge.type },
    })),
    ...superseded,
  ];
}

/** The stored row, as the statement wrote it (no read back). */
export function objectOf(rows: RecordRows, written: StatementResult): ResearchObject {
  const o = rows.object;
  const verdict = written.flooded ? rows.verdicts.flooded : rows.verdicts.usual;
  return {
    id: o.id,
    accession: written.accession,
    slug: `r${written.accession}-${o.slugSuffix}`,
    contentHash: o.contentHash,
    projectId: o.projectId,
    problemId: written.problemId,
    routingTargetId: written.routingTargetId,
    kind: o.kind as ResearchKind,
    title: o.title,
    body: o.body,
    evidenceGrade: o.evidenceGrade as EvidenceGrade,
    state: verdict.state as ResearchState,
    branchName: o.branchName,
    metadata: o.metadata as Prisma.JsonValue,
    artifact: (o.artifact ?? null) as Prisma.JsonValue,
    formal: (o.formal ?? null) as Prisma.JsonValue,
    goalFingerprint: o.goalFingerprint,
    goalShapeFingerprint: o.goalShapeFingerprint,
    createdById: o.createdById,
    createdAt: written.createdAt,
    supersededAt: null,
    trustFlags: verdict.trustFlags,
    quarantineReason: verdict.quarantineReason,
    stateBeforeQuarantine: verdict.stateBeforeQuarantine as ResearchState | null,
    quarantinedAt: written.quarantinedAt,
    textShape: o.textShape,
  };
}
