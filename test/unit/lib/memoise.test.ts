import { expect, it } from "vitest";
import { memoised } from "../../../src/platform/lib/memoise.js";

it("computes each key once per memoised function and returns the kept result", () => {
  const calls: string[] = [];
  const length = memoised((text: string) => {
    calls.push(text);
    return text.length;
  });
  expect([length("ab"), length("abc"), length("ab")]).toEqual([2, 3, 2]);
  expect(calls).toEqual(["ab", "abc"]);
  // A fresh one keeps nothing of the first.
  memoised((text: string) => {
    calls.push(text);
    return text.length;
  })("ab");
  expect(calls).toEqual(["ab", "abc", "ab"]);
});
