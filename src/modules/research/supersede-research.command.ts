// supersedeResearch: marks one current object superseded by another of the same target. An object is
// superseded at most once; its successor chain stays readable in audit views.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { WRITE_TRANSACTION, type TransactionClient } from "../../db/transaction.js";
import { appendEvents, type NewChangeEvent } from "../../events/change-events.js";
import type { EventNotifier } from "../../events/notifier.js";
import { InvalidInputError } from "../../errors/domain-error.js";
import { maintainResearchDocuments } from "../../projections/research-documents.js";
import type { AuthenticatedOperator } from "../operators/operator.commands.js";
import { claimIdempotencyKey, requestDigest, validateIdempotencyKey } from "./idempotency.js";
import { requireResearchObject } from "./research-refs.js";
import { AlreadySupersededError } from "./research.errors.js";
import { requireProjectWriter } from "./project-access.js";

/** Supersedes `supersededRef` by an object already written in this transaction; returns its event. */
export async function supersedeWithin(
  tx: TransactionClient,
  props: { supersedingId: string; supersededRef: string; operator: AuthenticatedOperator; reason: string | null },
): Promise<NewChangeEvent> {
  const superseded = await requireResearchObject(tx, props.supersededRef);
  // Superseding hides the record from packets: only writers of the record's own project may do that.
  await requireProjectWriter(tx, superseded.projectId, props.operator, `supersede R${superseded.accession}`);
  const superseding = await tx.researchObject.findUniqueOrThrow({ where: { id: props.supersedingId } });
  if (superseded.id === superseding.id) throw new InvalidInputError("An object cannot supersede itself", "supersedes", "SELF_SUPERSESSION");
  if (superseded.routingTargetId !== superseding.routingTargetId) {
    throw new InvalidInputError(`R${superseded.accession} belongs to another problem and cannot be superseded from here`, "supersedes", "CROSS_TARGET_SUPERSESSION");
  }
  if (superseding.state === "SUPERSEDED") throw new AlreadySupersededError(`R${superseding.accession}`);
  // The state check and the update are one statement, so two concurrent supersessions cannot both win.
  // A quarantined record stays quarantined; its release then restores SUPERSEDED.
  const fromState = superseded.state === "QUARANTINED" ? "QUARANTINED" : "CURRENT";
  const updated = await tx.researchObject.updateMany({
    where: fromState === "CURRENT" ? { id: superseded.id, state: "CURRENT" } : { id: superseded.id, state: "QUARANTINED", stateBeforeQuarantine: "CURRENT" },
    data: fromState === "CURRENT" ? { state: "SUPERSEDED", supersededAt: new Date() } : { stateBeforeQuarantine: "SUPERSEDED", supersededAt: new Date() },
  });
  if (updated.count === 0) throw new AlreadySupersededError(`R${superseded.accession}`);
  await tx.supersession.create({ data: { supersededId: superseded.id, supersedingId: superseding.id, reason: props.reason } });
  return {
    routingTargetId: superseded.routingTargetId, projectId: superseded.projectId, resourceType: "research_object",
    resourceId: superseded.id, eventType: "research.superseded", operatorId: props.operator.id,
    payload: { superseded: `R${superseded.accession}`, supersededBy: `R${superseding.accession}`, reason: props.reason, ...(fromState === "QUARANTINED" ? { fromState } : {}) },
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
  operator: AuthenticatedOperator;
  input: SupersedeResearchInput;
}) {
  const key = validateIdempotencyKey(props.input.idempotencyKey);
  const reason = props.input.reason?.trim() || null;
  if (reason && reason.length > 2_000) throw new InvalidInputError("reason is at most 2,000 characters", "reason", "INPUT_TOO_LARGE");
  const result = await props.prisma.$transaction(async (tx) => {
    const target = await requireResearchObject(tx, props.input.target);
    const successor = await requireResearchObject(tx, props.input.supersededBy);
    const digest = requestDigest({ target: target.id, successor: successor.id, reason });
    const claim = await claimIdempotencyKey(tx, { operatorId: props.operator.id, operation: "supersedeResearch", scope: target.projectId, key }, digest);
    if (claim.replay) return { object: await tx.researchObject.findUniqueOrThrow({ where: { id: target.id } }), replayed: true, sequence: null };
    const event = await supersedeWithin(tx, { supersedingId: successor.id, supersededRef: target.id, operator: props.operator, reason });
    await maintainResearchDocuments(tx, [target.id]);
    const sequence = await appendEvents(tx, [event]);
    return { object: await tx.researchObject.findUniqueOrThrow({ where: { id: target.id } }), replayed: false, sequence };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence);
  return result;
}
