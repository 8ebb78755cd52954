// Operator use cases: create an operator (token printed once) and look a bearer token up.
import type pg from "pg";
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

/** The token of an Authorization header value: null when there is none, "malformed" when it is no bearer token. */
export function bearerToken(header: string | undefined | null): string | null | "malformed" {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : "malformed";
}

/**
 * Checks a token, by its sha256 (`hashToken`), against the database, with the operator's expiry; callers go
 * through OperatorTokens, which keeps the valid checks. The outcome is kept so a write can say why it was
 * refused. One named statement on the pg pool (planned once per connection), not a Prisma query.
 */
export async function lookUpToken(
  pool: pg.Pool,
  tokenHash: string,
  now: number,
): Promise<{ check: TokenCheck; expiresMs: number | null }> {
  const { rows } = await pool.query<{
    id: string;
    name: string;
    role: OperatorRole;
    revoked: boolean;
    expires_ms: number | null;
  }>({
    name: "authenticate-operator",
    // Expiry as epoch milliseconds: the column is a UTC timestamp without zone, which pg would read as local time.
    text: `SELECT id::text, name, role::text AS role, revoked_at IS NOT NULL AS revoked,
      round(extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms
      FROM operators WHERE token_hash = $1`,
    values: [tokenHash],
  });
  const operator = rows[0];
  const expiresMs = operator?.expires_ms == null ? null : Number(operator.expires_ms);
  if (!operator) return { check: { status: "INVALID", reason: "UNKNOWN_TOKEN" }, expiresMs };
  if (operator.revoked) return { check: { status: "INVALID", reason: "REVOKED_TOKEN" }, expiresMs };
  if (expiresMs !== null && expiresMs <= now)
    return { check: { status: "INVALID", reason: "EXPIRED_TOKEN" }, expiresMs };
  return {
    check: { status: "VALID", operator: { id: operator.id, name: operator.name, role: operator.role } },
    expiresMs,
  };
}
