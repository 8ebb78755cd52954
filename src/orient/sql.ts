// The statement runner of orient's hot reads: rows come straight from the pg pool, because Prisma's
// raw-query result processing (a per-value type walk over a few hundred wide rows per request) cost
// more than the statements themselves. Values are always bound parameters ($1, $2, …). Timestamps are
// selected as timestamptz so pg does not reinterpret Prisma's UTC `timestamp` columns in local time.
import type pg from "pg";

export type Sql = <Row>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<Row[]>;

export function sqlOf(pool: pg.Pool): Sql {
  return async <Row>(strings: TemplateStringsArray, ...values: unknown[]) => {
    const text = strings.reduce((statement, part, index) => `${statement}$${index}${part}`);
    const result = await pool.query(text, values);
    return result.rows as Row[];
  };
}
