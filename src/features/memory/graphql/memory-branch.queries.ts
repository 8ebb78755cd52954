// `memoryBranch(id, first, after)`: the branch, its checkpoint and one keyset page of raw members,
// with a signed cursor bound to the target, project and traversed branches, and the view's freshness.
import { builder } from "../../../graphql/builder.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { ViewFreshnessType } from "../../freshness/graphql/freshness.schema.js";
import { CheckpointType, MemoryBranchType } from "./memory-branch.schema.js";
import { DEFAULT_MEMBER_PAGE } from "../domain/memory.constants.js";
import { InvalidCursorError } from "../domain/memory.errors.js";
import { readMemberPage, type MemberPage } from "../queries/member-page.query.js";
import "./memory-errors.schema.js";

const MemberPageType = builder.objectRef<MemberPage>("MemoryBranchPage").implement({
  description: "One branch with its checkpoint and a page of raw members in (creation time, record id) order.",
  fields: (t) => ({
    branch: t.field({ type: MemoryBranchType, resolve: (page) => page.branch }),
    checkpoint: t.field({ type: CheckpointType, nullable: true, resolve: (page) => page.checkpoint }),
    members: t.prismaField({
      type: ["ResearchObject"],
      resolve: async (query, page, _args, context) => {
        const rows = await context.prisma.researchObject.findMany({ ...query, where: { id: { in: page.memberIds } } });
        const byId = new Map(rows.map((row) => [row.id, row]));
        return page.memberIds.flatMap((id) => byId.get(id) ?? []);
      },
    }),
    nextMemberCursor: t.string({
      nullable: true,
      description: "Opaque; null on the last page.",
      resolve: (page) => page.nextMemberCursor,
    }),
    traversedBranchIds: t.stringList({
      description: "Root-to-branch path the cursor is scoped to.",
      resolve: (page) => page.traversed,
    }),
    freshness: t.field({
      type: ViewFreshnessType,
      description: "Lag of the memory view this page was read from.",
      resolve: (page) => page.freshness,
    }),
  }),
});

builder.queryField("memoryBranch", (t) =>
  t.field({
    type: MemberPageType,
    description: `A memory branch and its members, ${DEFAULT_MEMBER_PAGE} by default; continue with \`after: nextMemberCursor\`.`,
    errors: {
      types: [InvalidCursorError, InvalidInputError, NotFoundError],
      directResult: true,
      union: { name: "MemoryBranchResult" },
    },
    args: {
      id: t.arg.id({ required: true }),
      first: t.arg.int({ defaultValue: DEFAULT_MEMBER_PAGE }),
      after: t.arg.string(),
    },
    resolve: (_root, args, context) =>
      readMemberPage(context.prisma, context.services.memberCursorKey, {
        id: String(args.id),
        first: args.first ?? DEFAULT_MEMBER_PAGE,
        after: args.after ?? null,
      }),
  }),
);
