// relateResearch: adds one typed edge between two existing research objects of the same problem,
// refusing a cycle where the relation type must stay acyclic.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { RelationType } from "../../../generated/prisma/enums.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import { appendEvents, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { ConflictError, InvalidInputError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { claimIdempotencyKey, requestDigest, validateIdempotencyKey } from "../domain/idempotency.js";
import { requireResearchObjects } from "../domain/research-refs.js";
import { assertEdgeAllowed } from "../domain/relation-rules.js";
import { requireProjectWriter } from "../domain/project-access.js";

export interface RelateResearchInput {
  from: string;
  to: string;
  type: RelationType;
  note?: string | null;
  idempotencyKey: string;
}

export async function relateResearch(props: {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  input: RelateResearchInput;
}) {
  const key = validateIdempotencyKey(props.input.idempotencyKey);
  const note = props.input.note?.trim() || null;
  if (note && note.length > 2_000)
    throw new InvalidInputError("note is at most 2,000 characters", "note", "INPUT_TOO_LARGE");
  const result = await props.prisma.$transaction(async (tx) => {
    const [from, to] = await requireResearchObjects(tx, [props.input.from, props.input.to]);
    if (from.routingTargetId !== to.routingTargetId) {
      throw new InvalidInputError("Relations join objects of the same problem", "to", "CROSS_TARGET_RELATION");
    }
    await requireProjectWriter(tx, from.projectId, props.operator, `relate R${from.accession}`);
    const digest = requestDigest({ from: from.id, to: to.id, type: props.input.type, note });
    const claim = await claimIdempotencyKey(
      tx,
      { operatorId: props.operator.id, operation: "relateResearch", scope: from.projectId, key },
      digest,
    );
    if (claim.replay) {
      return {
        relation: await tx.researchRelation.findFirstOrThrow({
          where: { fromId: from.id, toId: to.id, type: props.input.type },
        }),
        replayed: true,
        sequence: null,
      };
    }
    const existing = await tx.researchRelation.findFirst({
      where: { fromId: from.id, toId: to.id, type: props.input.type },
    });
    if (existing)
      throw new ConflictError(`R${from.accession} already ${props.input.type} R${to.accession}`, "RELATION_EXISTS");
    await assertEdgeAllowed(tx, {
      fromId: from.id,
      toId: to.id,
      type: props.input.type,
      fromLabel: `R${from.accession}`,
      toLabel: `R${to.accession}`,
    });
    const relation = await tx.researchRelation.create({
      data: {
        id: claim.resultId,
        fromId: from.id,
        toId: to.id,
        type: props.input.type,
        note,
        createdById: props.operator.id,
      },
    });
    const sequence = await appendEvents(
      tx,
      [
        {
          routingTargetId: from.routingTargetId,
          projectId: from.projectId,
          resourceType: "research_relation",
          resourceId: relation.id,
          eventType: "research.related",
          operatorId: props.operator.id,
          payload: { from: `R${from.accession}`, to: `R${to.accession}`, type: props.input.type },
        },
      ],
      props.inlineViews,
    );
    return { relation, replayed: false, sequence };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence, "research");
  return result;
}
