import { describe, expect, it } from "vitest";
import { TimeSlices } from "../../../src/platform/lib/time-slices.js";

describe("TimeSlices", () => {
  it("is due only once its slice is used up, and starts a new slice after a turn of the event loop", async () => {
    const slices = new TimeSlices(5);
    expect(slices.due()).toBe(false);
    const started = performance.now();
    while (performance.now() - started < 6);
    expect(slices.due()).toBe(true);
    let turned = false;
    setImmediate(() => (turned = true));
    await slices.nextSlice();
    expect(turned).toBe(true);
    expect(slices.due()).toBe(false);
  });
});
