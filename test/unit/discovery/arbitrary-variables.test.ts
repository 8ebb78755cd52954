// A subscripted letter that names an unknown or a sequence term (`x_1 < x_2 < … < x_k`, `a_i`) is the writer's choice,
// so it weighs as a word; a named quantity (`C_6`, the 6-cycle; `K_4`) keeps the parameter boost.
import { expect, it } from "vitest";
import { buildDiscoveryIndex } from "../../../src/features/discovery/domain/build-index.js";
import { TOKEN_KIND_BOOST } from "../../../src/features/discovery/domain/discovery.constants.js";
import { buildQueryTerms } from "../../../src/features/discovery/domain/query-terms.js";
import { analyzeText } from "../../../src/text/normalize.js";
import { buildProblem, SMALL_CATALOGUE } from "./discovery-fixtures.js";

it("weighs a sequence letter's subscript as a word and a named quantity as a parameter", () => {
  const both = buildProblem({
    stableId: "cp:test:both",
    statement: "If $x_1 < x_2 < \\dots < x_k$ and $a_{n+1} > a_n$, does $G$ contain a copy of $C_6$?",
  });
  const index = buildDiscoveryIndex([...SMALL_CATALOGUE, both]);
  const tokens = analyzeText("x_1 < x_k, a_{n+1}, C_6").tokens;
  const weights = new Map(buildQueryTerms(index, tokens).map((term) => [term.term, term.weight]));
  const ratio = TOKEN_KIND_BOOST.word / TOKEN_KIND_BOOST.parameter;
  // Each is held by the one problem, so the IDFs are equal and only the boost differs.
  for (const variable of ["x_1", "x_k", "a_n+1"])
    expect(weights.get(variable)! / weights.get("c_6")!).toBeCloseTo(ratio, 6);
});
