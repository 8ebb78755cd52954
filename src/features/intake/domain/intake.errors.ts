// Expected failures of intake and curation, each with a stable code.
import { DomainError } from "../../../platform/errors/domain-error.js";
import type { StatementRule } from "./statement-content.js";

/** A submitted statement broke a content rule (statement-content.ts); `rule` names which. */
export class StatementRefusedError extends DomainError {
  constructor(
    readonly rule: StatementRule,
    message: string,
  ) {
    super("STATEMENT_REFUSED", `The statement was refused (${rule}): ${message}`);
  }
}

/** A curation step the problem's publication state does not allow (rejecting a published problem, ...). */
export class ProblemStateError extends DomainError {
  constructor(
    readonly stableId: string,
    readonly publicationState: string,
    readonly allowedStates: string[],
    operation: string,
    detail = "",
  ) {
    super(
      "WRONG_PROBLEM_STATE",
      `${operation} needs ${stableId} to be ${allowedStates.join(" or ")}; it is ${publicationState}${detail}`,
    );
  }
}

/** mergeProblem whose two refs name the same problem (possibly through an earlier merge). */
export class MergeIntoSelfError extends DomainError {
  constructor(readonly stableId: string) {
    super("MERGE_INTO_SELF", `Both refs name ${stableId}: a problem cannot be merged into itself`);
  }
}
