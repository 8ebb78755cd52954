// Who is calling: the outcome of checking an operator token. Defined below the features so the GraphQL
// layer (read access, rate limit), MCP and HTTP can name the caller; the operators feature produces it.
import type { OperatorRole } from "../../generated/prisma/enums.js";

export interface AuthenticatedOperator {
  id: string;
  name: string;
  role: OperatorRole;
}

/** Kept whole, not just the operator, so a refused write can say why (expired, revoked, malformed...). */
export type TokenCheck =
  | { status: "ANONYMOUS" }
  | { status: "VALID"; operator: AuthenticatedOperator }
  | { status: "INVALID"; reason: "UNKNOWN_TOKEN" | "EXPIRED_TOKEN" | "REVOKED_TOKEN" | "MALFORMED_HEADER" };
