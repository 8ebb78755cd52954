// The change notice's payload (the sequence, then `:topic` when the writer knows it) and the listener of
// readers that follow catalogue events only.
import { describe, expect, it } from "vitest";
import { catalogueNotices, noticePayload, parseNoticePayload, type NoticeTopic } from "../../../src/events/notifier.js";

describe("change notice payload", () => {
  it("round-trips the sequence and topic", () => {
    for (const topic of ["research", "views", null] as const)
      expect(parseNoticePayload(noticePayload(9_007_199_254_740_993n, topic))).toEqual({
        sequence: 9_007_199_254_740_993n,
        topic,
      });
    expect(noticePayload(12n, null)).toBe("12");
    expect(noticePayload(12n, "research")).toBe("12:research");
  });

  it("reads an unknown topic as none, so the listener re-reads rather than skips", () => {
    expect(parseNoticePayload("12:problems")).toEqual({ sequence: 12n, topic: null });
  });

  it("refuses what is not a notice instead of throwing", () => {
    for (const payload of ["", "abc", "12:", ":research", "-1", "1.5", "12 research", "1".repeat(30), "12:RESEARCH!"])
      expect(parseNoticePayload(payload), payload).toBeNull();
  });
});

describe("catalogueNotices", () => {
  const follow = (catchUpEvery: number) => {
    const reads: [bigint, string][] = [];
    const listener = catalogueNotices((sequence, reason) => reads.push([sequence, reason]), catchUpEvery);
    return { reads, send: (sequence: bigint, topic: NoticeTopic | null) => listener(sequence, topic) };
  };

  it("reads every notice without a topic and skips research and view notices", () => {
    const { reads, send } = follow(100);
    send(1n, "research");
    send(2n, null);
    send(3n, "views");
    send(0n, null);
    expect(reads).toEqual([
      [2n, "notice"],
      [0n, "notice"],
    ]);
  });

  it("reads once after catchUpEvery skipped notices in a row, counting anew after any read", () => {
    const { reads, send } = follow(3);
    for (let sequence = 1n; sequence <= 7n; sequence += 1n) send(sequence, "research");
    expect(reads).toEqual([
      [3n, "catch-up"],
      [6n, "catch-up"],
    ]);
    send(8n, null);
    send(9n, "views");
    send(10n, "views");
    expect(reads.at(-1)).toEqual([8n, "notice"]);
    send(11n, "research");
    expect(reads.at(-1)).toEqual([11n, "catch-up"]);
  });
});
