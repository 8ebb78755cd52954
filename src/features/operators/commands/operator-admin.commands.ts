// Operator administration: list, revoke and rotate. Shared by the ADMIN mutations and the CLI, so a
// running service (either database) and a stopped one are managed the same way. A token is shown
// once, when created or rotated; only its sha256 is stored.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { OperatorRole } from "../../../generated/prisma/enums.js";
import { ConflictError, InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { generateToken, hashToken } from "../domain/tokens.js";
import { createOperator } from "./operator.commands.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import { OPERATOR_CHANGES_CHANNEL } from "../../../events/notifier.js";

export interface OperatorRow {
  id: string;
  name: string;
  role: OperatorRole;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

const ROW = { id: true, name: true, role: true, createdAt: true, expiresAt: true, revokedAt: true } as const;

export function listOperators(prisma: PrismaClient): Promise<OperatorRow[]> {
  return prisma.operator.findMany({ select: ROW, orderBy: [{ createdAt: "asc" }, { name: "asc" }] });
}

/** When a token given `days` to live expires: never for none, else 1 to 3650 days from now. */
export function expiryAfterDays(days: number | null | undefined): Date | null {
  if (days === null || days === undefined) return null;
  if (!(days > 0) || days > 3_650) throw new InvalidInputError("expiresInDays is between 1 and 3650", "expiresInDays");
  return new Date(Date.now() + days * 86_400_000);
}

/** Creates an operator as an ADMIN does over the API: its row as `operators` lists it, and the token once. */
export async function createOperatorRow(props: {
  prisma: PrismaClient;
  name: string;
  role: OperatorRole;
  expiresInDays: number | null | undefined;
}): Promise<{ operator: OperatorRow; token: string }> {
  const { operator, token } = await createOperator({
    prisma: props.prisma,
    name: props.name,
    role: props.role,
    expiresAt: expiryAfterDays(props.expiresInDays),
  });
  return {
    operator: await props.prisma.operator.findUniqueOrThrow({ where: { id: operator.id }, select: ROW }),
    token,
  };
}

async function requireOperator(prisma: PrismaClient, name: string): Promise<OperatorRow> {
  const operator = await prisma.operator.findUnique({ where: { name: name.trim() }, select: ROW });
  if (!operator) throw new NotFoundError(`No operator named "${name}"`, name, "OPERATOR_NOT_FOUND");
  return operator;
}

/** Whether revoking `operator` would leave no usable ADMIN (nobody could manage operators any more). */
async function isLastAdmin(prisma: PrismaClient, operator: OperatorRow): Promise<boolean> {
  if (operator.role !== "ADMIN") return false;
  const others = await prisma.operator.count({
    where: {
      role: "ADMIN",
      revokedAt: null,
      id: { not: operator.id },
      OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }],
    },
  });
  return others === 0;
}

/**
 * Services that keep valid token checks (OperatorTokens) forget them when this reaches them: at the
 * commit, since NOTIFY is transactional. The process that made the change forgets at once as well.
 */
async function announceOperatorChange(tx: TransactionClient, operatorId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${OPERATOR_CHANGES_CHANNEL}::text, ${operatorId}::text)`;
}

/** Revokes at once: every later operation with the token, on any socket, is refused. Idempotent. */
export async function revokeOperator(
  prisma: PrismaClient,
  name: string,
): Promise<{ operator: OperatorRow; changed: boolean }> {
  const operator = await requireOperator(prisma, name);
  if (operator.revokedAt) return { operator, changed: false };
  if (await isLastAdmin(prisma, operator))
    throw new ConflictError(`${operator.name} is the last active ADMIN; create another ADMIN first`, "LAST_ADMIN");
  const revoked = await prisma.$transaction(async (tx) => {
    const row = await tx.operator.update({ where: { id: operator.id }, data: { revokedAt: new Date() }, select: ROW });
    await announceOperatorChange(tx, row.id);
    return row;
  });
  return { operator: revoked, changed: true };
}

/** A new token for the operator; the old one stops working at once. A revoked operator stays revoked. */
export async function rotateOperatorToken(
  prisma: PrismaClient,
  name: string,
  expiresAt?: Date | null,
): Promise<{ operator: OperatorRow; token: string }> {
  const operator = await requireOperator(prisma, name);
  if (operator.revokedAt)
    throw new ConflictError(`${operator.name} was revoked; create a new operator instead`, "OPERATOR_REVOKED");
  const token = generateToken();
  const rotated = await prisma.$transaction(async (tx) => {
    const row = await tx.operator.update({
      where: { id: operator.id },
      data: { tokenHash: hashToken(token), ...(expiresAt === undefined ? {} : { expiresAt }) },
      select: ROW,
    });
    await announceOperatorChange(tx, row.id);
    return row;
  });
  return { operator: rotated, token };
}
