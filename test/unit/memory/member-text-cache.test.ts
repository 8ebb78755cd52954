import { describe, expect, it } from "vitest";
import { checkpointFromCounts, EMPTY_COUNTS } from "../../../src/features/memory/domain/checkpoint.js";
import { MemberTextCache } from "../../../src/features/memory/projection/member-text-cache.js";

const member = (id: string, title: string, body: string) => ({ id, title, body });

/** The member's analysis as the cache gives it inside a window of its own, with its terms as tokens. */
function analysed(cache: MemberTextCache, read: { id: string; title: string; body: string }) {
  const { texts, tokens } = cache.analyseWindow([read]);
  return { text: texts[0]!, terms: [...texts[0]!.terms].map((id) => tokens.tokenOf(id)) };
}

describe("MemberTextCache", () => {
  it("analyses a member once while its text is unchanged", () => {
    const cache = new MemberTextCache();
    const first = analysed(cache, member("a", "Second moment bound", "The variance is small. It bounds sumsets."));
    const again = analysed(cache, member("a", "Second moment bound", "The variance is small. It bounds sumsets."));
    expect(again.text).toBe(first.text);
    expect(first.terms).toEqual(expect.arrayContaining(["moment", "sumset"]));
  });

  it("analyses again when the same id comes with other text", () => {
    const cache = new MemberTextCache();
    const before = analysed(cache, member("a", "Second moment bound", "The variance is small."));
    const after = analysed(cache, member("a", "Colourings", "A colouring argument."));
    expect(after.text).not.toBe(before.text);
    expect(after.terms).not.toContain("moment");
  });

  it("serves a member's text only under the content hash it was read with", () => {
    const cache = new MemberTextCache();
    const read = member("a", "Second moment bound", "The variance is small.");
    expect(cache.textOf("a", "h1")).toBeNull();
    cache.remember("h1", read);
    expect(cache.textOf("a", "h1")).toBe(read);
    expect(cache.textOf("a", "h2")).toBeNull();
    const first = analysed(cache, read);
    expect(analysed(cache, cache.textOf("a", "h1")!).text).toBe(first.text);
    cache.remember("h2", member("a", "Colourings", "A colouring argument."));
    expect(cache.textOf("a", "h1")).toBeNull();
    expect(cache.textOf("a", "h2")?.title).toBe("Colourings");
  });

  it("forgets the least recently used member beyond its capacity", () => {
    const cache = new MemberTextCache(2);
    const a = analysed(cache, member("a", "Alpha", "First.")).text;
    analysed(cache, member("b", "Beta", "Second."));
    analysed(cache, member("c", "Gamma", "Third."));
    expect(analysed(cache, member("a", "Alpha", "First.")).text).not.toBe(a);
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
      expect(checkpointFromCounts(EMPTY_COUNTS, slice, cache.analyseWindow)).toEqual(
        checkpointFromCounts(EMPTY_COUNTS, slice),
      );
    }
  });

  it("starts a new token table past its limit and analyses kept members again, with the same checkpoints", () => {
    const cache = new MemberTextCache(100, 20);
    // Words of their own per member, so six members number more than twenty tokens.
    const word = (index: number, part: number) => `zeta${String.fromCharCode(97 + index, 97 + part)}`;
    const window = Array.from({ length: 12 }, (_, index) =>
      member(
        String(index),
        `Attempt ${index} on sumsets`,
        `Words ${word(index, 0)} ${word(index, 1)} ${word(index, 2)}. The variance is small.`,
      ),
    );
    const first = cache.analyseWindow(window.slice(0, 6));
    expect(first.tokens.size).toBeGreaterThan(20);
    const kept = first.texts[0];
    const second = cache.analyseWindow(window.slice(0, 8));
    expect(second.tokens).not.toBe(first.tokens);
    expect(second.texts[0]).not.toBe(kept);
    for (const size of [3, 8, 12])
      expect(checkpointFromCounts(EMPTY_COUNTS, window.slice(0, size), cache.analyseWindow)).toEqual(
        checkpointFromCounts(EMPTY_COUNTS, window.slice(0, size)),
      );
  });

  it("takes a write's analysis of the same text once, and analyses any other text itself", () => {
    const cache = new MemberTextCache();
    const read = member("a", "Second moment bound", "The variance is small. It bounds sumsets.");
    const written = { title: read.title, body: read.body };
    // Tokens no analysis of the text would make show which analysis the member got.
    const handed = {
      title: ["handedtitle"],
      body: [["handedfirst"], ["handedsecond"]],
      sentences: ["The variance is small.", "It bounds sumsets."],
    };
    cache.offer("h1", written, handed);
    cache.remember("h1", read);
    expect(analysed(cache, read).terms).toEqual(["handedtitle", "handedfirst", "handedsecond"]);
    expect(analysed(cache, read).terms).toEqual(["handedtitle", "handedfirst", "handedsecond"]);

    // Taken once: the same text under another id, or after a new token table, is analysed from its text.
    const twin = member("b", read.title, read.body);
    cache.remember("h1", twin);
    expect(analysed(cache, twin).terms).toContain("sumset");

    // A body cut to what a window reads is another text: analysed from its text.
    const long = member("c", "Long record", `${"A sentence of the body. ".repeat(200)}`);
    cache.offer("h2", { title: long.title, body: long.body }, handed);
    const windowRead = member("c", long.title, long.body.slice(0, 2_000));
    cache.remember("h2", windowRead);
    expect(analysed(cache, windowRead).terms).not.toContain("handedtitle");

    // Without a content hash (a member read for a window, not remembered) nothing is taken.
    cache.offer("h3", { title: "Colourings", body: "A colouring argument." }, handed);
    expect(analysed(cache, member("d", "Colourings", "A colouring argument.")).terms).toContain("argument");
  });
});
