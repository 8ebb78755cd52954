// publishProblem (CURATOR): ends the challenge period or review pause; the problem becomes PUBLISHED
// and its sparse document eligible for discovery, in one transaction with its event.
import { recordProblemChange } from "../domain/problem-change.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import type { InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { resolveExactProblem } from "../../research/commands/create-project.command.js";

export async function publishProblem(props: {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  problemRef: string;
}) {
  const problem = await resolveExactProblem(props.prisma, props.problemRef);
  if (problem.publicationState === "PUBLISHED") return { problem, changed: false };
  if (!problem.statement) {
    throw new InvalidInputError(
      `${problem.stableId} has no canonical statement and cannot be published`,
      "problemRef",
      "NO_STATEMENT",
    );
  }
  if (problem.publicationState === "WITHDRAWN")
    throw new InvalidInputError(`${problem.stableId} was withdrawn`, "problemRef", "PROBLEM_WITHDRAWN");
  const sequence = await props.prisma.$transaction(async (tx) => {
    await tx.problem.update({
      where: { id: problem.id },
      data: { publicationState: "PUBLISHED", publishedAt: new Date(), challengeDeadline: null },
    });
    return recordProblemChange(tx, props.inlineViews, {
      problemId: problem.id,
      eventType: "problem.published",
      operatorId: props.operator.id,
      payload: { stableId: problem.stableId, previousState: problem.publicationState },
    });
  }, WRITE_TRANSACTION);
  await props.notifier.publish(sequence);
  return { problem: await props.prisma.problem.findUniqueOrThrow({ where: { id: problem.id } }), changed: true };
}
