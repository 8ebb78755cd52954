import { describe, expect, it } from "vitest";
import { IdMarks, TokenTable } from "../../../src/features/memory/domain/token-table.js";

describe("TokenTable", () => {
  it("numbers each token once and gives distinct ids in order of first occurrence", () => {
    const table = new TokenTable();
    const first = [...table.distinctIds(["moment", "second", "moment", "bound"])];
    expect(first.map((id) => table.tokenOf(id))).toEqual(["moment", "second", "bound"]);
    const second = [...table.distinctIds(["bound", "variance", "bound"])];
    expect(second.map((id) => table.tokenOf(id))).toEqual(["bound", "variance"]);
    expect(second[0]).toBe(first[2]);
    expect(table.size).toBe(4);
  });

  it("grows past its first capacity and keeps every number", () => {
    const table = new TokenTable();
    const tokens = Array.from({ length: 5_000 }, (_, index) => `t${index}`);
    const ids = [...table.distinctIds(tokens)];
    expect(ids).toEqual(tokens.map((_, index) => index));
    expect([...table.distinctIds(["t4999", "t0", "t4999"])]).toEqual([4999, 0]);
  });

  it("hands out counters that are zero again after each use", () => {
    const table = new TokenTable();
    const ids = [...table.distinctIds(["a", "b", "c"])];
    const counted = table.withCounters((counters, touched) => {
      for (const id of [...ids, ids[0]!]) {
        if (counters[id] === 0) touched.push(id);
        counters[id] = counters[id]! + 1;
      }
      return ids.map((id) => counters[id]);
    });
    expect(counted).toEqual([2, 1, 1]);
    expect(table.withCounters((counters) => ids.map((id) => counters[id]))).toEqual([0, 0, 0]);
  });
});

describe("IdMarks", () => {
  it("holds what was added since the last clear, and keeps it when it grows", () => {
    const marks = new IdMarks(4);
    expect(marks.has(2)).toBe(false);
    marks.add(2);
    marks.add(3);
    marks.grow(16);
    marks.add(12);
    expect([2, 3, 12, 0, 15].map((id) => marks.has(id))).toEqual([true, true, true, false, false]);
    marks.clear();
    expect([2, 3, 12].map((id) => marks.has(id))).toEqual([false, false, false]);
  });

  it("hands out the table's marks empty each time", () => {
    const table = new TokenTable();
    const ids = [...table.distinctIds(["a", "b"])];
    table.emptyMarks().add(ids[0]!);
    expect(table.emptyMarks().has(ids[0]!)).toBe(false);
    // distinctIds keeps marks of its own: using them does not disturb a caller's.
    const marks = table.emptyMarks();
    marks.add(ids[1]!);
    expect([...table.distinctIds(["b", "c", "b"])].length).toBe(2);
    expect(marks.has(ids[1]!)).toBe(true);
  });
});
