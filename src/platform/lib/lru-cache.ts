// A bounded least-recently-used map whose capacity is a total weight (entries, rows, bytes: the
// caller's unit), so one large value cannot hide behind a count limit. A Map keeps insertion order;
// re-inserting on read moves an entry to the young end and eviction takes from the old end.
//
// A read re-inserts only an entry that may sit in the older half: a Map delete-and-set costs far more
// than a lookup, and orient reads hundreds of hot entries per request. Every insertion takes the next
// stamp, so fewer than `clock - stamp` entries are younger than an entry; one read while that is under
// half the size is still at least half the cache away from eviction, and its next read promotes it.
export class LruCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; weight: number; stamp: number }>();
  private total = 0;
  private clock = 0;

  constructor(
    private readonly capacity: number,
    private readonly weigh: (value: Value) => number = () => 1,
  ) {}

  get(key: Key): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock - entry.stamp >= this.entries.size / 2) {
      this.entries.delete(key);
      entry.stamp = ++this.clock;
      this.entries.set(key, entry);
    }
    return entry.value;
  }

  /** A value heavier than the whole capacity is not stored (it would evict everything else). */
  set(key: Key, value: Value): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.capacity) return;
    this.entries.set(key, { value, weight, stamp: ++this.clock });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.capacity) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: Key): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }
}
