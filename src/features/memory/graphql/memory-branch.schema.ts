// MemoryBranch (Relay node, federation entity), Checkpoint and CheckpointHead, plus the ways in:
// `Project.memoryBranches`, `Project.checkpointHead` and `ResearchObject.branch`.
import { decodeIdOf } from "../../../graphql/global-ids.js";
import { BranchKind, HeadScope } from "../../../generated/prisma/enums.js";
import { builder } from "../../../graphql/builder.js";
import { NotFoundError } from "../../../platform/errors/domain-error.js";
import { branchId, primaryBranch, ROOT_BRANCH } from "../domain/branch-derivation.js";
import {
  branchesById,
  checkpointsByBranch,
  headOf,
  projectBranches,
  type BranchRow,
  type CheckpointRow,
  type HeadRow,
} from "../domain/memory-reads.js";

const BranchKindEnum = builder.enumType(BranchKind, { name: "BranchKind" });
const HeadScopeEnum = builder.enumType(HeadScope, { name: "HeadScope" });

export const CheckpointType = builder.objectRef<CheckpointRow>("Checkpoint").implement({
  description: "Compact extractive summary of a branch: read it before descending into the raw members.",
  fields: (t) => ({
    summary: t.exposeString("summary"),
    keyTerms: t.exposeStringList("keyTerms"),
    memberCount: t.exposeInt("memberCount", { description: "All members, superseded ones included." }),
    currentCount: t.exposeInt("currentCount"),
    evidenceMix: t.expose("evidenceMix", { type: "JSON", description: "Current members per evidence grade." }),
    kindMix: t.expose("kindMix", { type: "JSON", description: "Current members per research kind." }),
    newestMember: t.prismaField({
      type: "ResearchObject",
      nullable: true,
      resolve: (query, checkpoint, _args, context) =>
        checkpoint.newestMemberId
          ? context.prisma.researchObject.findUnique({ ...query, where: { id: checkpoint.newestMemberId } })
          : null,
    }),
    newestMemberAt: t.expose("newestMemberAt", { type: "DateTime", nullable: true }),
    highWaterMark: t.field({
      type: "BigInt",
      description: "Change-event sequence this checkpoint was last computed at.",
      resolve: (checkpoint) => checkpoint.highWaterMark,
    }),
    version: t.exposeInt("version"),
  }),
});

// A ref first, implemented below: `parent` refers back to the type being defined.
export const MemoryBranchType = builder.loadableNodeRef("MemoryBranch", {
  id: { resolve: (branch: BranchRow) => branch.id },
  load: async (ids: string[], context) => {
    const rows = await branchesById(context.prisma, ids);
    return ids.map((id) => rows.get(id) ?? new NotFoundError(`No memory branch ${id} in the serving version`, id));
  },
});

MemoryBranchType.implement({
  description: "A branch of a project's research memory (project root, approach, outcome, artifacts, sources).",
  isTypeOf: (value) =>
    typeof value === "object" && value !== null && "parentId" in value && "kind" in value && "name" in value,
  fields: (t) => ({
    name: t.exposeString("name"),
    kind: t.expose("kind", { type: BranchKindEnum }),
    projectId: t.exposeID("projectId"),
    routingTargetId: t.exposeString("routingTargetId"),
    createdAt: t.expose("createdAt", {
      type: "DateTime",
      description: "Creation time of its earliest member (the project's, for the root).",
    }),
    version: t.exposeInt("version", {
      description: "View version this branch was read from; 0 when not projected yet.",
    }),
    projected: t.boolean({
      description: "False while the worker has not yet projected this branch.",
      resolve: (branch) => branch.version > 0,
    }),
    parent: t.field({ type: MemoryBranchType, nullable: true, resolve: (branch) => branch.parentId }),
    project: t.prismaField({
      type: "Project",
      resolve: (query, branch, _args, context) =>
        context.prisma.project.findUniqueOrThrow({ ...query, where: { id: branch.projectId } }),
    }),
    checkpoint: t.loadable({
      type: CheckpointType,
      nullable: true,
      load: async (branches: BranchRow[], context) => {
        const rows = await checkpointsByBranch(context.prisma, branches);
        return branches.map((branch) => rows.get(`${branch.version}:${branch.id}`) ?? null);
      },
      resolve: (branch) => branch,
    }),
  }),
});

builder.asEntity(MemoryBranchType, {
  key: builder.selection<{ id: string }>("id"),
  resolveReference: async (reference, context) => {
    const id = decodeIdOf("MemoryBranch", reference.id);
    return (await branchesById(context.prisma, [id])).get(id) ?? null;
  },
});

export const CheckpointHeadType = builder.objectRef<HeadRow>("CheckpointHead").implement({
  description: "Entry point of a project or target: its branches in descent order and a one-paragraph summary.",
  fields: (t) => ({
    scope: t.expose("scope", { type: HeadScopeEnum }),
    scopeId: t.exposeString("scopeId"),
    summary: t.exposeString("summary"),
    memberCount: t.exposeInt("memberCount"),
    branches: t.field({ type: [MemoryBranchType], resolve: (head) => head.branchIds }),
    highWaterMark: t.field({ type: "BigInt", resolve: (head) => head.highWaterMark }),
  }),
});

builder.prismaObjectField("Project", "memoryBranches", (t) =>
  t.field({
    type: [MemoryBranchType],
    description: "Root branch first, then by name.",
    resolve: (project, _args, context) => projectBranches(context.prisma, project.id),
  }),
);

builder.prismaObjectField("Project", "checkpointHead", (t) =>
  t.field({
    type: CheckpointHeadType,
    nullable: true,
    resolve: (project, _args, context) => headOf(context.prisma, "PROJECT", project.id),
  }),
);

builder.prismaObjectField("Problem", "checkpointHead", (t) =>
  t.field({
    type: CheckpointHeadType,
    nullable: true,
    description: "Entry point of the problem's research memory: its projects' root branches.",
    resolve: (problem, _args, context) => headOf(context.prisma, "TARGET", problem.id),
  }),
);

builder.prismaObjectField("ResearchObject", "branch", (t) =>
  t.field({
    type: MemoryBranchType,
    description: "The most specific branch: the named approach, else the outcome or artifacts branch.",
    select: {
      projectId: true,
      routingTargetId: true,
      kind: true,
      evidenceGrade: true,
      branchName: true,
      createdAt: true,
    },
    resolve: async (object, _args, context) => {
      const derived = primaryBranch(object);
      const id = branchId(object.projectId, derived.name);
      const loaded = await MemoryBranchType.getDataloader(context)
        .load(id)
        .catch(() => null);
      // During projection lag the branch is still named exactly: identity never waits for the worker.
      return (
        loaded ?? {
          id,
          version: 0,
          projectId: object.projectId,
          routingTargetId: object.routingTargetId,
          name: derived.name,
          kind: derived.kind,
          parentId: derived.parentName ? branchId(object.projectId, derived.parentName ?? ROOT_BRANCH) : null,
          createdAt: object.createdAt,
        }
      );
    },
  }),
);
