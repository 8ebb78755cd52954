// Typed refusals and input errors for premise retrieval, each with a stable machine-readable code
// that the GraphQL layer maps to a union member and the runner matches against negative cases.
import { DomainError } from "../../../platform/errors/domain-error.js";

export type PremiseErrorCode =
  | "PREMISE_INDEX_PROOF_BODY_FORBIDDEN"
  | "QUERY_ORACLE_IDS_FORBIDDEN"
  | "TEST_SPLIT_TUNING_ATTEMPT"
  | "CONTEXT_RECIPE_BUDGET_OVERFLOW"
  | "UNKNOWN_STRATEGY_ID"
  | "MALFORMED_JSONL"
  | "DUPLICATE_PREMISE_ID"
  | "UNKNOWN_SPLIT"
  | "TOP_K_OUT_OF_RANGE"
  | "EMPTY_QUERY"
  | "QUERY_TOO_LONG"
  | "UNKNOWN_RECIPE_ID"
  | "PREMISE_INDEX_UNAVAILABLE";

/** One problem with one input line (1-based), so a bad file can be fixed without bisecting it. */
export interface LineProblem {
  line: number;
  reason: string;
}

/** Every premise refusal: `code` says which (GraphQL: ResearchPremiseRequestError). Thrown only as a subclass. */
export class PremiseRetrievalError extends DomainError {
  declare readonly code: PremiseErrorCode;

  constructor(code: PremiseErrorCode, message: string) {
    super(code, message);
  }
}

export class PremiseIndexProofBodyForbiddenError extends PremiseRetrievalError {
  constructor(
    readonly premiseId: string,
    readonly key: string,
    readonly line: number | null,
  ) {
    super(
      "PREMISE_INDEX_PROOF_BODY_FORBIDDEN",
      `premise ${premiseId}${line === null ? "" : ` (line ${line})`} carries a proof body in "${key}"; the index is metadata only`,
    );
  }
}

export class QueryOracleIdsForbiddenError extends PremiseRetrievalError {
  constructor(
    readonly queryId: string,
    readonly key: string,
  ) {
    super(
      "QUERY_ORACLE_IDS_FORBIDDEN",
      `query ${queryId} carries oracle premise ids in "${key}"; grading truth never reaches the scorer`,
    );
  }
}

export class TestSplitTuningAttemptError extends PremiseRetrievalError {
  constructor(
    readonly source: string,
    readonly queryIds: string[],
  ) {
    super(
      "TEST_SPLIT_TUNING_ATTEMPT",
      `${source} would tune on ${queryIds.length} test-split quer${queryIds.length === 1 ? "y" : "ies"}; test truth is never training data`,
    );
  }
}

export class ContextRecipeBudgetOverflowError extends PremiseRetrievalError {
  constructor(
    readonly recipeId: string,
    readonly requiredBytes: number,
    readonly budgetBytes: number,
  ) {
    super(
      "CONTEXT_RECIPE_BUDGET_OVERFLOW",
      `context recipe ${recipeId} needs ${requiredBytes} bytes but its budget is ${budgetBytes}`,
    );
  }
}

export class UnknownStrategyIdError extends PremiseRetrievalError {
  constructor(
    readonly strategyId: string,
    readonly allowed: readonly string[],
  ) {
    super("UNKNOWN_STRATEGY_ID", `unknown strategy id "${strategyId}"; allowed: ${allowed.join(", ")}`);
  }
}

export class MalformedJsonlError extends PremiseRetrievalError {
  constructor(
    readonly source: string,
    readonly problems: LineProblem[],
  ) {
    super(
      "MALFORMED_JSONL",
      `${source}: ${problems.length} malformed line(s): ${problems
        .slice(0, 5)
        .map((p) => `line ${p.line}: ${p.reason}`)
        .join("; ")}`,
    );
  }
}

export class DuplicatePremiseIdError extends PremiseRetrievalError {
  constructor(
    readonly premiseId: string,
    readonly lines: number[],
  ) {
    super("DUPLICATE_PREMISE_ID", `premise id ${premiseId} appears on lines ${lines.join(", ")}`);
  }
}

export class UnknownSplitError extends PremiseRetrievalError {
  constructor(readonly split: string) {
    super("UNKNOWN_SPLIT", `unknown split "${split}"; allowed: train, dev, test`);
  }
}

export class TopKOutOfRangeError extends PremiseRetrievalError {
  constructor(
    readonly topK: number,
    readonly min: number,
    readonly max: number,
  ) {
    super("TOP_K_OUT_OF_RANGE", `top_k ${topK} is outside ${min}..${max}`);
  }
}

export class EmptyQueryError extends PremiseRetrievalError {
  constructor(readonly queryId: string) {
    super("EMPTY_QUERY", `query ${queryId} has no text and no terms to retrieve with`);
  }
}

export class QueryTooLongError extends PremiseRetrievalError {
  constructor(
    readonly queryId: string,
    readonly characters: number,
    readonly limit: number,
  ) {
    super("QUERY_TOO_LONG", `query ${queryId} has ${characters} characters of text and terms; the limit is ${limit}`);
  }
}

export class UnknownRecipeIdError extends PremiseRetrievalError {
  constructor(readonly recipeId: string) {
    super("UNKNOWN_RECIPE_ID", `unknown context recipe "${recipeId}"`);
  }
}

export class PremiseIndexUnavailableError extends PremiseRetrievalError {
  constructor() {
    super("PREMISE_INDEX_UNAVAILABLE", "The premise index is not loaded yet");
  }
}
