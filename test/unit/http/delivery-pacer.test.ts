// The delivery pacer: at most a turn's allowance of deliveries go at once, the rest follow in order in
// later turns of the event loop, and work queued meanwhile (a write's callbacks) runs between them. Each
// turn's allowance is what fits in the burst budget at the cost the last burst measured.
import { describe, expect, it } from "vitest";
import { DeliveryPacer } from "../../../src/http/socket/delivery-pacer.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A clock that moves only when a delivery spends `cost` of it. */
function costedClock(cost: number) {
  let time = 0;
  return { now: () => time, spend: () => (time += cost) };
}

/**
 * `count` deliveries through a pacer whose deliveries each cost `cost` (clock units): how many went in each turn
 * of the event loop, in order.
 */
async function turnSizes(count: number, cost: number, budgetMs: number, firstAllowance: number): Promise<number[]> {
  const clock = costedClock(cost);
  const pacer = new DeliveryPacer({ budgetMs, firstAllowance, now: clock.now });
  let turn = 0;
  let done = false;
  const tick = () => {
    turn += 1;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  const turns: number[] = [];
  await Promise.all(
    Array.from({ length: count }, async () => {
      await pacer.turn();
      clock.spend();
      turns.push(turn);
    }),
  );
  done = true;
  const sizes = new Map<number, number>();
  for (const at of turns) sizes.set(at, (sizes.get(at) ?? 0) + 1);
  return [...sizes.values()];
}

describe("DeliveryPacer", () => {
  it("lets a turn's allowance go at once and the rest, in order, in later turns with other work in between", async () => {
    const clock = costedClock(1);
    const pacer = new DeliveryPacer({ budgetMs: 3, firstAllowance: 3, now: clock.now });
    const log: string[] = [];
    const deliveries = Array.from({ length: 8 }, async (_, index) => {
      await pacer.turn();
      clock.spend();
      log.push(`d${index}`);
    });
    setImmediate(() => log.push("write"));
    await Promise.all(deliveries);
    expect(log.filter((entry) => entry.startsWith("d"))).toEqual(["d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7"]);
    // The write's callback, queued after the first turn's deliveries, ran before the last of them.
    expect(log.indexOf("write")).toBeGreaterThanOrEqual(3);
    expect(log.indexOf("write")).toBeLessThan(log.length - 1);
  });

  it("gives a new turn its whole allowance", async () => {
    const clock = costedClock(1);
    const pacer = new DeliveryPacer({ budgetMs: 2, firstAllowance: 2, now: clock.now });
    expect(pacer.turn()).toBeUndefined();
    expect(pacer.turn()).toBeUndefined();
    const waiting = pacer.turn();
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    clock.spend();
    await nextTurn();
    await nextTurn();
    expect(pacer.turn()).toBeUndefined();
    expect(pacer.turn()).toBeUndefined();
  });

  it("sizes each turn to the budget at the cost its last burst measured", async () => {
    // The first turn goes on the first allowance (8); the second is timed at 0.5 a delivery, so 2 / 0.5 = 4 follow.
    expect(await turnSizes(40, 0.5, 2, 8)).toEqual([8, 8, 4, 4, 4, 4, 4, 4]);
    // Cheap deliveries get larger turns, up to the cap of 64.
    expect(await turnSizes(100, 0.125, 2, 8)).toEqual([8, 8, 16, 16, 16, 16, 16, 4]);
    expect(await turnSizes(200, 0.001, 2, 8)).toEqual([8, 8, 64, 64, 56]);
    // A delivery dearer than the whole budget still goes, one a turn.
    expect(await turnSizes(5, 3, 2, 2)).toEqual([2, 2, 1]);
  });
});
