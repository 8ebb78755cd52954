import { describe, expect, it } from "vitest";
import { buildPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import type { Premise, RetrievalResult } from "../../../src/features/premises/domain/premise.types.js";
import { loadContextRecipes, renderContext, truncateUtf8 } from "../../../src/features/premises/domain/recipes.js";

const premise: Premise = {
  premiseId: "List.Perm.length_eq",
  namespace: "List.Perm",
  declName: "length_eq",
  kind: "theorem",
  module: "M",
  declIndex: 0,
  statementExcerpt: "theorem Perm.length_eq {l₁ l₂ : List α} (p : l₁ ~ l₂) : length l₁ = length l₂",
  docstring: null,
  retrievalTerms: ["perm", "length", "eq"],
  allowedForSplit: ["dev"],
  strategyTags: [],
};

describe("context recipes", () => {
  it("renders a shortlist inside the byte budget without splitting UTF-8 characters", () => {
    const recipes = loadContextRecipes(
      JSON.stringify({
        recipe_id: "tight",
        byte_budget: 120,
        max_premises: 2,
        per_premise_bytes: 60,
        fields: ["premise_id", "statement_excerpt"],
      }),
    );
    const result: RetrievalResult = {
      queryId: "q",
      strategy: "bm25",
      split: "dev",
      consideredCount: 1,
      ranked: [{ rank: 1, premiseId: premise.premiseId, score: 1, components: {} }],
    };
    const context = renderContext(recipes.get("tight")!, result, buildPremiseIndex([premise]));
    expect(context.bytes).toBeLessThanOrEqual(60);
    expect(context.text).not.toContain("\uFFFD");
    expect(context.text.startsWith("List.Perm.length_eq\ntheorem Perm")).toBe(true);
  });

  it("truncates at a character boundary", () => {
    expect(truncateUtf8("a∀b", 2)).toBe("a");
    expect(truncateUtf8("a∀b", 4)).toBe("a∀");
  });
});
