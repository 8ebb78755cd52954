// Who may write into a project: its owners and members; CURATORs and ADMINs anywhere. Reads are not
// restricted here (ANONYMOUS_READS governs those). The checks run inside the write's transaction, so a
// member removed concurrently cannot slip a write in after the removal committed.
import type { TransactionClient } from "../../../platform/db/transaction.js";
import type { ProjectRole } from "../../../generated/prisma/enums.js";
import { ForbiddenError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";

export const NOT_PROJECT_MEMBER = "NOT_PROJECT_MEMBER";
export const NOT_PROJECT_OWNER = "NOT_PROJECT_OWNER";

/** CURATORs and ADMINs may write into any project. */
export const curates = (operator: AuthenticatedOperator) => operator.role === "CURATOR" || operator.role === "ADMIN";

export async function projectRoleOf(
  tx: TransactionClient,
  projectId: string,
  operatorId: string,
): Promise<ProjectRole | null> {
  const membership = await tx.projectMember.findUnique({
    where: { projectId_operatorId: { projectId, operatorId } },
    select: { role: true },
  });
  return membership?.role ?? null;
}

async function projectSlug(tx: TransactionClient, projectId: string): Promise<string> {
  return (await tx.project.findUnique({ where: { id: projectId }, select: { slug: true } }))?.slug ?? projectId;
}

/** Owners and members write; anyone else is refused with NOT_PROJECT_MEMBER. */
export async function requireProjectWriter(
  tx: TransactionClient,
  projectId: string,
  operator: AuthenticatedOperator,
  what: string,
): Promise<void> {
  if (curates(operator)) return;
  if (await projectRoleOf(tx, projectId, operator.id)) return;
  throw new ForbiddenError(
    `${operator.name} is not a member of project ${await projectSlug(tx, projectId)} and cannot ${what}; an owner of the project can add you (addProjectMember)`,
    "PROJECT_MEMBER",
    NOT_PROJECT_MEMBER,
  );
}

/** Only owners (and curators) manage a project's members. */
export async function requireProjectOwner(
  tx: TransactionClient,
  projectId: string,
  operator: AuthenticatedOperator,
): Promise<void> {
  if (curates(operator)) return;
  if ((await projectRoleOf(tx, projectId, operator.id)) === "OWNER") return;
  throw new ForbiddenError(
    `Only an owner of project ${await projectSlug(tx, projectId)} manages its members; ${operator.name} is not one`,
    "PROJECT_OWNER",
    NOT_PROJECT_OWNER,
  );
}
