import { describe, expect, it } from "vitest";
import { CountBuckets, PeakBuckets } from "../../../src/platform/lib/time-buckets.js";

const S = 1_000;

describe("PeakBuckets", () => {
  it("keeps the highest level of each bucket, so a 40 ms spike survives its bucket", () => {
    const lag = new PeakBuckets(10 * S, 6);
    lag.record(0, 0);
    lag.record(12 * S, 7);
    lag.record(12 * S + 40, 0);
    const series = lag.series(25 * S);
    expect(series.firstBucketAt).toBe(-30 * S);
    expect(series.values).toEqual([null, null, null, 0, 7, 0]);
    expect(lag.current()).toBe(0);
    expect(lag.peak(25 * S)).toEqual({ value: 7, at: 10 * S });
  });

  it("carries the level over buckets with no record, and a bucket starts at the level before it", () => {
    const lag = new PeakBuckets(10 * S, 5);
    lag.record(1 * S, 3);
    // Nothing for 30 s: still 3 behind; then it drops to 1 halfway through a bucket.
    lag.record(45 * S, 1);
    expect(lag.series(45 * S).values).toEqual([3, 3, 3, 3, 3]);
    expect(lag.series(55 * S).values).toEqual([3, 3, 3, 3, 1]);
  });

  it("is a ring: an hour of buckets whatever the number of records, the oldest forgotten", () => {
    const lag = new PeakBuckets(10 * S, 360);
    for (let at = 0; at < 3 * 3_600 * S; at += 250) lag.record(at, Math.floor(at / S) % 50);
    const now = 3 * 3_600 * S - 1;
    const series = lag.series(now);
    expect(series.values).toHaveLength(360);
    expect(series.firstBucketAt).toBe(now - (now % (10 * S)) - 359 * 10 * S);
    expect(series.values.every((value) => value !== null && value >= 0 && value < 50)).toBe(true);
    // A spike older than the window no longer counts as the peak.
    const spiky = new PeakBuckets(10 * S, 6);
    spiky.record(0, 100);
    spiky.record(1 * S, 0);
    expect(spiky.peak(30 * S)?.value).toBe(100);
    expect(spiky.peak(70 * S)?.value).toBe(0);
    expect(spiky.series(70 * S).values).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("carries the level into the window from a bucket that fell out of it", () => {
    const lag = new PeakBuckets(10 * S, 3);
    lag.record(0, 5);
    lag.record(20 * S, 2);
    // Window at 45 s: buckets 20-30, 30-40, 40-50; bucket 20-30 started at 5 and went to 2.
    expect(lag.series(45 * S).values).toEqual([5, 2, 2]);
    expect(lag.series(95 * S).values).toEqual([2, 2, 2]);
  });

  it("folds a record older than the latest bucket into the latest bucket", () => {
    const lag = new PeakBuckets(10 * S, 4);
    lag.record(25 * S, 1);
    lag.record(5 * S, 9);
    expect(lag.series(25 * S).values).toEqual([null, null, null, 9]);
    expect(lag.current()).toBe(9);
  });
});

describe("CountBuckets", () => {
  it("sums per bucket, zero for quiet buckets after counting began, null before", () => {
    const events = new CountBuckets(60 * S, 5);
    events.begin(60 * S);
    events.add(61 * S, 3);
    events.add(119 * S, 2);
    events.add(200 * S, 1);
    const series = events.series(250 * S);
    expect(series.firstBucketAt).toBe(0);
    expect(series.values).toEqual([null, 5, 0, 1, 0]);
  });

  it("forgets buckets that left the window when their slot is reused", () => {
    const events = new CountBuckets(60 * S, 3);
    events.begin(0);
    events.add(0, 4);
    events.add(3 * 60 * S, 1);
    expect(events.series(3 * 60 * S).values).toEqual([0, 0, 1]);
  });
});
