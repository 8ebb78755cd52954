// Validation and analysis of an orient/checkPlan request: budget range, query length, the query's
// normalised terms (the same normaliser as indexing) and any Lean goal text for the proof-state lane.
import { InvalidInputError } from "../../../platform/errors/domain-error.js";
import { tokenize } from "../../../text/normalize.js";
import { MAX_MAX_CHARS, MAX_QUERY_CHARS, MAX_QUERY_TERMS, MIN_MAX_CHARS } from "./orient.constants.js";

export interface AnalysedQuery {
  text: string;
  /** Distinct normalised terms, at most MAX_QUERY_TERMS. */
  terms: string[];
  /** Term frequency in the query (repeats weigh a little more). */
  frequency: Map<string, number>;
  /** Candidate Lean goal texts found in the query. */
  goals: string[];
}

export function validateBudget(maxChars: number, field = "maxChars"): number {
  if (!Number.isInteger(maxChars) || maxChars < MIN_MAX_CHARS || maxChars > MAX_MAX_CHARS) {
    throw new InvalidInputError(
      `${field} must be an integer between ${MIN_MAX_CHARS} and ${MAX_MAX_CHARS} (got ${maxChars})`,
      field,
      "BUDGET_OUT_OF_RANGE",
    );
  }
  return maxChars;
}

export function validateQuery(text: string, field: string): string {
  if (text.length > MAX_QUERY_CHARS) {
    throw new InvalidInputError(
      `${field} is at most ${MAX_QUERY_CHARS} characters (got ${text.length}); name the action, scope and method briefly`,
      field,
      "QUERY_TOO_LONG",
    );
  }
  const trimmed = text.trim();
  if (!trimmed)
    throw new InvalidInputError(
      `${field} must describe the task: the action, its scope and the method`,
      field,
      "EMPTY_QUERY",
    );
  return trimmed;
}

// eslint-disable-next-line regexp/no-super-linear-backtracking -- leading newlines trade with the lazy body only while no closing fence follows; kept as it was (outside the normaliser)
const FENCE = /```(?:lean4?|)\s*\n([\s\S]*?)```/g;

/** Lean goals: fenced blocks, and for each `⊢` line the hypotheses block above it and the line itself. */
export function extractGoals(text: string): string[] {
  const goals = [...text.matchAll(FENCE)].map((match) => match[1]!.trim()).filter(Boolean);
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    if (!line.includes("⊢")) return;
    let start = index;
    while (start > 0 && /^\s*[\w'.₀-₉]+(?:\s+[\w'.₀-₉]+)*\s*:/.test(lines[start - 1]!)) start -= 1;
    goals.push(
      lines
        .slice(start, index + 1)
        .join("\n")
        .trim(),
      line.trim(),
    );
  });
  return [...new Set(goals)].filter((goal) => goal.length > 0);
}

/** Rarer-looking terms first when the query is long: parameters, phrases and numbers carry the signal. */
function keepInformative(terms: string[], frequency: Map<string, number>): string[] {
  if (terms.length <= MAX_QUERY_TERMS) return terms;
  const weight = (term: string) => (/[_^~-]|\d/.test(term) ? 2 : 1) * (1 / (frequency.get(term) ?? 1));
  return [...terms]
    .sort((left, right) => weight(right) - weight(left) || (left < right ? -1 : 1))
    .slice(0, MAX_QUERY_TERMS);
}

export function analyseQuery(text: string): AnalysedQuery {
  const tokens = tokenize(text);
  const frequency = new Map<string, number>();
  for (const token of tokens) frequency.set(token, (frequency.get(token) ?? 0) + 1);
  const terms = keepInformative([...frequency.keys()], frequency).sort();
  return { text, terms, frequency, goals: extractGoals(text) };
}
