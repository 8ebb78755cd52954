// The CPU budget bench:writes prints beside its pgbench ratio: what a write may cost for the target
// share with every core busy, and what the run spent.
import { describe, expect, it } from "vitest";
import { cpuBudgetLine, totalCpuPerWrite } from "../../../tools/bench/cpu-accounting.js";

const spent = { mainThreadMs: 1300, otherThreadsMs: 400, clientsMs: 200, databaseMs: 700 };

describe("the CPU budget of a write", () => {
  it("sums the four parts per write, and knows nothing when one part is unknown", () => {
    expect(totalCpuPerWrite(spent, 1000)).toBeCloseTo(2.6, 10);
    expect(totalCpuPerWrite({ ...spent, databaseMs: null }, 1000)).toBeNull();
  });

  it("allows the machine's CPU per second over the rate asked for", () => {
    // 2 cores = 2,000 ms of CPU a second; 25 % of 4,000 tps = 1,000 writes a second: 2 ms each.
    expect(cpuBudgetLine(spent, 1000, 2, 4000, 0.25)).toBe(
      "CPU a write may cost at 25% of pgbench with 2 cores busy: 2.00 ms; this run spent 2.60 ms (1.30x the budget)",
    );
    expect(cpuBudgetLine({ ...spent, clientsMs: null }, 1000, 2, 4000, 0.25)).toMatch(/this run spent n\/a$/);
  });
});
