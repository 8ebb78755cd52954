// Typed failures of fetching statements from erdosproblems.com: stable codes a caller can act on.
import { DomainError } from "../../../platform/errors/domain-error.js";

export type ErdosSiteFetchErrorCode =
  /** Several requests in a row failed after their retries: the site (or the network) is down, so stop asking. */
  "SITE_UNREACHABLE";

export class ErdosSiteFetchError extends DomainError {
  declare readonly code: ErdosSiteFetchErrorCode;

  constructor(code: ErdosSiteFetchErrorCode, message: string) {
    super(code, message);
  }
}
