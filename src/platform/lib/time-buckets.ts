// Fixed-size ring buffers of time buckets for the dashboard's charts: the last hour in a bounded array,
// whatever the write rate. PeakBuckets keeps a level (a lag) as the highest value seen in each bucket,
// carried over empty buckets, so a spike that lasted 40 ms still shows as its bucket's peak. CountBuckets
// sums what happened in each bucket (events per minute).

export interface BucketSeries {
  /** Start of the oldest bucket in `values` (epoch ms). */
  firstBucketAt: number;
  bucketMs: number;
  /** Oldest first, one per bucket up to the bucket holding `now`; null before anything was recorded. */
  values: (number | null)[];
}

abstract class TimeBuckets {
  /** The bucket number (floor(time / bucketMs)) each slot holds; NaN (equal to no number) for never used. */
  protected readonly numbers: number[];
  /** The first bucket anything was recorded in; earlier buckets read as null. */
  protected firstNumber: number | null = null;

  constructor(
    readonly bucketMs: number,
    readonly capacity: number,
  ) {
    if (!(bucketMs > 0) || !Number.isInteger(capacity) || capacity < 1)
      throw new RangeError("bucketMs must be positive and capacity a positive integer");
    this.numbers = new Array<number>(capacity).fill(Number.NaN);
  }

  protected numberOf(at: number): number {
    return Math.floor(at / this.bucketMs);
  }

  protected slotOf(bucket: number): number {
    return ((bucket % this.capacity) + this.capacity) % this.capacity;
  }

  /** The window of bucket numbers ending at the bucket holding `now`. */
  protected window(now: number): { first: number; last: number } {
    const last = this.numberOf(now);
    return { first: last - this.capacity + 1, last };
  }
}

export class PeakBuckets extends TimeBuckets {
  private readonly peaks: number[];
  private readonly lasts: number[];
  /** The level each bucket started at (the value before its first record). */
  private readonly enters: number[];
  /** The latest recorded value and its bucket: it carries into every later bucket until the next record. */
  private latest: { bucket: number; value: number } | null = null;

  constructor(bucketMs: number, capacity: number) {
    super(bucketMs, capacity);
    this.peaks = new Array<number>(capacity).fill(0);
    this.lasts = new Array<number>(capacity).fill(0);
    this.enters = new Array<number>(capacity).fill(0);
  }

  /** The level became `value` at `at`. Records older than the latest bucket are folded into it. */
  record(at: number, value: number): void {
    const bucket = Math.max(this.numberOf(at), this.latest?.bucket ?? -Infinity);
    const slot = this.slotOf(bucket);
    if (this.numbers[slot] !== bucket) {
      // A new bucket starts at the level the previous one ended on.
      this.numbers[slot] = bucket;
      this.enters[slot] = this.latest?.value ?? value;
      this.peaks[slot] = this.enters[slot]!;
      this.firstNumber ??= bucket;
    }
    this.peaks[slot] = Math.max(this.peaks[slot]!, value);
    this.lasts[slot] = value;
    this.latest = { bucket, value };
  }

  /** The level now (the last value recorded), or null when nothing was. */
  current(): number | null {
    return this.latest?.value ?? null;
  }

  series(now: number): BucketSeries {
    const { first, last } = this.window(now);
    // The level entering the window: where the earliest bucket recorded in it started, or, with none
    // recorded in it, the latest value (recorded before the window).
    let carried: number | null = this.latest && this.latest.bucket < first ? this.latest.value : null;
    for (let bucket = first; bucket <= last && carried === null; bucket += 1) {
      const slot = this.slotOf(bucket);
      if (this.numbers[slot] === bucket) carried = this.enters[slot]!;
    }
    const values: (number | null)[] = [];
    for (let bucket = first; bucket <= last; bucket += 1) {
      const slot = this.slotOf(bucket);
      if (this.numbers[slot] === bucket) {
        values.push(this.peaks[slot]!);
        carried = this.lasts[slot]!;
      } else {
        values.push(this.firstNumber === null || bucket < this.firstNumber ? null : carried);
      }
    }
    return { firstBucketAt: first * this.bucketMs, bucketMs: this.bucketMs, values };
  }

  /** The highest level in the window ending at `now` and the start of its (latest) bucket. */
  peak(now: number): { value: number; at: number } | null {
    const series = this.series(now);
    let best: { value: number; at: number } | null = null;
    series.values.forEach((value, index) => {
      if (value === null) return;
      if (!best || value >= best.value) best = { value, at: series.firstBucketAt + index * series.bucketMs };
    });
    return best;
  }
}

export class CountBuckets extends TimeBuckets {
  private readonly counts: number[];

  constructor(bucketMs: number, capacity: number) {
    super(bucketMs, capacity);
    this.counts = new Array<number>(capacity).fill(0);
  }

  /** Starts counting at `at`: buckets before it read as null (unknown), later empty ones as 0. */
  begin(at: number): void {
    this.firstNumber ??= this.numberOf(at);
  }

  add(at: number, count: number): void {
    const bucket = this.numberOf(at);
    const slot = this.slotOf(bucket);
    if (this.numbers[slot] !== bucket) {
      this.numbers[slot] = bucket;
      this.counts[slot] = 0;
    }
    this.counts[slot]! += count;
    this.firstNumber = this.firstNumber === null ? bucket : Math.min(this.firstNumber, bucket);
  }

  series(now: number): BucketSeries {
    const { first, last } = this.window(now);
    const values: (number | null)[] = [];
    for (let bucket = first; bucket <= last; bucket += 1) {
      const slot = this.slotOf(bucket);
      if (this.numbers[slot] === bucket) values.push(this.counts[slot]!);
      else values.push(this.firstNumber === null || bucket < this.firstNumber ? null : 0);
    }
    return { firstBucketAt: first * this.bucketMs, bucketMs: this.bucketMs, values };
  }
}
