// Parses retrieval inputs (GraphQL, fixture rows, benchmark rows) and graded query files.
// Grading truth is lifted out of a row before the rest becomes a RetrievalQuery; any other oracle key is refused.

import type { GradedQuery, RetrievalQuery, Split } from "./premise.types.js";
import {
  DEFAULT_STRATEGY_ID,
  DEFAULT_TOP_K,
  GRADING_KEY,
  MAX_QUERY_TEXT_CHARS,
  ORACLE_KEYS,
  STRATEGY_IDS,
} from "./premises.constants.js";
import {
  EmptyQueryError,
  MalformedJsonlError,
  type LineProblem,
  QueryOracleIdsForbiddenError,
  QueryTooLongError,
  UnknownStrategyIdError,
} from "./premises.errors.js";
import { FieldReader, parseJsonl, type JsonlRow } from "./jsonl.js";
import { parseSplit, parseTopK } from "./splits.js";
import { wordTokens } from "./tokenize.js";

export interface QueryDefaults {
  split?: Split;
  strategy?: string;
  topK?: number;
}

/** Field names accepted in both the JSONL (snake_case) and GraphQL (camelCase) spellings. */
function pick(raw: Record<string, unknown>, ...keys: string[]): unknown {
  for (const key of keys) if (raw[key] !== undefined) return raw[key];
  return undefined;
}

export function parseStrategyId(value: unknown): string {
  const strategy = String(value);
  if (!(STRATEGY_IDS as readonly string[]).includes(strategy)) throw new UnknownStrategyIdError(strategy, STRATEGY_IDS);
  return strategy;
}

/** Refusals first (oracle ids), then typed field checks; throws instead of returning a half-valid query. */
export function parseRetrievalInput(
  raw: Record<string, unknown>,
  defaults: QueryDefaults = {},
  line = 1,
): RetrievalQuery {
  const queryId = String(pick(raw, "query_id", "queryId") ?? "query");
  const oracleKey = ORACLE_KEYS.find((key) => raw[key] !== undefined);
  if (oracleKey !== undefined) throw new QueryOracleIdsForbiddenError(queryId, oracleKey);
  const normalised: Record<string, unknown> = {
    text: pick(raw, "text", "query_text") ?? "",
    terms: pick(raw, "terms") ?? [],
    module: pick(raw, "module") ?? null,
    decl_index: pick(raw, "decl_index", "declIndex") ?? null,
    exclude_premise_ids: pick(raw, "exclude_premise_ids", "excludePremiseIds") ?? [],
    recipe: pick(raw, "recipe", "recipe_id", "recipeId") ?? null,
  };
  const problems: LineProblem[] = [];
  const fields = new FieldReader({ line, value: normalised }, problems);
  const query: RetrievalQuery = {
    queryId,
    text: fields.string("text"),
    terms: fields.stringList("terms"),
    split: parseSplit(pick(raw, "split") ?? defaults.split),
    strategy: parseStrategyId(pick(raw, "strategy") ?? defaults.strategy ?? DEFAULT_STRATEGY_ID),
    topK: parseTopK(pick(raw, "top_k", "topK") ?? defaults.topK ?? DEFAULT_TOP_K),
    recipeId: fields.nullableString("recipe"),
    module: fields.nullableString("module"),
    declIndex: fields.nullableInteger("decl_index"),
    excludePremiseIds: fields.stringList("exclude_premise_ids"),
  };
  if (problems.length > 0) throw new MalformedJsonlError(`query ${queryId}`, problems);
  const characters = query.text.length + query.terms.reduce((total, term) => total + term.length, 0);
  if (characters > MAX_QUERY_TEXT_CHARS) throw new QueryTooLongError(queryId, characters, MAX_QUERY_TEXT_CHARS);
  if (wordTokens(query.text).length === 0 && query.terms.every((term) => wordTokens(term).length === 0)) {
    throw new EmptyQueryError(queryId);
  }
  return query;
}

function readGradedRow(row: JsonlRow, defaults: QueryDefaults, problems: LineProblem[]): GradedQuery | null {
  const expected = new FieldReader(row, problems).stringList(GRADING_KEY);
  const { [GRADING_KEY]: _grading, ...retrievalFields } = row.value;
  try {
    return { query: parseRetrievalInput(retrievalFields, defaults, row.line), expectedPremiseIds: expected };
  } catch (error) {
    if (!(error instanceof MalformedJsonlError)) throw error;
    problems.push(...error.problems);
    return null;
  }
}

/** Loads a graded query file all-or-nothing: any refusal or malformed line throws. */
export function loadGradedQueries(jsonlText: string, defaults: QueryDefaults = {}, source = "queries"): GradedQuery[] {
  const { rows, problems } = parseJsonl(jsonlText);
  const graded = rows.map((row) => readGradedRow(row, defaults, problems));
  if (problems.length > 0)
    throw new MalformedJsonlError(
      source,
      problems.sort((a, b) => a.line - b.line),
    );
  return graded.filter((query): query is GradedQuery => query !== null);
}
