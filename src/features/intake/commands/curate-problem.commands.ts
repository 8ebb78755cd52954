// rejectSubmission and withdrawProblem (CURATOR): end a problem's working life without deleting it, so
// its id, links and retries still answer. Each checks the state it leaves, then writes row + event.
import { recordProblemChange } from "../domain/problem-change.js";
import type { Problem, PrismaClient } from "../../../generated/prisma/client.js";
import type { PublicationState } from "../../../generated/prisma/enums.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import type { InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { resolveExactProblem } from "../../research/commands/create-project.command.js";
import { settleChallengePeriod } from "../domain/challenge-period.js";
import { ProblemStateError } from "../domain/intake.errors.js";

/** Long enough for a curator's explanation with citations; the reason is shown to every agent. */
export const MAX_CURATION_REASON_CHARS = 2_000;

export interface CurationProps {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  input: { problemRef: string; reason: string };
}

/** Submissions a curator may still reject: awaiting review, or accepted but within their challenge period. */
const REJECTABLE: PublicationState[] = ["PENDING_REVIEW", "CHALLENGE_PERIOD"];
const WITHDRAWABLE: PublicationState[] = ["PUBLISHED", "CHALLENGE_PERIOD", "PENDING_REVIEW", "CATALOGUED"];

export function curationReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed || trimmed.length > MAX_CURATION_REASON_CHARS)
    throw new InvalidInputError(`reason must be 1-${MAX_CURATION_REASON_CHARS} characters`, "reason");
  return trimmed;
}

async function transition(
  props: CurationProps,
  options: {
    operation: string;
    allowed: PublicationState[];
    next: PublicationState;
    eventType: string;
    submissionsOnly?: boolean;
  },
): Promise<{ problem: Problem }> {
  const reason = curationReason(props.input.reason);
  const problem = await settleChallengePeriod(props, await resolveExactProblem(props.prisma, props.input.problemRef));
  const isSubmission = problem.submittedById !== null;
  if (!options.allowed.includes(problem.publicationState) || (options.submissionsOnly && !isSubmission)) {
    const detail = options.submissionsOnly && !isSubmission ? " and was catalogued, not submitted" : "";
    throw new ProblemStateError(problem.stableId, problem.publicationState, options.allowed, options.operation, detail);
  }
  const sequence = await props.prisma.$transaction(async (tx) => {
    // The state guard makes a concurrent curator's step fail here instead of being overwritten.
    const updated = await tx.problem.updateMany({
      where: { id: problem.id, publicationState: problem.publicationState },
      data: { publicationState: options.next, challengeDeadline: null },
    });
    if (updated.count === 0) return null;
    return recordProblemChange(tx, props.inlineViews, {
      problemId: problem.id,
      eventType: options.eventType,
      operatorId: props.operator.id,
      payload: { stableId: problem.stableId, previousState: problem.publicationState, reason },
    });
  }, WRITE_TRANSACTION);
  const stored = await props.prisma.problem.findUniqueOrThrow({ where: { id: problem.id } });
  if (sequence === null)
    throw new ProblemStateError(problem.stableId, stored.publicationState, options.allowed, options.operation);
  await props.notifier.publish(sequence);
  return { problem: stored };
}

/** Refuses a submitted problem that is awaiting review or still in its challenge period. */
export function rejectSubmission(props: CurationProps) {
  return transition(props, {
    operation: "rejectSubmission",
    allowed: REJECTABLE,
    next: "REJECTED",
    eventType: "problem.rejected",
    submissionsOnly: true,
  });
}

/** Takes any live problem out of work; only SOURCE_AUDIT and CORRECTION continue on it. */
export function withdrawProblem(props: CurationProps) {
  return transition(props, {
    operation: "withdrawProblem",
    allowed: WITHDRAWABLE,
    next: "WITHDRAWN",
    eventType: "problem.withdrawn",
  });
}
