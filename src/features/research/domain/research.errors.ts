// Expected failures of the research write path, each with a stable code.
import { DomainError } from "../../../platform/errors/domain-error.js";

/** A problem ref that names several problems: the caller must choose one candidate exactly. */
export class AmbiguousRefError extends DomainError {
  constructor(
    readonly ref: string,
    readonly candidateStableIds: string[],
  ) {
    super(
      "AMBIGUOUS_REF",
      `"${ref}" names ${candidateStableIds.length} problems (${candidateStableIds.join(", ")}); pass one stableId`,
    );
  }
}

/** A relation whose type must stay acyclic would close a cycle. */
export class RelationCycleError extends DomainError {
  constructor(
    readonly relationType: string,
    readonly path: string[],
  ) {
    super("RELATION_CYCLE", `A ${relationType} relation here would close the cycle ${path.join(" -> ")}`);
  }
}

export class AlreadySupersededError extends DomainError {
  constructor(readonly accession: string) {
    super("ALREADY_SUPERSEDED", `${accession} is already superseded; supersede its current successor instead`);
  }
}

export class IdempotencyConflictError extends DomainError {
  constructor(readonly key: string) {
    super("IDEMPOTENCY_KEY_REUSED", `The idempotency key "${key}" was already used with different content`);
  }
}
