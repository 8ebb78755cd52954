import { describe, expect, it } from "vitest";
import type { Citation } from "../../../src/features/premises/domain/premise.types.js";
import { buildPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import { createPremiseSearchEngine, rankCandidates } from "../../../src/features/premises/domain/search.js";
import {
  MODULE_PROXIMITY_DECAY,
  SIBLING_MODULE_CREDIT,
  SYMBOL_VOTE_WEIGHTS,
} from "../../../src/features/premises/domain/premises.constants.js";
import { buildPremise, buildRetrievalQuery } from "../../factories/premises.js";

// Every signal of the blend reaches some premises and not others here: text and name terms, a symbol
// the query names, the query's own and a sibling module, a strategy tag, and a neighbour's citations.
const premises = [
  buildPremise({ premiseId: "List.Perm.subperm", module: "Std.List.Perm", declIndex: 3 }),
  buildPremise({
    premiseId: "List.Perm.length_eq",
    module: "Std.List.Perm",
    declIndex: 9,
    strategyTags: ["symbol-vote"],
  }),
  buildPremise({ premiseId: "List.length_append", module: "Std.List.Basic", declIndex: 1 }),
  buildPremise({
    premiseId: "List.sublist_append",
    module: "Std.List.Basic",
    declIndex: 2,
    statementExcerpt: "theorem sublist_append : l₁ <+ l₁ ++ l₂",
  }),
  buildPremise({
    premiseId: "Nat.succ_le",
    module: "Std.Nat",
    declIndex: 4,
    statementExcerpt: "theorem succ_le : True",
  }),
  buildPremise({ premiseId: "Array.size_push", module: "Std.Array", declIndex: null }),
];
const citations: Citation[] = [
  {
    queryId: "train-1",
    split: "train",
    text: "theorem perm_length : l₁ ~ l₂ → length",
    citedPremiseIds: ["Nat.succ_le"],
  },
  { queryId: "train-2", split: "train", text: "theorem sublist_length", citedPremiseIds: ["Array.size_push"] },
];

describe("symbol-vote scores", () => {
  it("score every premise as exactly the sum, in signal order, of the components that explain it", () => {
    const engine = createPremiseSearchEngine(buildPremiseIndex(premises), citations);
    const query = buildRetrievalQuery({
      text: "theorem List.Perm.length_le (p : l₁ ~ l₂) : l₁.length ≤ l₂.length := Perm.subperm",
      module: "Std.List.Perm",
      declIndex: 20,
    });
    const { scored } = rankCandidates(engine, query, premises.length);
    const seen = new Set<string>();
    scored.scores.forEach((score, position) => {
      const components = scored.explain(position);
      Object.keys(components).forEach((name) => seen.add(name));
      // Bit for bit: a sparse signal that skipped a premise it scores would leave the sum short.
      expect(Object.values(components).reduce((sum, value) => sum + value, 0)).toBe(score);
    });
    expect([...seen].sort()).toEqual([
      "module_proximity",
      "name_bm25",
      "neighbour_vote",
      "strategy_tag",
      "symbol_mention",
      "text_bm25",
    ]);
  });

  it("score a query the same after other queries, whose signals reuse the same arrays", () => {
    const query = buildRetrievalQuery({
      text: "theorem List.Perm.length_le (p : l₁ ~ l₂) : l₁.length ≤ l₂.length := Perm.subperm",
      module: "Std.List.Perm",
      declIndex: 20,
    });
    const other = buildRetrievalQuery({ text: "succ le sublist append", module: "Std.Nat", declIndex: 1 });
    const fresh = rankCandidates(createPremiseSearchEngine(buildPremiseIndex(premises), citations), query, 10);
    const engine = createPremiseSearchEngine(buildPremiseIndex(premises), citations);
    const first = rankCandidates(engine, query, 10);
    rankCandidates(engine, other, 10);
    const again = rankCandidates(engine, query, 10);
    expect([...again.scored.scores]).toEqual([...fresh.scored.scores]);
    expect(again.positions.map((position) => again.scored.explain(position))).toEqual(
      fresh.positions.map((position) => fresh.scored.explain(position)),
    );
    // The first ranking's arrays now hold a later query's values, so its explanations refuse rather than mislead.
    expect(() => first.scored.explain(first.positions[0] ?? 0)).toThrow(/before scoring the next query/);
  });
});

describe("symbol-vote module proximity", () => {
  it("credits the query's own module by declaration distance, inside and beyond the index's declarations", () => {
    const engine = createPremiseSearchEngine(buildPremiseIndex(premises), []);
    const proximityOf = (declIndex: number | null, premiseId: string): number | undefined => {
      const query = buildRetrievalQuery({ text: "unrelated words", module: "Std.List.Perm", declIndex });
      const { scored } = rankCandidates(engine, query, premises.length);
      return scored.explain(engine.index.positionById.get(premiseId) ?? -1).module_proximity;
    };
    const credit = (distance: number): number =>
      SYMBOL_VOTE_WEIGHTS.moduleProximity * Math.exp(-distance / MODULE_PROXIMITY_DECAY);
    // Declared at 3 and 9 in the query's module: distances the index holds, then ones past its last declaration.
    expect(proximityOf(5, "List.Perm.subperm")).toBe(credit(2));
    expect(proximityOf(5, "List.Perm.length_eq")).toBe(credit(4));
    expect(proximityOf(400, "List.Perm.subperm")).toBe(credit(397));
    expect(proximityOf(7.5, "List.Perm.subperm")).toBe(credit(4.5));
    expect(proximityOf(null, "List.Perm.subperm")).toBe(credit(0));
    // A sibling module under the same parent gets the flat sibling credit.
    expect(proximityOf(5, "List.length_append")).toBe(SYMBOL_VOTE_WEIGHTS.moduleProximity * SIBLING_MODULE_CREDIT);
  });
});
