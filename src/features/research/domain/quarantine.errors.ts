// Expected failure of quarantine and release: the record is already in the asked-for state.
import { DomainError } from "../../../platform/errors/domain-error.js";

export class QuarantineStateError extends DomainError {
  constructor(
    readonly accession: string,
    readonly quarantined: boolean,
  ) {
    super(
      quarantined ? "ALREADY_QUARANTINED" : "NOT_QUARANTINED",
      quarantined
        ? `${accession} is already quarantined`
        : `${accession} is not quarantined, so there is nothing to release`,
    );
  }
}
