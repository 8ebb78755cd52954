// Typed refusals and input errors for premise retrieval, each with a stable machine-readable code
// that the GraphQL layer maps to a union member and the runner matches against negative cases.

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
  | "UNKNOWN_RECIPE_ID";

/** One problem with one input line (1-based), so a bad file can be fixed without bisecting it. */
export interface LineProblem {
  line: number;
  reason: string;
}

export abstract class PremiseRetrievalError extends Error {
  abstract readonly code: PremiseErrorCode;
  override get name(): string {
    return this.constructor.name;
  }
}

export class PremiseIndexProofBodyForbiddenError extends PremiseRetrievalError {
  readonly code = "PREMISE_INDEX_PROOF_BODY_FORBIDDEN";
  constructor(
    readonly premiseId: string,
    readonly key: string,
    readonly line: number | null,
  ) {
    super(
      `premise ${premiseId}${line === null ? "" : ` (line ${line})`} carries a proof body in "${key}"; the index is metadata only`,
    );
  }
}

export class QueryOracleIdsForbiddenError extends PremiseRetrievalError {
  readonly code = "QUERY_ORACLE_IDS_FORBIDDEN";
  constructor(
    readonly queryId: string,
    readonly key: string,
  ) {
    super(`query ${queryId} carries oracle premise ids in "${key}"; grading truth never reaches the scorer`);
  }
}

export class TestSplitTuningAttemptError extends PremiseRetrievalError {
  readonly code = "TEST_SPLIT_TUNING_ATTEMPT";
  constructor(
    readonly source: string,
    readonly queryIds: string[],
  ) {
    super(
      `${source} would tune on ${queryIds.length} test-split quer${queryIds.length === 1 ? "y" : "ies"}; test truth is never training data`,
    );
  }
}

export class ContextRecipeBudgetOverflowError extends PremiseRetrievalError {
  readonly code = "CONTEXT_RECIPE_BUDGET_OVERFLOW";
  constructor(
    readonly recipeId: string,
    readonly requiredBytes: number,
    readonly budgetBytes: number,
  ) {
    super(`context recipe ${recipeId} needs ${requiredBytes} bytes but its budget is ${budgetBytes}`);
  }
}

export class UnknownStrategyIdError extends PremiseRetrievalError {
  readonly code = "UNKNOWN_STRATEGY_ID";
  constructor(
    readonly strategyId: string,
    readonly allowed: readonly string[],
  ) {
    super(`unknown strategy id "${strategyId}"; allowed: ${allowed.join(", ")}`);
  }
}

export class MalformedJsonlError extends PremiseRetrievalError {
  readonly code = "MALFORMED_JSONL";
  constructor(
    readonly source: string,
    readonly problems: LineProblem[],
  ) {
    super(
      `${source}: ${problems.length} malformed line(s): ${problems
        .slice(0, 5)
        .map((p) => `line ${p.line}: ${p.reason}`)
        .join("; ")}`,
    );
  }
}

export class DuplicatePremiseIdError extends PremiseRetrievalError {
  readonly code = "DUPLICATE_PREMISE_ID";
  constructor(
    readonly premiseId: string,
    readonly lines: number[],
  ) {
    super(`premise id ${premiseId} appears on lines ${lines.join(", ")}`);
  }
}

export class UnknownSplitError extends PremiseRetrievalError {
  readonly code = "UNKNOWN_SPLIT";
  constructor(readonly split: string) {
    super(`unknown split "${split}"; allowed: train, dev, test`);
  }
}

export class TopKOutOfRangeError extends PremiseRetrievalError {
  readonly code = "TOP_K_OUT_OF_RANGE";
  constructor(
    readonly topK: number,
    readonly min: number,
    readonly max: number,
  ) {
    super(`top_k ${topK} is outside ${min}..${max}`);
  }
}

export class EmptyQueryError extends PremiseRetrievalError {
  readonly code = "EMPTY_QUERY";
  constructor(readonly queryId: string) {
    super(`query ${queryId} has no text and no terms to retrieve with`);
  }
}

export class QueryTooLongError extends PremiseRetrievalError {
  readonly code = "QUERY_TOO_LONG";
  constructor(
    readonly queryId: string,
    readonly characters: number,
    readonly limit: number,
  ) {
    super(`query ${queryId} has ${characters} characters of text and terms; the limit is ${limit}`);
  }
}

export class UnknownRecipeIdError extends PremiseRetrievalError {
  readonly code = "UNKNOWN_RECIPE_ID";
  constructor(readonly recipeId: string) {
    super(`unknown context recipe "${recipeId}"`);
  }
}
