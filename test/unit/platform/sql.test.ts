import { describe, expect, it } from "vitest";
import { sql } from "../../../src/platform/db/sql.js";

describe("sql", () => {
  it("turns each interpolation into a numbered parameter", () => {
    const statement = sql`SELECT * FROM t WHERE a = ${"x"}::text AND b = ANY(${[1, 2]}::int[])`;
    expect(statement).toMatchObject({
      text: "SELECT * FROM t WHERE a = $1::text AND b = ANY($2::int[])",
      values: ["x", [1, 2]],
    });
  });

  it("splices an interpolated statement in, renumbering its parameters after the ones before it", () => {
    const columns = sql`SELECT a FROM t WHERE v = ${7}`;
    const many = sql`${"p1"} ${"p2"} ${"p3"} ${"p4"} ${"p5"} ${"p6"} ${"p7"} ${"p8"} ${"p9"} ${"p10"}`;
    const statement = sql`${columns} AND w = ${8} AND ${many} AND z = ${9}`;
    expect(statement.text).toBe(
      "SELECT a FROM t WHERE v = $1 AND w = $2 AND $3 $4 $5 $6 $7 $8 $9 $10 $11 $12 AND z = $13",
    );
    expect(statement.values).toEqual([7, 8, "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", 9]);
  });
});
