// Project membership in GraphQL: `Project.members`, and the owner-only `addProjectMember` /
// `removeProjectMember` mutations (typed errors: NOT_PROJECT_OWNER, OPERATOR_NOT_FOUND, LAST_OWNER).
import type { Project } from "../../../generated/prisma/client.js";
import { ProjectRole } from "../../../generated/prisma/enums.js";
import { builder } from "../../../graphql/builder.js";
import { writeProps } from "../commands/write-props.js";
import { WRITE_ERRORS } from "../../../graphql/errors.js";
import { requireRole } from "../../operators/domain/authorize.js";
import { addProjectMember, removeProjectMember } from "../commands/project-members.command.js";
import { projectMembersLoader, type ProjectMemberRow } from "../queries/project-members.query.js";
import { ProjectType } from "./project.schema.js";

export const ProjectRoleEnum = builder.enumType(ProjectRole, { name: "ProjectRole" });

const ProjectMemberType = builder.objectRef<ProjectMemberRow>("ProjectMember").implement({
  description: "An operator who may write into a project: an OWNER (manages members) or a MEMBER.",
  fields: (t) => ({
    operatorName: t.exposeString("operatorName"),
    role: t.field({ type: ProjectRoleEnum, resolve: (row) => row.role }),
    addedAt: t.expose("addedAt", { type: "DateTime" }),
  }),
});

builder.objectField(ProjectType, "members", (t) =>
  t.field({
    type: [ProjectMemberType],
    description: "Owners first, then members, each in the order they were added.",
    resolve: (project, _args, context) => context.loaders.of(projectMembersLoader).load(project.id),
  }),
);

const ProjectMembershipPayload = builder
  .objectRef<{ project: Project; changed: boolean }>("ProjectMembershipPayload")
  .implement({
    fields: (t) => ({
      project: t.field({ type: ProjectType, resolve: (payload) => payload.project }),
      changed: t.exposeBoolean("changed", {
        description: "False when the membership already was as asked (nothing written).",
      }),
    }),
  });

const MembershipInput = builder.inputType("ProjectMemberInput", {
  fields: (t) => ({
    projectId: t.id({ required: true }),
    operatorName: t.string({ required: true }),
    role: t.field({ type: ProjectRoleEnum, defaultValue: "MEMBER", description: "Only for addProjectMember." }),
  }),
});

builder.mutationField("addProjectMember", (t) =>
  t.field({
    type: ProjectMembershipPayload,
    description: "An owner (or a CURATOR) lets an operator write into the project, or changes its role.",
    errors: { types: WRITE_ERRORS, directResult: true, union: { name: "AddProjectMemberResult" } },
    args: { input: t.arg({ type: MembershipInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "AGENT");
      return addProjectMember({
        ...writeProps(context.services, operator),
        projectId: String(input.projectId),
        member: input.operatorName,
        role: input.role ?? "MEMBER",
      });
    },
  }),
);

builder.mutationField("removeProjectMember", (t) =>
  t.field({
    type: ProjectMembershipPayload,
    description: "An owner (or a CURATOR) removes an operator's write access; the last owner stays.",
    errors: { types: WRITE_ERRORS, directResult: true, union: { name: "RemoveProjectMemberResult" } },
    args: { input: t.arg({ type: MembershipInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      const operator = requireRole(context.auth, "AGENT");
      return removeProjectMember({
        ...writeProps(context.services, operator),
        projectId: String(input.projectId),
        member: input.operatorName,
      });
    },
  }),
);
