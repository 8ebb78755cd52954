// Context recipes: which public fields of how many premises go into a prover's context, under a
// byte budget. A recipe whose worst case cannot fit its budget (or the global ceiling) is refused.

import type { Premise, RetrievalResult } from "./premise.types.js";
import type { PremiseIndex } from "./premise-index.js";
import { CONTEXT_BYTE_CEILING } from "./premises.constants.js";
import {
  ContextRecipeBudgetOverflowError,
  type LineProblem,
  MalformedJsonlError,
  UnknownRecipeIdError,
} from "./premises.errors.js";
import { FieldReader, parseJsonl } from "./jsonl.js";

/** Public metadata only: a recipe cannot ask for a proof because no premise holds one. */
export const RECIPE_FIELDS = [
  "premise_id",
  "namespace",
  "decl_name",
  "statement_excerpt",
  "retrieval_terms",
  "docstring",
] as const;
export type RecipeField = (typeof RECIPE_FIELDS)[number];

export interface ContextRecipe {
  recipeId: string;
  byteBudget: number;
  maxPremises: number;
  perPremiseBytes: number;
  fields: RecipeField[];
}

export interface RenderedContext {
  recipeId: string;
  premiseCount: number;
  bytes: number;
  text: string;
}

/** Worst case is every premise filling its slot, so the check needs no retrieval to run. */
export function checkRecipeBudget(recipe: ContextRecipe): void {
  const required = recipe.maxPremises * recipe.perPremiseBytes;
  if (required > recipe.byteBudget)
    throw new ContextRecipeBudgetOverflowError(recipe.recipeId, required, recipe.byteBudget);
  if (recipe.byteBudget > CONTEXT_BYTE_CEILING)
    throw new ContextRecipeBudgetOverflowError(recipe.recipeId, recipe.byteBudget, CONTEXT_BYTE_CEILING);
}

export function parseContextRecipe(raw: Record<string, unknown>, line = 1): ContextRecipe {
  const problems: LineProblem[] = [];
  const fields = new FieldReader({ line, value: raw }, problems);
  const count = (key: string): number => {
    const value = fields.nullableInteger(key);
    if (value === null || value === 0) problems.push({ line, reason: `"${key}" must be a positive integer` });
    return value ?? 0;
  };
  const recipe: ContextRecipe = {
    recipeId: fields.string("recipe_id", { nonEmpty: true }),
    byteBudget: count("byte_budget"),
    maxPremises: count("max_premises"),
    perPremiseBytes: count("per_premise_bytes"),
    fields: fields.stringList("fields") as RecipeField[],
  };
  const unknown = recipe.fields.filter((field) => !(RECIPE_FIELDS as readonly string[]).includes(field));
  if (unknown.length > 0 || recipe.fields.length === 0)
    problems.push({ line, reason: `"fields" must be a non-empty subset of ${RECIPE_FIELDS.join(", ")}` });
  if (problems.length > 0) throw new MalformedJsonlError(`recipe ${recipe.recipeId || "?"}`, problems);
  checkRecipeBudget(recipe);
  return recipe;
}

export function loadContextRecipes(jsonlText: string, source = "context recipes"): Map<string, ContextRecipe> {
  const { rows, problems } = parseJsonl(jsonlText);
  if (problems.length > 0) throw new MalformedJsonlError(source, problems);
  return new Map(rows.map((row) => parseContextRecipe(row.value, row.line)).map((recipe) => [recipe.recipeId, recipe]));
}

export function resolveRecipe(recipes: ReadonlyMap<string, ContextRecipe>, recipeId: string): ContextRecipe {
  const recipe = recipes.get(recipeId);
  if (recipe === undefined) throw new UnknownRecipeIdError(recipeId);
  return recipe;
}

function fieldText(premise: Premise, field: RecipeField): string {
  switch (field) {
    case "premise_id":
      return premise.premiseId;
    case "namespace":
      return premise.namespace;
    case "decl_name":
      return premise.declName;
    case "statement_excerpt":
      return premise.statementExcerpt;
    case "retrieval_terms":
      return premise.retrievalTerms.join(" ");
    case "docstring":
      return premise.docstring ?? "";
  }
}

/** Cuts at a byte limit without splitting a UTF-8 character (Lean text is full of ∀, →, α). */
export function truncateUtf8(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= maxBytes) return text;
  let end = maxBytes;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString("utf8");
}

export function renderContext(recipe: ContextRecipe, result: RetrievalResult, index: PremiseIndex): RenderedContext {
  const blocks = result.ranked.slice(0, recipe.maxPremises).flatMap((ranked) => {
    const premise = index.premises[index.positionById.get(ranked.premiseId) ?? -1];
    if (premise === undefined) return [];
    const block = recipe.fields
      .map((field) => fieldText(premise, field))
      .filter((text) => text !== "")
      .join("\n");
    // The block's separator counts against its own slot, so the total never exceeds the budget.
    return [`${truncateUtf8(block, recipe.perPremiseBytes - 1)}\n`];
  });
  const text = blocks.join("");
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > recipe.byteBudget) throw new ContextRecipeBudgetOverflowError(recipe.recipeId, bytes, recipe.byteBudget);
  return { recipeId: recipe.recipeId, premiseCount: blocks.length, bytes, text };
}
