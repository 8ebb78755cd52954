// Actionability per intent (blocking advisory, withdrawn, challenge deadline) and request validation:
// budgets, query length, and Lean goal extraction for the proof-state lane.
import { describe, expect, it } from "vitest";
import { actionability } from "../../../src/features/orient/domain/actionability.js";
import { INTENTS } from "../../../src/features/orient/domain/orient.types.js";
import {
  analyseQuery,
  extractGoals,
  validateBudget,
  validateQuery,
} from "../../../src/features/orient/domain/query.js";
import { MAX_QUERY_CHARS } from "../../../src/features/orient/domain/orient.constants.js";

const base = {
  resolutionState: "OPEN",
  publicationState: "PUBLISHED",
  hasStatement: true,
  challengeDeadline: null,
  blockingAdvisories: [],
};
const blocking = {
  ...base,
  blockingAdvisories: [{ kind: "STATEMENT_INTEGRITY", message: "The exponent differs from the source." }],
};

describe("actionability", () => {
  it("lets every intent proceed on a clean published problem", () => {
    for (const intent of INTENTS) expect(actionability({ ...base, intent }).actionable).toBe(true);
  });

  it("pauses PROVE, RESOLVE and BOUNTY under a blocking advisory, and says why", () => {
    for (const intent of INTENTS) {
      const state = actionability({ ...blocking, intent });
      expect(state.actionable).toBe(!["PROVE", "RESOLVE", "BOUNTY"].includes(intent));
      expect(state.pausedIntents).toEqual(["PROVE", "RESOLVE", "BOUNTY"]);
      expect(state.reasons.join(" ")).toMatch(/exponent differs/);
    }
  });

  it.each(["PROVED", "DISPROVED", "SOLVED", "INDEPENDENT"])(
    "pauses PROVE, RESOLVE and BOUNTY on a %s problem and keeps verification, formalization and audits open",
    (resolutionState) => {
      const open = INTENTS.filter((intent) => actionability({ ...base, intent, resolutionState }).actionable);
      expect(open).toEqual(["ORIENT", "COMPUTE", "FORMALIZE", "VERIFY", "SOURCE_AUDIT", "CORRECTION"]);
      const state = actionability({ ...base, intent: "PROVE", resolutionState });
      expect(state.pausedIntents).toEqual(["PROVE", "RESOLVE", "BOUNTY"]);
      expect(state.reasons.join(" ")).toContain(`The problem is ${resolutionState}`);
    },
  );

  it("keeps a challenge-period problem actionable and states its deadline", () => {
    const deadline = new Date("2026-12-31T00:00:00Z");
    const state = actionability({
      ...base,
      intent: "PROVE",
      publicationState: "CHALLENGE_PERIOD",
      challengeDeadline: deadline,
    });
    expect(state.actionable).toBe(true);
    expect(state.challengeDeadline).toEqual(deadline);
    expect(state.reasons.join(" ")).toContain("2026-12-31");
  });

  it("leaves only SOURCE_AUDIT and CORRECTION on a withdrawn problem", () => {
    const open = INTENTS.filter(
      (intent) => actionability({ ...base, intent, publicationState: "WITHDRAWN" }).actionable,
    );
    expect(open).toEqual(["SOURCE_AUDIT", "CORRECTION"]);
  });
});

describe("request validation", () => {
  it("accepts budgets from 4,000 to 40,000 only", () => {
    expect(validateBudget(4_000)).toBe(4_000);
    expect(validateBudget(40_000)).toBe(40_000);
    for (const bad of [3_999, 40_001, 0, -5, 1.5]) expect(() => validateBudget(bad)).toThrow(/between 4000 and 40000/);
  });

  it("refuses empty and oversized queries with typed codes", () => {
    expect(() => validateQuery("   ", "problem")).toThrow(expect.objectContaining({ code: "EMPTY_QUERY" }));
    expect(() => validateQuery("x".repeat(MAX_QUERY_CHARS + 1), "problem")).toThrow(
      expect.objectContaining({ code: "QUERY_TOO_LONG" }),
    );
  });

  it("bounds the number of query terms", () => {
    const words = Array.from({ length: 400 }, (_, index) => `word${index}x`).join(" ");
    expect(analyseQuery(words).terms.length).toBeLessThanOrEqual(48);
  });

  it("extracts Lean goals from fenced blocks and turnstile lines", () => {
    const goals = extractGoals(
      "stuck here:\n```lean\nh : 1 < c\n⊢ Irrational x\n```\nand\nhn : StrictMono n\n⊢ 0 < n 1",
    );
    expect(goals).toContain("h : 1 < c\n⊢ Irrational x");
    expect(goals).toContain("⊢ 0 < n 1");
  });
});
