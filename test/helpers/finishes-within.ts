// Runs synchronous code under a watchdog, so a regression to catastrophic backtracking fails a test instead of
// hanging the suite (a test timeout cannot interrupt synchronous code; a vm timeout interrupts even a regex).
import vm from "node:vm";

/** Far above what the guarded calls take (milliseconds): this catches hangs, it measures nothing. */
export const HANG_GUARD_MS = 10_000;

export function finishesWithin<T>(milliseconds: number, run: () => T): T {
  const box: { result?: T } = {};
  vm.runInNewContext("box.result = run()", { box, run }, { timeout: milliseconds });
  return box.result as T;
}
