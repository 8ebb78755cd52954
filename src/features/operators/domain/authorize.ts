// Role checks for writes. Roles are ordered: a CURATOR may do what an AGENT may, and so on.
import type { OperatorRole } from "../../../generated/prisma/enums.js";
import { AuthenticationError, ForbiddenError } from "../../../platform/errors/domain-error.js";
import type { AuthenticatedOperator, TokenCheck } from "../../../platform/auth/caller.js";

const RANK: Record<OperatorRole, number> = { READER: 0, AGENT: 1, CURATOR: 2, ADMIN: 3 };

export function requireRole(auth: TokenCheck, role: OperatorRole): AuthenticatedOperator {
  if (auth.status === "ANONYMOUS") throw new AuthenticationError();
  if (auth.status === "INVALID") {
    const messages = {
      MALFORMED_HEADER: "The Authorization header must be `Bearer <token>`",
      UNKNOWN_TOKEN: "The operator token is not valid",
      EXPIRED_TOKEN: "The operator token has expired",
      REVOKED_TOKEN: "The operator token was revoked",
    } as const;
    throw new AuthenticationError(
      messages[auth.reason],
      auth.reason === "EXPIRED_TOKEN" ? "TOKEN_EXPIRED" : "UNAUTHENTICATED",
    );
  }
  if (RANK[auth.operator.role] < RANK[role]) {
    throw new ForbiddenError(
      `This operation needs the ${role} role; ${auth.operator.name} is ${auth.operator.role}`,
      role,
    );
  }
  return auth.operator;
}
