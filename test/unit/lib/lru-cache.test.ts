import { describe, expect, it } from "vitest";
import { LruCache } from "../../../src/platform/lib/lru-cache.js";

describe("LruCache", () => {
  it("evicts the least recently used entries once the total weight exceeds the capacity", () => {
    const cache = new LruCache<string, number[]>(5, (rows) => rows.length);
    cache.set("a", [1, 2]);
    cache.set("b", [1, 2]);
    expect(cache.get("a")).toEqual([1, 2]); // "a" is now the most recent
    cache.set("c", [1, 2]);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toEqual([1, 2]);
    expect(cache.get("c")).toEqual([1, 2]);
    expect(cache.weight).toBe(4);
  });

  it("replaces an entry under the same key and keeps its weight exact", () => {
    const cache = new LruCache<string, number[]>(10, (rows) => rows.length);
    cache.set("a", [1, 2, 3]);
    cache.set("a", [1]);
    expect(cache.get("a")).toEqual([1]);
    expect(cache.weight).toBe(1);
    cache.delete("a");
    expect(cache.size).toBe(0);
    expect(cache.weight).toBe(0);
  });

  it("does not store a value heavier than the whole capacity, and keeps the others", () => {
    const cache = new LruCache<string, number[]>(3, (rows) => rows.length);
    cache.set("small", [1]);
    cache.set("huge", [1, 2, 3, 4]);
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toEqual([1]);
  });
});

describe("LruCache recency under many reads", () => {
  it("keeps every entry read since the last quarter of insertions, and evicts the unread ones first", () => {
    const cache = new LruCache<number, number>(100);
    for (let key = 0; key < 100; key += 1) cache.set(key, key);
    // Entries 0..24 are the oldest inserted; read them now so they outlive the unread ones.
    for (let key = 0; key < 25; key += 1) expect(cache.get(key)).toBe(key);
    for (let key = 100; key < 150; key += 1) cache.set(key, key);
    for (let key = 0; key < 25; key += 1) expect(cache.get(key)).toBe(key);
    // 50 insertions evicted the 50 oldest unread entries (25..74), not the read ones.
    expect(cache.get(25)).toBeUndefined();
    expect(cache.get(74)).toBeUndefined();
    expect(cache.get(75)).toBe(75);
    expect(cache.size).toBe(100);
  });
});
