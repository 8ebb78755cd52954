// One keyset page of a memory branch's raw members with its checkpoint, a signed cursor bound to the
// target, project and traversed branches, and the view's freshness: for GraphQL and MCP alike.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { uuidOf } from "../../../graphql/global-ids.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { readFreshness, type ViewFreshness } from "../../../projections/freshness.js";
import type { MemberCursorKey } from "../domain/cursor-secret.js";
import { MAX_MEMBER_PAGE, MEMORY_VIEW } from "../domain/memory.constants.js";
import {
  ancestry,
  branchesById,
  checkpointsByBranch,
  memberKeys,
  type BranchRow,
  type CheckpointRow,
} from "../domain/memory-reads.js";
import { decodeMemberCursor, encodeMemberCursor, type CursorScope } from "../domain/member-cursor.js";

export interface MemberPage {
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

/** `cursorKey` is the service's (Services.memberCursorKey): loaded once per process and database. */
export async function readMemberPage(
  prisma: PrismaClient,
  cursorKey: MemberCursorKey,
  args: { id: string; first: number; after: string | null },
): Promise<MemberPage> {
  if (!Number.isInteger(args.first) || args.first < 1 || args.first > MAX_MEMBER_PAGE) {
    throw new InvalidInputError(`first must be between 1 and ${MAX_MEMBER_PAGE}`, "first");
  }
  const id = branchUuid(args.id);
  const [freshness] = await readFreshness(prisma, [MEMORY_VIEW]);
  const branch = (await branchesById(prisma, [id])).get(id);
  if (!branch)
    throw new NotFoundError(
      `No memory branch ${args.id} in the serving version (memory view: ${freshness!.status})`,
      args.id,
    );
  const traversed = await ancestry(prisma, branch);
  const scope: CursorScope = {
    branchId: branch.id,
    projectId: branch.projectId,
    routingTargetId: branch.routingTargetId,
    traversed,
  };
  const key = await cursorKey.get();
  const after = args.after ? decodeMemberCursor(args.after, scope, key) : null;
  // One extra row tells whether another page exists without a count.
  const keys = await memberKeys(prisma, branch, args.first + 1, after);
  const page = keys.slice(0, args.first);
  const last = page.at(-1);
  return {
    branch,
    checkpoint: (await checkpointsByBranch(prisma, [branch])).get(`${branch.version}:${branch.id}`) ?? null,
    memberIds: page.map((member) => member.researchObjectId),
    nextMemberCursor:
      keys.length > args.first && last
        ? encodeMemberCursor(scope, { createdAt: last.memberCreatedAt, id: last.researchObjectId }, key)
        : null,
    traversed,
    freshness: freshness!,
  };
}
