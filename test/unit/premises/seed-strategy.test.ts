import { describe, expect, it } from "vitest";
import type { RetrievalQuery } from "../../../src/features/premises/domain/premise.types.js";
import { buildPremise, buildRetrievalQuery } from "../../factories/premises.js";
import { buildPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import { createPremiseSearchEngine, searchPremises } from "../../../src/features/premises/domain/search.js";

/** The seed strategy's query: the factory's, with the strategy under test. */
const buildQuery = (overrides: Partial<RetrievalQuery>) =>
  buildRetrievalQuery({ strategy: "term-overlap", ...overrides });

describe("seed term-overlap strategy", () => {
  it("scores the sum over shared tokens of the smaller count across the five fields", () => {
    // Haystack of A.foo: a×2 (id, namespace), foo×4 (id, decl, statement, terms), theorem×1, bar×3, baz×1.
    const premise = buildPremise({
      premiseId: "A.foo",
      namespace: "A",
      declName: "foo",
      statementExcerpt: "theorem foo : bar bar baz",
      retrievalTerms: ["foo", "bar"],
    });
    const engine = createPremiseSearchEngine(buildPremiseIndex([premise]));
    // Query counts: bar×3, foo×1, qux×1 → min(3,3) + min(1,4) = 4.
    const [top] = searchPremises(engine, buildQuery({ text: "bar bar bar foo qux" })).ranked;
    expect(top?.score).toBe(4);
    expect(top?.components).toEqual({ "overlap:bar": 3, "overlap:foo": 1 });
  });

  it("breaks ties by premise id and adds exactly one point for a matching strategy tag", () => {
    const same = { statementExcerpt: "theorem t : gamma", namespace: "", declName: "t" };
    const premises = [
      buildPremise({ ...same, premiseId: "c" }),
      buildPremise({ ...same, premiseId: "b" }),
      buildPremise({ ...same, premiseId: "a" }),
      buildPremise({ ...same, premiseId: "d", strategyTags: ["term-overlap"] }),
    ];
    const result = searchPremises(
      createPremiseSearchEngine(buildPremiseIndex(premises)),
      buildQuery({ terms: ["gamma"] }),
    );
    expect(result.ranked.map((ranked) => [ranked.premiseId, ranked.score])).toEqual([
      ["d", 2],
      ["a", 1],
      ["b", 1],
      ["c", 1],
    ]);
    expect(result.ranked[0]?.components.strategy_tag).toBe(1);
  });

  it("gates by split and cuts at top_k", () => {
    const premises = [
      buildPremise({ premiseId: "held", statementExcerpt: "theorem held : delta", allowedForSplit: ["dev", "test"] }),
      buildPremise({ premiseId: "open1", statementExcerpt: "theorem open1 : delta" }),
      buildPremise({ premiseId: "open2", statementExcerpt: "theorem open2 : epsilon" }),
    ];
    const engine = createPremiseSearchEngine(buildPremiseIndex(premises));
    const train = searchPremises(engine, buildQuery({ text: "delta", split: "train", topK: 1 }));
    expect(train.consideredCount).toBe(2);
    expect(train.ranked.map((ranked) => ranked.premiseId)).toEqual(["open1"]);
    const dev = searchPremises(engine, buildQuery({ text: "delta", split: "dev", topK: 3 }));
    expect(dev.consideredCount).toBe(3);
    expect(dev.ranked.map((ranked) => ranked.premiseId)).toEqual(["held", "open1", "open2"]);
  });

  it("drops excluded premises and those declared at or after the query theorem in its module", () => {
    const premises = [0, 1, 2, 3].map((declIndex) =>
      buildPremise({ premiseId: `M.p${declIndex}`, module: "M", declIndex, statementExcerpt: "theorem p : zeta" }),
    );
    const engine = createPremiseSearchEngine(
      buildPremiseIndex([
        ...premises,
        buildPremise({ premiseId: "N.q", module: "N", declIndex: 9, statementExcerpt: "zeta" }),
      ]),
    );
    const result = searchPremises(
      engine,
      buildQuery({ text: "zeta", module: "M", declIndex: 2, excludePremiseIds: ["M.p0"] }),
    );
    expect(result.ranked.map((ranked) => ranked.premiseId)).toEqual(["M.p1", "N.q"]);
  });
});
