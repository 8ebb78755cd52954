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
    windows.keep(1, "b", kept);
    // A new member written earlier than some kept ones (a transaction that committed late) takes its place in order.
    const extended = windows.extended(1, "b", [ref("n1", 200), ref("n2", 99)])!;
    expect(extended).toHaveLength(CHECKPOINT_WINDOW);
    // n2 ties k1 on time: the larger id comes first, as in the window query's order.
    expect(extended.slice(0, 4).map((entry) => entry.id)).toEqual(["n1", "k0", "n2", "k1"]);
    expect(extended.map((entry) => entry.id)).not.toContain(`k${CHECKPOINT_WINDOW - 1}`);
  });

  it("keeps windows across a refresh that ended where the next one starts, and only then", () => {
    const windows = new BranchWindows();
    windows.begin(1, 10n);
    windows.keep(1, "b", [ref("a", 1)]);
    windows.end(1, 15n);
    windows.begin(1, 15n);
    expect(windows.extended(1, "b", [])).toHaveLength(1);
    // The refresh that began at 15 did not reach end (it failed, or did not commit): the store is still at 15.
    windows.begin(1, 15n);
    expect(windows.extended(1, "b", [])).toBeNull();
  });

  it("drops kept windows after another worker's batch, or a forget", () => {
    const windows = new BranchWindows();
    windows.begin(1, 10n);
    windows.keep(1, "b", [ref("a", 1)]);
    windows.keep(1, "c", [ref("x", 1)]);
    windows.forget(1, ["c"]);
    expect(windows.extended(1, "c", [])).toBeNull();
    windows.end(1, 15n);
    windows.begin(1, 20n);
    expect(windows.extended(1, "b", [])).toBeNull();
  });

  it("keeps each version's windows apart when their refreshes interleave", () => {
    const windows = new BranchWindows();
    windows.begin(1, 10n);
    windows.keep(1, "b", [ref("serving", 1)]);
    // A rebuild's catch-up of version 2 starts while version 1's refresh is still applying.
    windows.begin(2, 10n);
    expect(windows.extended(2, "b", [])).toBeNull();
    windows.keep(2, "b", [ref("built", 1)]);
    windows.end(1, 12n);
    windows.end(2, 12n);
    windows.begin(1, 12n);
    windows.begin(2, 12n);
    expect(windows.extended(1, "b", [])!.map((entry) => entry.id)).toEqual(["serving"]);
    expect(windows.extended(2, "b", [])!.map((entry) => entry.id)).toEqual(["built"]);
  });
});
