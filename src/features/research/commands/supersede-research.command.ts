// supersedeResearch: marks one current object superseded by another of the same target. An object is
// superseded at most once; its successor chain stays readable in audit views.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { ResearchState } from "../../../generated/prisma/enums.js";
import { WRITE_TRANSACTION, type TransactionClient } from "../../../platform/db/transaction.js";
import { appendEvents, type NewChangeEvent, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { maintainResearchDocuments } from "../projection/research-documents.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { claimIdempotencyKey, requestDigest, validateIdempotencyKey } from "../domain/idempotency.js";
import { requireResearchObject, requireResearchObjects, researchRefWhere } from "../domain/research-refs.js";
import { AlreadySupersededError } from "../domain/research.errors.js";
import { requireProjectWriter } from "../domain/project-access.js";

/** The superseding record; `accession` is null for one being written (its statement supplies it). */
export interface Successor {
  id: string;
  accession: number | null;
  routingTargetId: string;
  contentHash: string;
  state: ResearchState;
}

/**
 * Checks that `supersededRef` may be superseded by `successor` and marks it superseded; returns its
 * id and event. The caller writes the supersession row (recordResearch: in its ordered statement).
 * For a successor being written the event's `supersededBy` is left to the statement (`accessionKey`).
 */
export async function markSuperseded(
  tx: TransactionClient,
  props: { successor: Successor; supersededRef: string; operator: AuthenticatedOperator; reason: string | null },
): Promise<{ supersededId: string; event: NewChangeEvent & { accessionKey?: string } }> {
  const { successor } = props;
  // A content-hash ref names the newest object with that hash: for a record being written, itself.
  const where = researchRefWhere(props.supersededRef);
  if (successor.accession === null && where.contentHash === successor.contentHash)
    throw new InvalidInputError("An object cannot supersede itself", "supersedes", "SELF_SUPERSESSION");
  const superseded = await requireResearchObject(tx, props.supersededRef);
  // Superseding hides the record from packets: only writers of the record's own project may do that.
  await requireProjectWriter(tx, superseded.projectId, props.operator, `supersede R${superseded.accession}`);
  if (superseded.id === successor.id)
    throw new InvalidInputError("An object cannot supersede itself", "supersedes", "SELF_SUPERSESSION");
  if (superseded.routingTargetId !== successor.routingTargetId) {
    throw new InvalidInputError(
      `R${superseded.accession} belongs to another problem and cannot be superseded from here`,
      "supersedes",
      "CROSS_TARGET_SUPERSESSION",
    );
  }
  if (successor.state === "SUPERSEDED") throw new AlreadySupersededError(`R${successor.accession}`);
  // The state check and the update are one statement, so two concurrent supersessions cannot both win.
  // A quarantined record stays quarantined; its release then restores SUPERSEDED.
  const fromState = superseded.state === "QUARANTINED" ? "QUARANTINED" : "CURRENT";
  const updated = await tx.researchObject.updateMany({
    where:
      fromState === "CURRENT"
        ? { id: superseded.id, state: "CURRENT" }
        : { id: superseded.id, state: "QUARANTINED", stateBeforeQuarantine: "CURRENT" },
    data:
      fromState === "CURRENT"
        ? { state: "SUPERSEDED", supersededAt: new Date() }
        : { stateBeforeQuarantine: "SUPERSEDED", supersededAt: new Date() },
  });
  if (updated.count === 0) throw new AlreadySupersededError(`R${superseded.accession}`);
  return {
    supersededId: superseded.id,
    event: {
      routingTargetId: superseded.routingTargetId,
      projectId: superseded.projectId,
      resourceType: "research_object",
      resourceId: superseded.id,
      eventType: "research.superseded",
      operatorId: props.operator.id,
      payload: {
        superseded: `R${superseded.accession}`,
        ...(successor.accession === null ? {} : { supersededBy: `R${successor.accession}` }),
        reason: props.reason,
        ...(fromState === "QUARANTINED" ? { fromState } : {}),
      },
      ...(successor.accession === null ? { accessionKey: "supersededBy" } : {}),
    },
  };
}

export interface SupersedeResearchInput {
  target: string;
  supersededBy: string;
  reason?: string | null;
  idempotencyKey: string;
}

export async function supersedeResearch(props: {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  input: SupersedeResearchInput;
}) {
  const key = validateIdempotencyKey(props.input.idempotencyKey);
  const reason = props.input.reason?.trim() || null;
  if (reason && reason.length > 2_000)
    throw new InvalidInputError("reason is at most 2,000 characters", "reason", "INPUT_TOO_LARGE");
  const result = await props.prisma.$transaction(async (tx) => {
    const [target, successor] = await requireResearchObjects(tx, [props.input.target, props.input.supersededBy]);
    const digest = requestDigest({ target: target.id, successor: successor.id, reason });
    const claim = await claimIdempotencyKey(
      tx,
      { operatorId: props.operator.id, operation: "supersedeResearch", scope: target.projectId, key },
      digest,
    );
    if (claim.replay)
      return {
        object: await tx.researchObject.findUniqueOrThrow({ where: { id: target.id } }),
        replayed: true,
        sequence: null,
      };
    const { event } = await markSuperseded(tx, {
      successor,
      supersededRef: target.id,
      operator: props.operator,
      reason,
    });
    await tx.supersession.create({ data: { supersededId: target.id, supersedingId: successor.id, reason } });
    await maintainResearchDocuments(tx, [target.id]);
    const sequence = await appendEvents(tx, [event], props.inlineViews);
    return {
      object: await tx.researchObject.findUniqueOrThrow({ where: { id: target.id } }),
      replayed: false,
      sequence,
    };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence, "research");
  return result;
}
