import { describe, expect, it } from "vitest";
import { coalescedRun, coalescedTask } from "../../../src/platform/lib/coalesced-run.js";

/** A task whose runs finish when the test says so, counting how many started. */
function gatedTask() {
  const gates: (() => void)[] = [];
  let started = 0;
  const task = () => {
    started += 1;
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  const finishNext = async () => {
    gates.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { task, finishNext, started: () => started };
}

describe("coalescedTask", () => {
  it("runs at once when idle, and once more after the run in flight for any number of askers", async () => {
    const gated = gatedTask();
    const coalesced = coalescedTask(gated.task);
    const first = coalesced.run();
    expect(gated.started()).toBe(1);
    const askers = [coalesced.run(), coalesced.run(), coalesced.run()];
    expect(askers[1]).toBe(askers[0]);
    expect(gated.started()).toBe(1);
    await gated.finishNext();
    await first;
    expect(gated.started()).toBe(2);
    let settled = false;
    void Promise.all(askers).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false); // they wait for the run that started after them
    await gated.finishNext();
    await Promise.all(askers);
    expect(gated.started()).toBe(2);
  });

  it("rejects the askers of a failed run, runs the queued one anyway, and idles after both", async () => {
    let calls = 0;
    const coalesced = coalescedTask(async () => {
      calls += 1;
      if (calls === 1) throw new Error("first run fails");
    });
    const failing = coalesced.run();
    const queued = coalesced.run();
    await expect(failing).rejects.toThrow("first run fails");
    await expect(queued).resolves.toBeUndefined();
    await coalesced.idle();
    expect(calls).toBe(2);
  });
});

describe("coalescedTask under a stream of askers", () => {
  it("never has two runs in flight, whichever microtask an asker arrives in", async () => {
    let inFlight = 0;
    let most = 0;
    const coalesced = coalescedTask(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await Promise.resolve();
      await Promise.resolve();
      inFlight -= 1;
    });
    const asked: Promise<void>[] = [];
    for (let tick = 0; tick < 50; tick += 1) {
      asked.push(coalesced.run());
      await Promise.resolve();
    }
    await Promise.all(asked);
    expect(most).toBe(1);
  });
});

describe("coalescedRun", () => {
  it("hands failures to onError and keeps serving", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const run = coalescedRun(
      async () => {
        calls += 1;
        throw new Error(`run ${calls}`);
      },
      (error) => errors.push(error),
    );
    run();
    run();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(["run 1", "run 2"]);
  });
});
