// A problem's publication state changed inside `tx`: its discovery document follows, and the change is one
// `problem.*` event in the same transaction (publish, reject, withdraw, the end of a challenge period).
import type { Prisma } from "../../../generated/prisma/client.js";
import { appendEvent, type InlineViews } from "../../../events/change-events.js";
import { maintainProblemDocuments } from "../../discovery/projection/problem-documents.js";

export async function recordProblemChange(
  tx: Prisma.TransactionClient,
  inlineViews: InlineViews,
  change: { problemId: string; eventType: string; operatorId?: string; payload: Prisma.InputJsonObject },
): Promise<bigint> {
  await maintainProblemDocuments(tx, [change.problemId]);
  return appendEvent(
    tx,
    {
      routingTargetId: change.problemId,
      resourceType: "problem",
      resourceId: change.problemId,
      eventType: change.eventType,
      ...(change.operatorId === undefined ? {} : { operatorId: change.operatorId }),
      payload: change.payload,
    },
    inlineViews,
  );
}
