import { describe, expect, it } from "vitest";
import { LruCache } from "../../../src/lib/lru-cache.js";

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
