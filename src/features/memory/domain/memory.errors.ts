// Expected failures of memory-branch reads, with stable codes for clients.
import { DomainError } from "../../../platform/errors/domain-error.js";

export type InvalidCursorReason = "MALFORMED" | "TAMPERED" | "FOREIGN";

/** A member cursor that was not signed by this service, was altered, or belongs to another scope. */
export class InvalidCursorError extends DomainError {
  constructor(
    readonly reason: InvalidCursorReason,
    message: string,
  ) {
    super("INVALID_CURSOR", message);
  }
}
