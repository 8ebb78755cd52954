// createProject: binds a new research project to exactly one canonical problem. An ambiguous ref
// waits for an exact selection; the project and its event are written in one transaction.
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import { appendEvent, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { resolveProblemRef } from "../../identity/domain/resolve-problem-ref.js";
import { claimIdempotencyKey, requestDigest, validateIdempotencyKey } from "../domain/idempotency.js";
import { AmbiguousRefError } from "../domain/research.errors.js";
import { MAX_PROJECT_NAME_CHARS } from "../domain/research.limits.js";
import { kebab } from "../domain/slugs.js";
import { settleChallengePeriod } from "../../intake/domain/challenge-period.js";

/** Publication states that take no new projects (a MERGED ref already resolves to its survivor). */
const CLOSED_STATES: ReadonlySet<string> = new Set(["WITHDRAWN", "PENDING_REVIEW", "REJECTED", "MERGED"]);

export interface CreateProjectInput {
  problemRef: string;
  name: string;
  idempotencyKey: string;
}

export interface CreateProjectProps {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  input: CreateProjectInput;
}

export async function resolveExactProblem(prisma: PrismaClient, ref: string) {
  const resolution = await resolveProblemRef(prisma, ref);
  if (resolution.status === "AMBIGUOUS") {
    const candidates = await prisma.problem.findMany({
      where: { id: { in: resolution.candidateIds } },
      select: { stableId: true },
    });
    throw new AmbiguousRefError(ref, candidates.map((candidate) => candidate.stableId).sort());
  }
  if (!resolution.problemId) {
    throw new NotFoundError(`No problem has the identifier "${ref}"; for free text use discoverProblems`, ref);
  }
  return prisma.problem.findUniqueOrThrow({ where: { id: resolution.problemId } });
}

export async function createProject(props: CreateProjectProps) {
  const name = props.input.name.trim();
  if (!name || name.length > MAX_PROJECT_NAME_CHARS) {
    throw new InvalidInputError(`Project names are 1-${MAX_PROJECT_NAME_CHARS} characters`, "name");
  }
  const key = validateIdempotencyKey(props.input.idempotencyKey);
  const problem = await settleChallengePeriod(props, await resolveExactProblem(props.prisma, props.input.problemRef));
  if (CLOSED_STATES.has(problem.publicationState)) {
    throw new InvalidInputError(
      `${problem.stableId} is ${problem.publicationState} and takes no new projects`,
      "problemRef",
      "PROBLEM_NOT_ACTIONABLE",
    );
  }
  if (!problem.statement?.trim()) {
    throw new InvalidInputError(
      `${problem.stableId} has no canonical statement yet: a project needs one to work on`,
      "problemRef",
      "PROBLEM_NOT_ACTIONABLE",
    );
  }
  const digest = requestDigest({ problemId: problem.id, name });
  const result = await props.prisma.$transaction(async (tx) => {
    const claim = await claimIdempotencyKey(
      tx,
      { operatorId: props.operator.id, operation: "createProject", scope: problem.id, key },
      digest,
    );
    if (claim.replay)
      return {
        project: await tx.project.findUniqueOrThrow({ where: { id: claim.resultId } }),
        replayed: true,
        sequence: null,
      };
    const project = await tx.project.create({
      data: {
        id: claim.resultId,
        problemId: problem.id,
        routingTargetId: problem.id,
        name,
        slug: `${kebab(name, 50)}-${randomBytes(3).toString("hex")}`,
        createdById: props.operator.id,
      },
    });
    await tx.projectMember.create({
      data: { projectId: project.id, operatorId: props.operator.id, role: "OWNER", addedById: props.operator.id },
    });
    const sequence = await appendEvent(
      tx,
      {
        routingTargetId: problem.id,
        projectId: project.id,
        resourceType: "project",
        resourceId: project.id,
        eventType: "project.created",
        payload: { name, slug: project.slug, problemStableId: problem.stableId },
        operatorId: props.operator.id,
      },
      props.inlineViews,
    );
    return { project, replayed: false, sequence };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence);
  return result;
}
