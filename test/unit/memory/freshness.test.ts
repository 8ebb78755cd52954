import { describe, expect, it } from "vitest";
import { affectedLanes, computeFreshness } from "../../../src/projections/freshness.js";

const views = [
  { view: "a", lane: "lane-a" },
  { view: "b", lane: "lane-b" },
  { view: "c", lane: "lane-c" },
];

describe("computeFreshness", () => {
  it("reports lag against the head, rebuilding and unavailable views", () => {
    const result = computeFreshness(
      [
        { view: "a", version: 1, status: "SERVING", highWaterMark: 10n },
        { view: "b", version: 2, status: "SERVING", highWaterMark: 7n },
        { view: "b", version: 3, status: "BUILDING", highWaterMark: 0n },
      ],
      [
        { view: "a", servingVersion: 1 },
        { view: "b", servingVersion: 2 },
      ],
      10n,
      views,
    );
    expect(
      result.map((entry) => [entry.view, entry.version, entry.lagEvents, entry.status, entry.buildingVersion]),
    ).toEqual([
      ["a", 1, 0n, "FRESH", null],
      ["b", 2, 3n, "REBUILDING", 3],
      ["c", null, 10n, "UNAVAILABLE", null],
    ]);
    expect(affectedLanes(result)).toEqual(["lane-b", "lane-c"]);
  });

  it("never reports negative lag", () => {
    const [entry] = computeFreshness(
      [{ view: "a", version: 1, status: "SERVING", highWaterMark: 12n }],
      [{ view: "a", servingVersion: 1 }],
      10n,
      views,
    );
    expect(entry!.lagEvents).toBe(0n);
    expect(entry!.status).toBe("FRESH");
  });
});
