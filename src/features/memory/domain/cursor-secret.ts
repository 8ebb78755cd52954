// The key that signs member cursors. It derives from a secret stored in the database (created on
// first use), so every service process and every restart accepts cursors any of them issued.
import { createHmac, randomBytes } from "node:crypto";
import type { PrismaClient } from "../../../generated/prisma/client.js";

const SECRET_NAME = "memory-cursor";
// 256 bits: the HMAC-SHA256 block security level; fewer would be the weakest link.
const SECRET_BYTES = 32;
// Domain separation: the stored secret may later sign other things without cross-use.
const KEY_PURPOSE = "memory-branch-cursor:v1";

async function loadKey(prisma: PrismaClient): Promise<Buffer> {
  await prisma.serviceSecret.createMany({
    data: [{ name: SECRET_NAME, value: randomBytes(SECRET_BYTES) }],
    skipDuplicates: true,
  });
  const row = await prisma.serviceSecret.findUniqueOrThrow({ where: { name: SECRET_NAME } });
  return createHmac("sha256", Buffer.from(row.value)).update(KEY_PURPOSE).digest();
}

/**
 * The key of one database, loaded on first use and kept by whoever made this object (src/service.ts:
 * one per process and database). The key is immutable configuration, not request state, so holding it
 * for the process is safe; a failed load is forgotten, so the next call tries again.
 */
export class MemberCursorKey {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly prisma: PrismaClient) {}

  get(): Promise<Buffer> {
    if (!this.key) {
      const loading = loadKey(this.prisma);
      this.key = loading;
      loading.catch(() => {
        if (this.key === loading) this.key = null;
      });
    }
    return this.key;
  }
}
