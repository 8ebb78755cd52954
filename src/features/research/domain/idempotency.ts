// Scoped idempotency: a key belongs to (operator, operation, scope). The claim row is inserted first,
// so a concurrent retry with the same key blocks on it and then replays the original result.
import { randomUUID } from "node:crypto";
import { contentDigest } from "../../../platform/lib/canonical-json.js";
import type { TransactionClient } from "../../../platform/db/transaction.js";
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { IdempotencyConflictError } from "./research.errors.js";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

export interface IdempotencyScope {
  operatorId: string;
  operation: string;
  scope: string;
  key: string;
}

export type IdempotencyClaim = { replay: false; resultId: string } | { replay: true; resultId: string };

export function requestDigest(input: Record<string, unknown>): string {
  const { idempotencyKey: _key, ...content } = input;
  return contentDigest(content);
}

export function validateIdempotencyKey(key: string): string {
  const trimmed = key.trim();
  if (trimmed === "" || trimmed.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new InvalidInputError(`idempotencyKey must be 1-${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, "idempotencyKey");
  }
  return trimmed;
}

/** Claims the key for a new result id, or reports the earlier result of the same request. */
export async function claimIdempotencyKey(
  tx: TransactionClient,
  scope: IdempotencyScope,
  digest: string,
): Promise<IdempotencyClaim> {
  const resultId = randomUUID();
  const inserted = await tx.$executeRaw`
    INSERT INTO idempotency_records (operator_id, operation, scope, key, request_hash, result_id)
    VALUES (${scope.operatorId}::uuid, ${scope.operation}, ${scope.scope}, ${scope.key}, ${digest}, ${resultId})
    ON CONFLICT DO NOTHING`;
  if (inserted === 1) return { replay: false, resultId };
  const existing = await tx.idempotencyRecord.findUniqueOrThrow({
    where: {
      operatorId_operation_scope_key: {
        operatorId: scope.operatorId,
        operation: scope.operation,
        scope: scope.scope,
        key: scope.key,
      },
    },
  });
  if (existing.requestHash !== digest) throw new IdempotencyConflictError(scope.key);
  return { replay: true, resultId: existing.resultId };
}
