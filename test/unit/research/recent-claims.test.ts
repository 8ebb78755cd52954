// RecentClaims decides between a retry's read and a write; the store's answer stays the authority (the
// integration test research-retries.test.ts runs it against both databases).
import { describe, expect, it, vi } from "vitest";
import { RecentClaims } from "../../../src/features/research/commands/recent-claims.js";

const scope = (key: string) => ({ operatorId: "op", operation: "recordResearch", scope: "project", key });

/** A write and a replay that record their calls; the write's end is in the test's hands. */
function calls() {
  const log: string[] = [];
  let finish: (value: string) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const write = () => {
    log.push("write");
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  const replay = (answer: string | null) => () => {
    log.push("replay");
    return Promise.resolve(answer);
  };
  return { log, write, replay, finish: (value: string) => finish(value), fail: (error: Error) => fail(error) };
}

describe("RecentClaims", () => {
  it("writes a key it does not know, then answers the key's retries from the store", async () => {
    const claims = new RecentClaims();
    const { log, write, replay, finish } = calls();
    const first = claims.answer(scope("k"), replay("stored"), write);
    finish("written");
    expect(await first).toBe("written");
    expect(await claims.answer(scope("k"), replay("stored"), write)).toBe("stored");
    expect(log).toEqual(["write", "replay"]);
  });

  it("holds retries sent together behind the first write, then replays", async () => {
    const claims = new RecentClaims();
    const { log, write, replay, finish } = calls();
    const answers = [1, 2, 3].map(() => claims.answer(scope("k"), replay("stored"), write));
    expect(log).toEqual(["write"]);
    finish("written");
    expect(await Promise.all(answers)).toEqual(["written", "stored", "stored"]);
    expect(log).toEqual(["write", "replay", "replay"]);
  });

  it("forgets a write that failed: the retry writes again", async () => {
    const claims = new RecentClaims();
    const { log, write, replay, fail, finish } = calls();
    const first = claims.answer(scope("k"), replay("stored"), write);
    const retry = claims.answer(scope("k"), replay("stored"), write);
    fail(new Error("the database went away"));
    await expect(first).rejects.toThrow("went away");
    await vi.waitFor(() => expect(log).toEqual(["write", "write"]));
    finish("written");
    expect(await retry).toBe("written");
  });

  it("writes when the store does not hold a key it took for claimed", async () => {
    const claims = new RecentClaims();
    claims.remember(scope("k"));
    const { log, write, replay, finish } = calls();
    const answer = claims.answer(scope("k"), replay(null), write);
    await vi.waitFor(() => expect(log).toEqual(["replay", "write"]));
    finish("written");
    expect(await answer).toBe("written");
  });

  it("keeps keys apart by operator, operation and scope, and forgets the oldest past its capacity", async () => {
    const claims = new RecentClaims(2);
    for (const key of ["a", "b", "c"]) claims.remember(scope(key));
    const { log, write, replay } = calls();
    void claims.answer({ ...scope("b"), operatorId: "other" }, replay("stored"), write);
    void claims.answer(scope("a"), replay("stored"), write);
    expect(log).toEqual(["write", "write"]);
    expect(await claims.answer(scope("c"), replay("stored"), write)).toBe("stored");
  });
});
