// Operator factories: an operator created through the real use case, with the token that is only
// ever shown once, so tests authenticate exactly as clients do.
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import type { OperatorRole } from "../../src/generated/prisma/enums.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { uniqueToken } from "./unique-token.js";

export interface OperatorWithToken {
  operator: { id: string; name: string; role: OperatorRole };
  token: string;
}

/** Creates an operator through the real use case and returns its (only ever shown once) token. */
export async function createOperatorWithToken(
  prisma: PrismaClient,
  role: OperatorRole = "AGENT",
  name = `operator-${uniqueToken()}`,
): Promise<OperatorWithToken> {
  return createOperator({ prisma, name, role });
}
