import { describe, expect, it } from "vitest";
import { BranchWindows, type WindowRef } from "../../../src/features/memory/projection/branch-windows.js";
import { CHECKPOINT_WINDOW } from "../../../src/features/memory/domain/memory.constants.js";

const ref = (id: string, minute: number): WindowRef => ({
  id,
  at: new Date(Date.UTC(2026, 0, 1, 0, minute)),
  contentHash: `h${id}`,
});

describe("BranchWindows", () => {
  it("extends a kept window with new members, newest first, to the window size", () => {
    const windows = new BranchWindows();
    windows.begin(1, 10n);
    const kept = Array.from({ length: CHECKPOINT_WINDOW }, (_, index) => ref(`k${index}`, 100 - index));
    windows.keep("b", kept);
    // A new member written earlier than some kept ones (a transaction that committed late) takes its place in order.
    const extended = windows.extended("b", [ref("n1", 200), ref("n2", 99)])!;
    expect(extended).toHaveLength(CHECKPOINT_WINDOW);
    // n2 ties k1 on time: the larger id comes first, as in the window query's order.
    expect(extended.slice(0, 4).map((entry) => entry.id)).toEqual(["n1", "k0", "n2", "k1"]);
    expect(extended.map((entry) => entry.id)).not.toContain(`k${CHECKPOINT_WINDOW - 1}`);
  });

  it("keeps windows across a refresh that ended where the next one starts, and only then", () => {
    const windows = new BranchWindows();
    windows.begin(1, 10n);
    windows.keep("b", [ref("a", 1)]);
    windows.end(15n);
    windows.begin(1, 15n);
    expect(windows.extended("b", [])).toHaveLength(1);
    // The refresh that began at 15 did not reach end (it failed, or did not commit): the store is still at 15.
    windows.begin(1, 15n);
    expect(windows.extended("b", [])).toBeNull();
  });

  it("drops kept windows after another worker's batch, a version switch, or a forget", () => {
    const windows = new BranchWindows();
    windows.begin(1, 10n);
    windows.keep("b", [ref("a", 1)]);
    windows.keep("c", [ref("x", 1)]);
    windows.forget(["c"]);
    expect(windows.extended("c", [])).toBeNull();
    windows.end(15n);
    windows.begin(1, 20n);
    expect(windows.extended("b", [])).toBeNull();
    windows.keep("b", [ref("a", 1)]);
    windows.end(25n);
    windows.begin(2, 25n);
    expect(windows.extended("b", [])).toBeNull();
  });
});
