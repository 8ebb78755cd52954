// The transaction client type shared by every use case: one props object carries it through.
import type { PrismaClient } from "../../generated/prisma/client.js";

export type TransactionClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/** Long imports and rebuilds need more than Prisma's 5 s default. */
export const LONG_TRANSACTION = { timeout: 600_000, maxWait: 60_000 } as const;
export const WRITE_TRANSACTION = { timeout: 30_000, maxWait: 30_000 } as const;
