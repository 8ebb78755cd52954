// Operator use cases: create an operator (token printed once) and authenticate a bearer token.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { OperatorRole } from "../../../generated/prisma/enums.js";
import type { AuthenticatedOperator, TokenCheck } from "../../../platform/auth/caller.js";
import { ConflictError, InvalidInputError } from "../../../platform/errors/domain-error.js";
import { generateToken, hashToken } from "../domain/tokens.js";

export const ROLES: OperatorRole[] = ["READER", "AGENT", "CURATOR", "ADMIN"];

export async function createOperator(props: {
  prisma: PrismaClient;
  name: string;
  role: string;
  expiresAt?: Date | null;
}): Promise<{ operator: AuthenticatedOperator; token: string }> {
  const name = props.name.trim();
  if (!/^[\w.@-]{1,80}$/.test(name))
    throw new InvalidInputError("Operator names are 1-80 letters, digits, _ . @ -", "name");
  const role = props.role.toUpperCase() as OperatorRole;
  if (!ROLES.includes(role)) throw new InvalidInputError(`Role must be one of ${ROLES.join(", ")}`, "role");
  const token = generateToken();
  const existing = await props.prisma.operator.findUnique({ where: { name } });
  if (existing) throw new ConflictError(`An operator named ${name} exists already`, "OPERATOR_EXISTS");
  const operator = await props.prisma.operator.create({
    data: { name, role, tokenHash: hashToken(token), expiresAt: props.expiresAt ?? null },
    select: { id: true, name: true, role: true },
  });
  return { operator, token };
}

/** Checks an Authorization header value. The outcome is kept so a write can say why it was refused. */
export async function authenticate(prisma: PrismaClient, header: string | undefined | null): Promise<TokenCheck> {
  if (!header) return { status: "ANONYMOUS" };
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match) return { status: "INVALID", reason: "MALFORMED_HEADER" };
  const operator = await prisma.operator.findUnique({ where: { tokenHash: hashToken(match[1]!) } });
  if (!operator) return { status: "INVALID", reason: "UNKNOWN_TOKEN" };
  if (operator.revokedAt) return { status: "INVALID", reason: "REVOKED_TOKEN" };
  if (operator.expiresAt && operator.expiresAt.getTime() <= Date.now())
    return { status: "INVALID", reason: "EXPIRED_TOKEN" };
  return { status: "VALID", operator: { id: operator.id, name: operator.name, role: operator.role } };
}
