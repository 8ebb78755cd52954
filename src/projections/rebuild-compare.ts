// Compares two versions of a derived view table by table inside the database (a full outer join on
// the row key), so a rebuild of 100k objects never holds both versions in memory.
import type { TransactionClient } from "../platform/db/transaction.js";

export interface TableSpec {
  table: string;
  key: string[];
  /** Columns that define the view's content; bookkeeping (marks, update times) is left out. */
  compare: string[];
  /** Constant SQL condition narrowing a shared table to one view. */
  filter?: string;
}

export interface TableDiff {
  table: string;
  rows: number;
  added: number;
  removed: number;
  changed: number;
  /** A few differing keys, to start an investigation from. */
  samples: string[];
}

export interface AcceptanceCheck {
  name: string;
  /** Counts violations in version $1; zero passes. */
  sql: string;
}

// Enough examples to recognise a pattern in a dry run without flooding the terminal.
const DIFF_SAMPLES = 5;

function sides(spec: TableSpec): string {
  const filter = spec.filter ? ` AND ${spec.filter}` : "";
  const on = spec.key.map((column) => `o.${column} = n.${column}`).join(" AND ");
  return `(SELECT * FROM ${spec.table} WHERE version = $1${filter}) o FULL JOIN (SELECT * FROM ${spec.table} WHERE version = $2${filter}) n ON ${on}`;
}

function differs(spec: TableSpec): string {
  const row = (alias: string) => `(${spec.compare.map((column) => `${alias}.${column}`).join(", ")})`;
  return `(o.${spec.key[0]} IS NULL OR n.${spec.key[0]} IS NULL OR ${row("o")} IS DISTINCT FROM ${row("n")})`;
}

export async function diffTable(
  tx: TransactionClient,
  spec: TableSpec,
  oldVersion: number,
  newVersion: number,
): Promise<TableDiff> {
  const first = spec.key[0];
  const [counts] = await tx.$queryRawUnsafe<{ rows: number; added: number; removed: number; changed: number }[]>(
    `SELECT count(n.${first})::int AS rows,
            count(*) FILTER (WHERE o.${first} IS NULL)::int AS added,
            count(*) FILTER (WHERE n.${first} IS NULL)::int AS removed,
            count(*) FILTER (WHERE o.${first} IS NOT NULL AND n.${first} IS NOT NULL AND ${differs(spec)})::int AS changed
     FROM ${sides(spec)}`,
    oldVersion,
    newVersion,
  );
  const keyText = `concat_ws('/', ${spec.key.map((column) => `coalesce(o.${column}, n.${column})::text`).join(", ")})`;
  const samples = await tx.$queryRawUnsafe<{ sample: string }[]>(
    `SELECT (CASE WHEN o.${first} IS NULL THEN 'added ' WHEN n.${first} IS NULL THEN 'removed ' ELSE 'changed ' END) || ${keyText} AS sample
     FROM ${sides(spec)} WHERE ${differs(spec)} ORDER BY 1 LIMIT ${DIFF_SAMPLES}`,
    oldVersion,
    newVersion,
  );
  return { table: spec.table, ...counts!, samples: samples.map((row) => row.sample) };
}

export async function runChecks(tx: TransactionClient, checks: AcceptanceCheck[], version: number): Promise<string[]> {
  const failures: string[] = [];
  for (const check of checks) {
    const [row] = await tx.$queryRawUnsafe<{ violations: number }[]>(
      `SELECT (${check.sql})::int AS violations`,
      version,
    );
    if (row && row.violations > 0) failures.push(`${check.name}: ${row.violations} violation(s)`);
  }
  return failures;
}

/** Deletes every row of `version` (a dry run or a failed build leaves nothing behind). */
export async function discardVersion(tx: TransactionClient, tables: TableSpec[], version: number): Promise<void> {
  for (const spec of tables) {
    await tx.$executeRawUnsafe(
      `DELETE FROM ${spec.table} WHERE version = $1${spec.filter ? ` AND ${spec.filter}` : ""}`,
      version,
    );
  }
}
