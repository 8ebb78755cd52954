// Typed failures of fetching statements from erdosproblems.com: stable codes a caller can act on.

export type ErdosSiteFetchErrorCode =
  /** Several requests in a row failed after their retries: the site (or the network) is down, so stop asking. */
  "SITE_UNREACHABLE";

export class ErdosSiteFetchError extends Error {
  override readonly name = "ErdosSiteFetchError";

  constructor(
    readonly code: ErdosSiteFetchErrorCode,
    message: string,
  ) {
    super(message);
  }
}
