// Canonical serialisation of one version of `memory-branches`: every row sorted by key, bookkeeping
// (version, marks, update times) left out, so two versions with the same content print identically.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { canonicalJson, sha256Hex } from "../../../platform/lib/canonical-json.js";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function serializeMemoryVersion(prisma: PrismaClient, version: number): Promise<string> {
  const [branches, memberships, checkpoints, heads] = await Promise.all([
    prisma.memoryBranch.findMany({ where: { version }, orderBy: { id: "asc" } }),
    prisma.branchMembership.findMany({
      where: { version },
      orderBy: [{ branchId: "asc" }, { researchObjectId: "asc" }],
    }),
    prisma.checkpoint.findMany({ where: { version }, orderBy: { branchId: "asc" } }),
    prisma.checkpointHead.findMany({ where: { version }, orderBy: [{ scope: "asc" }, { scopeId: "asc" }] }),
  ]);
  const lines = [
    ...branches.map(({ version: _v, createdAt, ...row }) =>
      canonicalJson({ table: "branch", ...row, createdAt: iso(createdAt) }),
    ),
    ...memberships.map(({ version: _v, memberCreatedAt, ...row }) =>
      canonicalJson({ table: "membership", ...row, memberCreatedAt: iso(memberCreatedAt) }),
    ),
    ...checkpoints.map(({ version: _v, highWaterMark: _h, updatedAt: _u, newestMemberAt, ...row }) =>
      canonicalJson({ table: "checkpoint", ...row, newestMemberAt: iso(newestMemberAt) }),
    ),
    ...heads.map(({ version: _v, highWaterMark: _h, updatedAt: _u, ...row }) =>
      canonicalJson({ table: "head", ...row }),
    ),
  ];
  return lines.join("\n");
}

export async function memoryVersionDigest(prisma: PrismaClient, version: number): Promise<string> {
  return sha256Hex(await serializeMemoryVersion(prisma, version));
}
