// Checkpoint ranking and descent: overlap decides, distinctive terms count more than the problem's
// shared vocabulary, the intent only breaks ties, and the project root is never a selection.
import { describe, expect, it } from "vitest";
import { chooseBranches } from "../../../src/features/orient/domain/descend.js";
import {
  rankCheckpoints,
  type CheckpointView,
  type RankedCheckpoint,
} from "../../../src/features/orient/domain/rank-checkpoints.js";

function checkpoint(name: string, keyTerms: string[], kindMix: Record<string, number> = { CLAIM: 1 }): CheckpointView {
  return {
    branchId: `id-${name}`,
    name,
    kind: name === "project" ? "PROJECT" : "APPROACH",
    projectId: "p",
    summary: "",
    keyTerms,
    memberCount: 5,
    currentCount: 5,
    kindMix,
  };
}

describe("rankCheckpoints and chooseBranches", () => {
  const checkpoints = [
    checkpoint("project", ["fibonacci", "sum", "liouvill", "lcm", "mahler"]),
    checkpoint("approach/liouville", ["fibonacci", "sum", "liouvill", "lcm"]),
    checkpoint("approach/mahler", ["fibonacci", "sum", "mahler"]),
    checkpoint("artifacts", ["fibonacci", "sum", "script"], { ARTIFACT: 3 }),
  ];

  it("opens the branch whose distinctive key terms match, never the root", () => {
    const ranked = rankCheckpoints(checkpoints, ["liouvill", "lcm", "fibonacci"], "PROVE");
    const descent = chooseBranches(ranked);
    expect(descent.selected[0]!.name).toBe("approach/liouville");
    expect(descent.selected.map((entry) => entry.name)).not.toContain("project");
  });

  it("stops at project summaries when no branch matches", () => {
    const descent = chooseBranches(rankCheckpoints(checkpoints, ["quantum"], "ORIENT"));
    expect(descent).toEqual({ selected: [], stoppedAtSummary: true });
  });

  it("lets the intent break a tie between equally matching branches", () => {
    const tie = [
      checkpoint("approach/a", ["sum", "script"]),
      checkpoint("artifacts", ["sum", "script"], { ARTIFACT: 2 }),
    ];
    expect(rankCheckpoints(tie, ["script"], "COMPUTE")[0]!.name).toBe("artifacts");
  });

  it("orders every checkpoint of a large target, matched or not, by score, then current records, then id", () => {
    // More checkpoints than are rescored from their summaries, with summaries that match: the order
    // must be the same total order whether a checkpoint was rescored, matched by key terms, or neither.
    const many: CheckpointView[] = Array.from({ length: 120 }, (_, index) => ({
      ...checkpoint(
        `approach/b${String(index).padStart(3, "0")}`,
        index % 3 === 0 ? ["sieve", `t${index % 7}`] : [`t${index % 5}`],
      ),
      summary: index % 4 === 0 ? "a sieve bound" : "nothing relevant",
      currentCount: 1 + (index % 9),
    }));
    for (const terms of [
      ["sieve", "t2", "bound"],
      ["t6", "bound"],
    ])
      expectRankOrder(rankCheckpoints(many, terms, "PROVE"), many.length);
    expect(
      rankCheckpoints(many, ["sieve", "t2", "bound"], "PROVE").filter((entry) => entry.score > 0).length,
    ).toBeGreaterThan(40);
    expect(rankCheckpoints(many, ["t6", "bound"], "PROVE").filter((entry) => entry.score > 0).length).toBeGreaterThan(
      5,
    );
  });
});

function expectRankOrder(ranked: RankedCheckpoint[], count: number): void {
  expect(new Set(ranked.map((entry) => entry.branchId)).size).toBe(count);
  for (let index = 1; index < ranked.length; index += 1) {
    const [before, after] = [ranked[index - 1]!, ranked[index]!];
    const ordered =
      before.score > after.score ||
      (before.score === after.score &&
        (before.currentCount > after.currentCount ||
          (before.currentCount === after.currentCount && before.branchId < after.branchId)));
    expect(ordered, `${before.name} before ${after.name}`).toBe(true);
  }
}
