// The delivery pacer: at most a turn's allowance of deliveries go at once, the rest follow in order in
// later turns of the event loop, and work queued meanwhile (a write's callbacks) runs between them.
import { describe, expect, it } from "vitest";
import { DeliveryPacer } from "../../../src/http/socket/delivery-pacer.js";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("DeliveryPacer", () => {
  it("lets a turn's allowance go at once and the rest, in order, in later turns with other work in between", async () => {
    const pacer = new DeliveryPacer(3);
    const log: string[] = [];
    const deliveries = Array.from({ length: 8 }, async (_, index) => {
      await pacer.turn();
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
    const pacer = new DeliveryPacer(2);
    expect(pacer.turn()).toBeUndefined();
    expect(pacer.turn()).toBeUndefined();
    expect(pacer.turn()).toBeInstanceOf(Promise);
    await nextTurn();
    await nextTurn();
    await nextTurn();
    expect(pacer.turn()).toBeUndefined();
  });
});
