import { describe, expect, it } from "vitest";
import { BestFirst } from "../../../src/platform/lib/best-first.js";
import { seededRandom } from "../../../src/platform/lib/seeded-random.js";

const taken = (ranked: BestFirst) => {
  const order: number[] = [];
  for (let index = ranked.next(); index !== -1; index = ranked.next()) order.push(index);
  return order;
};

describe("BestFirst", () => {
  it("gives indices by descending score, ties by ascending index, as a stable sort does", () => {
    const random = seededRandom(3);
    for (let round = 0; round < 200; round += 1) {
      // Few distinct scores, so ties are common; sizes from empty to a few hundred.
      const scores = Float64Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 8) / 3);
      const expected = [...scores.keys()].sort((left, right) => scores[right]! - scores[left]! || left - right);
      expect(taken(new BestFirst(scores))).toEqual(expected);
    }
  });

  it("counts what is left and answers -1 when empty", () => {
    const ranked = new BestFirst(Float64Array.of(1, 5, 5));
    expect(ranked.remaining).toBe(3);
    expect(ranked.next()).toBe(1);
    expect(ranked.next()).toBe(2);
    expect(ranked.remaining).toBe(1);
    expect(ranked.next()).toBe(0);
    expect(ranked.next()).toBe(-1);
    expect(ranked.remaining).toBe(0);
  });
});
