// `memoryBranch(id, first, after)`: the branch, its checkpoint and one keyset page of raw members,
// with a signed cursor bound to the target, project and traversed branches, and the view's freshness.
import type { PrismaClient } from "../../generated/prisma/client.js";
import { uuidOf } from "../../graphql/global-ids.js";
import { builder } from "../../graphql/builder.js";
import { InvalidInputError, NotFoundError } from "../../errors/domain-error.js";
import { readFreshness, type ViewFreshness } from "../../projections/freshness.js";
import { ViewFreshnessType } from "../freshness/freshness.schema.js";
import { cursorKey } from "./cursor-secret.js";
import { CheckpointType, MemoryBranchType } from "./memory-branch.schema.js";
import { DEFAULT_MEMBER_PAGE, MAX_MEMBER_PAGE, MEMORY_VIEW } from "./memory.constants.js";
import { ancestry, branchesById, checkpointsByBranch, memberKeys, type BranchRow, type CheckpointRow } from "./memory-reads.js";
import { decodeMemberCursor, encodeMemberCursor, type CursorScope } from "./member-cursor.js";
import { InvalidCursorError } from "./memory.errors.js";
import "./memory-errors.schema.js";


interface MemberPage {
  branch: BranchRow;
  checkpoint: CheckpointRow | null;
  memberIds: string[];
  nextMemberCursor: string | null;
  traversed: string[];
  freshness: ViewFreshness;
}

/** Accepts the Relay global id or the raw branch uuid. */
function branchUuid(id: string): string {
  const uuid = uuidOf("MemoryBranch", id);
  if (uuid) return uuid;
  throw new NotFoundError(`${id} is not a memory branch id`, id);
}

export async function readMemberPage(prisma: PrismaClient, args: { id: string; first: number; after: string | null }): Promise<MemberPage> {
  if (!Number.isInteger(args.first) || args.first < 1 || args.first > MAX_MEMBER_PAGE) {
    throw new InvalidInputError(`first must be between 1 and ${MAX_MEMBER_PAGE}`, "first");
  }
  const id = branchUuid(args.id);
  const [freshness] = await readFreshness(prisma, [MEMORY_VIEW]);
  const branch = (await branchesById(prisma, [id])).get(id);
  if (!branch) throw new NotFoundError(`No memory branch ${args.id} in the serving version (memory view: ${freshness!.status})`, args.id);
  const traversed = await ancestry(prisma, branch);
  const scope: CursorScope = { branchId: branch.id, projectId: branch.projectId, routingTargetId: branch.routingTargetId, traversed };
  const key = await cursorKey(prisma);
  const after = args.after ? decodeMemberCursor(args.after, scope, key) : null;
  // One extra row tells whether another page exists without a count.
  const keys = await memberKeys(prisma, branch, args.first + 1, after);
  const page = keys.slice(0, args.first);
  const last = page.at(-1);
  return {
    branch,
    checkpoint: (await checkpointsByBranch(prisma, [branch])).get(`${branch.version}:${branch.id}`) ?? null,
    memberIds: page.map((member) => member.researchObjectId),
    nextMemberCursor: keys.length > args.first && last ? encodeMemberCursor(scope, { createdAt: last.memberCreatedAt, id: last.researchObjectId }, key) : null,
    traversed,
    freshness: freshness!,
  };
}

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
    nextMemberCursor: t.string({ nullable: true, description: "Opaque; null on the last page.", resolve: (page) => page.nextMemberCursor }),
    traversedBranchIds: t.stringList({ description: "Root-to-branch path the cursor is scoped to.", resolve: (page) => page.traversed }),
    freshness: t.field({ type: ViewFreshnessType, description: "Lag of the memory view this page was read from.", resolve: (page) => page.freshness }),
  }),
});

builder.queryField("memoryBranch", (t) =>
  t.field({
    type: MemberPageType,
    description: `A memory branch and its members, ${DEFAULT_MEMBER_PAGE} by default; continue with \`after: nextMemberCursor\`.`,
    errors: { types: [InvalidCursorError, InvalidInputError, NotFoundError], directResult: true, union: { name: "MemoryBranchResult" } },
    args: {
      id: t.arg.id({ required: true }),
      first: t.arg.int({ defaultValue: DEFAULT_MEMBER_PAGE }),
      after: t.arg.string(),
    },
    resolve: (_root, args, context) => readMemberPage(context.prisma, { id: String(args.id), first: args.first ?? DEFAULT_MEMBER_PAGE, after: args.after ?? null }),
  }),
);
