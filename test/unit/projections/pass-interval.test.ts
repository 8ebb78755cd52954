// How far apart the projection worker starts its passes (worker.ts): the minimum interval after a short pass,
// twice a long pass's duration, and never more than the cap.
import { describe, expect, it } from "vitest";
import { passInterval, WORKER_MAX_INTERVAL_MS, WORKER_MIN_INTERVAL_MS } from "../../../src/projections/worker.js";

describe("passInterval", () => {
  it("keeps the minimum interval after a pass shorter than half of it", () => {
    expect(passInterval(0)).toBe(WORKER_MIN_INTERVAL_MS);
    expect(passInterval(WORKER_MIN_INTERVAL_MS / 2)).toBe(WORKER_MIN_INTERVAL_MS);
  });

  it("spaces passes by twice the last one's duration, so they fill at most half of the time", () => {
    expect(passInterval(70)).toBe(140);
    expect(passInterval(300)).toBe(600);
  });

  it("starts the next pass within the cap however long the last one took", () => {
    expect(passInterval(WORKER_MAX_INTERVAL_MS)).toBe(WORKER_MAX_INTERVAL_MS);
    expect(passInterval(60_000)).toBe(WORKER_MAX_INTERVAL_MS);
  });
});
