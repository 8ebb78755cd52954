// Checkpoint ranking and descent: overlap decides, distinctive terms count more than the problem's
// shared vocabulary, the intent only breaks ties, and the project root is never a selection.
import { describe, expect, it } from "vitest";
import { chooseBranches } from "../../../src/orient/descend.js";
import { rankCheckpoints, type CheckpointView } from "../../../src/orient/rank-checkpoints.js";

function checkpoint(name: string, keyTerms: string[], kindMix: Record<string, number> = { CLAIM: 1 }): CheckpointView {
  return { branchId: `id-${name}`, name, kind: name === "project" ? "PROJECT" : "APPROACH", projectId: "p", summary: "", keyTerms, memberCount: 5, currentCount: 5, kindMix };
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
    const tie = [checkpoint("approach/a", ["sum", "script"]), checkpoint("artifacts", ["sum", "script"], { ARTIFACT: 2 })];
    expect(rankCheckpoints(tie, ["script"], "COMPUTE")[0]!.name).toBe("artifacts");
  });
});
