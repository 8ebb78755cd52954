// addProjectMember / removeProjectMember: an owner (or a curator) manages who may write into a
// project. Both are idempotent by state: adding a member who already has that role, or removing one
// who is not a member, changes nothing and writes no event. A project always keeps one owner.
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { ProjectRole } from "../../../generated/prisma/enums.js";
import { WRITE_TRANSACTION, type TransactionClient } from "../../../platform/db/transaction.js";
import { appendEvent, type InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";
import { ConflictError, NotFoundError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator } from "../../../platform/auth/caller.js";
import { requireProjectOwner } from "../domain/project-access.js";
import { projectUuid } from "../domain/research-refs.js";

interface MemberProps {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  operator: AuthenticatedOperator;
  projectId: string;
  /** The operator to add or remove, by name. */
  member: string;
}

async function loadTargets(tx: TransactionClient, props: MemberProps) {
  const project = await tx.project.findUnique({ where: { id: projectUuid(props.projectId) } });
  if (!project) throw new NotFoundError(`No project ${props.projectId}`, props.projectId);
  await requireProjectOwner(tx, project.id, props.operator);
  const member = await tx.operator.findUnique({ where: { name: props.member.trim() } });
  if (!member) throw new NotFoundError(`No operator named "${props.member}"`, props.member, "OPERATOR_NOT_FOUND");
  return { project, member };
}

async function ownerCount(tx: TransactionClient, projectId: string): Promise<number> {
  return tx.projectMember.count({ where: { projectId, role: "OWNER" } });
}

export async function addProjectMember(props: MemberProps & { role: ProjectRole }) {
  const result = await props.prisma.$transaction(async (tx) => {
    const { project, member } = await loadTargets(tx, props);
    const current = await tx.projectMember.findUnique({
      where: { projectId_operatorId: { projectId: project.id, operatorId: member.id } },
    });
    if (current?.role === props.role) return { project, changed: false, sequence: null };
    if (current?.role === "OWNER" && (await ownerCount(tx, project.id)) === 1) {
      throw new ConflictError(
        `${member.name} is the only owner of ${project.slug}; add another owner first`,
        "LAST_OWNER",
      );
    }
    await tx.projectMember.upsert({
      where: { projectId_operatorId: { projectId: project.id, operatorId: member.id } },
      create: { projectId: project.id, operatorId: member.id, role: props.role, addedById: props.operator.id },
      update: { role: props.role },
    });
    const sequence = await appendMemberEvent(tx, props, project, "project.member_added", {
      member: member.name,
      role: props.role,
      previousRole: current?.role ?? null,
    });
    return { project, changed: true, sequence };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence);
  return result;
}

/** A membership change, as an event of the project, by the operator who made it. */
function appendMemberEvent(
  tx: TransactionClient,
  props: MemberProps,
  project: { id: string; routingTargetId: string },
  eventType: "project.member_added" | "project.member_removed",
  payload: Prisma.InputJsonObject,
) {
  return appendEvent(
    tx,
    {
      routingTargetId: project.routingTargetId,
      projectId: project.id,
      resourceType: "project",
      resourceId: project.id,
      eventType,
      operatorId: props.operator.id,
      payload,
    },
    props.inlineViews,
  );
}

export async function removeProjectMember(props: MemberProps) {
  const result = await props.prisma.$transaction(async (tx) => {
    const { project, member } = await loadTargets(tx, props);
    const current = await tx.projectMember.findUnique({
      where: { projectId_operatorId: { projectId: project.id, operatorId: member.id } },
    });
    if (!current) return { project, changed: false, sequence: null };
    if (current.role === "OWNER" && (await ownerCount(tx, project.id)) === 1) {
      throw new ConflictError(
        `${member.name} is the only owner of ${project.slug}; a project keeps one owner`,
        "LAST_OWNER",
      );
    }
    await tx.projectMember.delete({
      where: { projectId_operatorId: { projectId: project.id, operatorId: member.id } },
    });
    const sequence = await appendMemberEvent(tx, props, project, "project.member_removed", {
      member: member.name,
      role: current.role,
    });
    return { project, changed: true, sequence };
  }, WRITE_TRANSACTION);
  if (result.sequence !== null) await props.notifier.publish(result.sequence);
  return result;
}
