// Typed input errors of problem discovery: stable machine-readable codes the GraphQL layer maps to
// expected errors. Anything else thrown from discovery is a bug and gets masked.

import { DomainError } from "../../../platform/errors/domain-error.js";

export type DiscoveryInputErrorCode = "EMPTY_QUERY" | "QUERY_TOO_LONG" | "LIMIT_OUT_OF_RANGE";

export class DiscoveryInputError extends DomainError {
  declare readonly code: DiscoveryInputErrorCode;

  constructor(code: DiscoveryInputErrorCode, message: string) {
    super(code, message);
  }
}
