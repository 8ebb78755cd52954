// quarantineResearch / releaseResearch (CURATOR): hold a record out of packets (except audit intents)
// or return it. The state change, the sparse document and the change event share one transaction.
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import { appendEvents, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { maintainResearchDocuments } from "../projection/research-documents.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { requireResearchObject } from "../domain/research-refs.js";
import { QuarantineStateError } from "../domain/quarantine.errors.js";

const MAX_REASON_CHARS = 2_000;

interface QuarantineProps {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  accession: string;
}

function validReason(reason: string | null | undefined, required: boolean): string | null {
  const trimmed = reason?.trim() || null;
  if (required && !trimmed) throw new InvalidInputError("a quarantine needs a reason", "reason", "REASON_REQUIRED");
  if (trimmed && trimmed.length > MAX_REASON_CHARS)
    throw new InvalidInputError(
      `reason is at most ${MAX_REASON_CHARS.toLocaleString("en")} characters`,
      "reason",
      "INPUT_TOO_LARGE",
    );
  return trimmed;
}

export async function quarantineResearch(props: QuarantineProps & { reason: string }) {
  const reason = validReason(props.reason, true)!;
  const result = await props.prisma.$transaction(async (tx) => {
    const object = await requireResearchObject(tx, props.accession);
    const fromState = object.state;
    if (fromState === "QUARANTINED") throw new QuarantineStateError(`R${object.accession}`, true);
    // Conditional on the state read, so two concurrent quarantines cannot both win.
    const updated = await tx.researchObject.updateMany({
      where: { id: object.id, state: fromState },
      data: {
        state: "QUARANTINED",
        stateBeforeQuarantine: fromState,
        quarantineReason: reason,
        quarantinedAt: new Date(),
      },
    });
    if (updated.count === 0) throw new QuarantineStateError(`R${object.accession}`, true);
    return recordStateChange(tx, props, object, "research.quarantined", { fromState, reason });
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence, "research");
  return result.object;
}

export async function releaseResearch(props: QuarantineProps & { reason?: string | null }) {
  const reason = validReason(props.reason, false);
  const result = await props.prisma.$transaction(async (tx) => {
    const object = await requireResearchObject(tx, props.accession);
    if (object.state !== "QUARANTINED") throw new QuarantineStateError(`R${object.accession}`, false);
    const toState = object.stateBeforeQuarantine ?? "CURRENT";
    const updated = await tx.researchObject.updateMany({
      where: { id: object.id, state: "QUARANTINED" },
      data: { state: toState, stateBeforeQuarantine: null, quarantineReason: null, quarantinedAt: null },
    });
    if (updated.count === 0) throw new QuarantineStateError(`R${object.accession}`, false);
    return recordStateChange(tx, props, object, "research.released", { toState, reason });
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence, "research");
  return result.object;
}

/** The record's sparse document follows its new state, and the change is one event in the same transaction. */
async function recordStateChange(
  tx: Prisma.TransactionClient,
  props: QuarantineProps,
  object: { id: string; accession: number; routingTargetId: string; projectId: string },
  eventType: "research.quarantined" | "research.released",
  details: Record<string, unknown>,
) {
  await maintainResearchDocuments(tx, [object.id]);
  const event = {
    routingTargetId: object.routingTargetId,
    projectId: object.projectId,
    resourceType: "research_object",
    resourceId: object.id,
    eventType,
    operatorId: props.operator.id,
    payload: { accession: `R${object.accession}`, ...details },
  };
  const sequence = await appendEvents(tx, [event], props.inlineViews);
  return { object: await tx.researchObject.findUniqueOrThrow({ where: { id: object.id } }), sequence };
}
