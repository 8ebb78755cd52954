import { describe, expect, it } from "vitest";
import { buildCandidateFilter, candidatePositions } from "../../../src/features/premises/domain/candidates.js";
import type { Premise, RetrievalQuery, Split } from "../../../src/features/premises/domain/premise.types.js";
import { buildPremiseIndex } from "../../../src/features/premises/domain/premise-index.js";
import { topPositions } from "../../../src/features/premises/domain/top-positions.js";
import { buildPremise, buildRetrievalQuery } from "../../factories/premises.js";

/** A fixed pseudo-random sequence, so a failure replays. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The rule as written once, premise by premise: the reference the candidate filter must agree with. */
function isCandidate(premise: Premise, query: RetrievalQuery): boolean {
  if (!premise.allowedForSplit.includes(query.split)) return false;
  if (query.excludePremiseIds.includes(premise.premiseId)) return false;
  if (query.module !== null && query.declIndex !== null && premise.module === query.module)
    return premise.declIndex !== null && premise.declIndex < query.declIndex;
  return true;
}

describe("premise ranking", () => {
  it("selects the same positions, in the same order, as a stable sort by descending score", () => {
    const random = sequence(7);
    for (let trial = 0; trial < 40; trial += 1) {
      // Few distinct scores, so ties are common and their order (ascending position) is what is tested.
      const scores = Float64Array.from({ length: 300 }, () => Math.floor(random() * 6) / 2);
      const candidates = [...scores.keys()].filter(() => random() < 0.8);
      for (const count of [0, 1, 3, 10, 64, 65, 200, 400]) {
        const sorted = [...candidates].sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0)).slice(0, count);
        expect(topPositions(scores, candidates, count)).toEqual(sorted);
      }
    }
  });

  it("keeps a premise only when its split, the exclusions and the declared-earlier rule allow it", () => {
    const splits: Split[][] = [["train", "dev", "test"], ["train"], ["dev", "test"]];
    const premises = Array.from({ length: 60 }, (_, number) =>
      buildPremise({
        premiseId: `P.p${String(number).padStart(2, "0")}`,
        module: ["A.B", "A.C", "D"][number % 3] ?? "D",
        declIndex: number % 7 === 0 ? null : number,
        allowedForSplit: splits[number % 4] ?? ["test"],
      }),
    );
    const index = buildPremiseIndex(premises);
    const filter = buildCandidateFilter(index);
    const queries = [
      buildRetrievalQuery({}),
      buildRetrievalQuery({ split: "train", excludePremiseIds: ["P.p03", "P.p04", "Q.absent"] }),
      buildRetrievalQuery({ module: "A.B", declIndex: 30 }),
      buildRetrievalQuery({ module: "A.B", declIndex: null, excludePremiseIds: ["P.p00"] }),
      buildRetrievalQuery({ split: "test", module: "D", declIndex: 44 }),
      buildRetrievalQuery({ module: "Z", declIndex: 10 }),
    ];
    for (const query of queries) {
      const expected = [...index.premises.keys()].filter((position) =>
        isCandidate(index.premises[position] ?? buildPremise(), query),
      );
      expect(candidatePositions(filter, query)).toEqual(expected);
    }
  });
});
