import { describe, expect, it } from "vitest";
import { checkpointFromCounts, EMPTY_COUNTS } from "../../../src/features/memory/domain/checkpoint.js";
import { MemberTextCache } from "../../../src/features/memory/projection/member-text-cache.js";

const member = (id: string, title: string, body: string) => ({ id, title, body });

describe("MemberTextCache", () => {
  it("analyses a member once while its text is unchanged", () => {
    const cache = new MemberTextCache();
    const first = cache.analyse(member("a", "Second moment bound", "The variance is small. It bounds sumsets."));
    expect(cache.analyse(member("a", "Second moment bound", "The variance is small. It bounds sumsets."))).toBe(first);
    expect([...first.terms]).toEqual(expect.arrayContaining(["moment", "sumset"]));
  });

  it("analyses again when the same id comes with other text", () => {
    const cache = new MemberTextCache();
    const before = cache.analyse(member("a", "Second moment bound", "The variance is small."));
    const after = cache.analyse(member("a", "Colourings", "A colouring argument."));
    expect(after).not.toBe(before);
    expect(after.terms.has("moment")).toBe(false);
  });

  it("serves a member's text only under the content hash it was read with", () => {
    const cache = new MemberTextCache();
    const read = member("a", "Second moment bound", "The variance is small.");
    expect(cache.textOf("a", "h1")).toBeNull();
    cache.remember("h1", read);
    expect(cache.textOf("a", "h1")).toBe(read);
    expect(cache.textOf("a", "h2")).toBeNull();
    const analysed = cache.analyse(read);
    expect(cache.analyse(cache.textOf("a", "h1")!)).toBe(analysed);
    cache.remember("h2", member("a", "Colourings", "A colouring argument."));
    expect(cache.textOf("a", "h1")).toBeNull();
    expect(cache.textOf("a", "h2")?.title).toBe("Colourings");
  });

  it("forgets the least recently used member beyond its capacity", () => {
    const cache = new MemberTextCache(2);
    const a = cache.analyse(member("a", "Alpha", "First."));
    cache.analyse(member("b", "Beta", "Second."));
    cache.analyse(member("c", "Gamma", "Third."));
    expect(cache.analyse(member("a", "Alpha", "First."))).not.toBe(a);
  });

  it("gives the checkpoint a cold analysis would give, window after window", () => {
    const cache = new MemberTextCache();
    const window = Array.from({ length: 20 }, (_, index) =>
      member(
        String(index),
        `Attempt ${index} on sumsets`,
        `We try the second moment method with bound ${index}. The variance is ${index % 3 ? "small" : "large"}.`,
      ),
    );
    for (const size of [5, 12, 20]) {
      const slice = window.slice(0, size);
      expect(checkpointFromCounts(EMPTY_COUNTS, slice, cache.analyse)).toEqual(
        checkpointFromCounts(EMPTY_COUNTS, slice),
      );
    }
  });
});
