import { describe, expect, it } from "vitest";
import { TimeSlices } from "../../../src/platform/lib/time-slices.js";

describe("TimeSlices", () => {
  it("is due only once its slice is used up, and starts a new slice after a turn of the event loop", async () => {
    // A clock of the test's own: on a loaded machine the real one can pass a whole slice between two lines.
    let clock = 100;
    const slices = new TimeSlices(5, () => clock);
    clock += 4.9;
    expect(slices.due()).toBe(false);
    clock += 0.1;
    expect(slices.due()).toBe(true);
    let turned = false;
    setImmediate(() => (turned = true));
    await slices.nextSlice();
    expect(turned).toBe(true);
    expect(slices.due()).toBe(false);
    clock += 5;
    expect(slices.due()).toBe(true);
  });

  it("reads the real clock by default", () => {
    const slices = new TimeSlices(60_000);
    expect(slices.due()).toBe(false);
    expect(new TimeSlices(0).due()).toBe(true);
  });
});
