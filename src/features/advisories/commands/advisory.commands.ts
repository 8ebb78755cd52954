// Advisories (CURATOR): raise one on a problem's statement or sources, or resolve it. A blocking open
// advisory pauses PROVE, RESOLVE and BOUNTY work in orientation; each change is an event.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import { appendEvent, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { ConflictError, InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { resolveExactProblem } from "../../research/commands/create-project.command.js";

/** Advisory kinds: what is wrong, so agents can tell a typo from a false statement. */
export const ADVISORY_KINDS = [
  "STATEMENT_INTEGRITY",
  "SOURCE_MISMATCH",
  "RESOLUTION_DISPUTED",
  "FORMALIZATION_MISMATCH",
  "OTHER",
] as const;
const MAX_MESSAGE_CHARS = 4_000;

interface Props {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
}

export async function raiseAdvisory(
  props: Props & { input: { problemRef: string; kind: string; message: string; blocking: boolean } },
) {
  const kind = props.input.kind.toUpperCase();
  if (!(ADVISORY_KINDS as readonly string[]).includes(kind))
    throw new InvalidInputError(`kind must be one of ${ADVISORY_KINDS.join(", ")}`, "kind");
  const message = props.input.message.trim();
  if (!message || message.length > MAX_MESSAGE_CHARS)
    throw new InvalidInputError(`message must be 1-${MAX_MESSAGE_CHARS} characters`, "message");
  const problem = await resolveExactProblem(props.prisma, props.input.problemRef);
  const result = await props.prisma.$transaction(async (tx) => {
    const advisory = await tx.advisory.create({
      data: { problemId: problem.id, kind, message, blocking: props.input.blocking, raisedById: props.operator.id },
    });
    const sequence = await appendEvent(
      tx,
      {
        routingTargetId: problem.id,
        resourceType: "advisory",
        resourceId: advisory.id,
        eventType: "advisory.raised",
        operatorId: props.operator.id,
        payload: { kind, blocking: advisory.blocking, stableId: problem.stableId },
      },
      props.inlineViews,
    );
    return { advisory, sequence };
  }, WRITE_TRANSACTION);
  await props.notifier.publish(result.sequence);
  return result.advisory;
}

export async function resolveAdvisory(props: Props & { input: { advisoryId: string; resolution: string } }) {
  const resolution = props.input.resolution.trim();
  if (!resolution || resolution.length > MAX_MESSAGE_CHARS)
    throw new InvalidInputError(`resolution must be 1-${MAX_MESSAGE_CHARS} characters`, "resolution");
  if (!/^[0-9a-f-]{36}$/i.test(props.input.advisoryId))
    throw new InvalidInputError("advisoryId must be an advisory id", "advisoryId", "INVALID_ID");
  const result = await props.prisma.$transaction(async (tx) => {
    const existing = await tx.advisory.findUnique({ where: { id: props.input.advisoryId } });
    if (!existing) throw new NotFoundError(`No advisory ${props.input.advisoryId}`, props.input.advisoryId);
    if (existing.resolvedAt) throw new ConflictError("This advisory is already resolved", "ADVISORY_RESOLVED");
    const advisory = await tx.advisory.update({
      where: { id: existing.id },
      data: { resolvedAt: new Date(), resolvedById: props.operator.id, resolution },
    });
    const sequence = await appendEvent(
      tx,
      {
        routingTargetId: existing.problemId,
        resourceType: "advisory",
        resourceId: existing.id,
        eventType: "advisory.resolved",
        operatorId: props.operator.id,
        payload: { kind: existing.kind, blocking: existing.blocking },
      },
      props.inlineViews,
    );
    return { advisory, sequence };
  }, WRITE_TRANSACTION);
  await props.notifier.publish(result.sequence);
  return result.advisory;
}
