// What the database read per stored research record over a whole write bench, from the server's own counters
// (pg_stat_user_tables and pg_stat_user_indexes of the service's schema; pgbench's tables live in a schema of
// their own). Read after the service has stopped: a backend reports its counts at the latest when it exits, so
// none are left pending in the pool's connections. A statement whose plan reads a whole table (a generic plan
// made while the table was nearly empty, see src/platform/db/database-maintenance.ts) shows as hundreds or
// thousands of rows per record, where an index probe per write reads a handful.
import pg from "pg";

export interface TableReads {
  records: number;
  /** Rows read per record, by table (sequential scans' rows and rows fetched through indexes), most first. */
  tables: { name: string; perRecord: number }[];
  /** Index entries read per record, by index, most first. */
  indexes: { name: string; perRecord: number }[];
}

export async function readTableReads(databaseUrl: string, top = 4): Promise<TableReads> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ records }] = (
      await client.query<{ records: number }>("SELECT count(*)::int AS records FROM research_objects")
    ).rows as [{ records: number }];
    const per = Math.max(1, records);
    const tables = await client.query<{ name: string; rows: string }>(
      `SELECT relname AS name, (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text AS rows
       FROM pg_stat_user_tables WHERE schemaname = ANY (current_schemas(false))
       ORDER BY coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) DESC LIMIT $1`,
      [top],
    );
    const indexes = await client.query<{ name: string; rows: string }>(
      `SELECT indexrelname AS name, idx_tup_read::text AS rows
       FROM pg_stat_user_indexes WHERE schemaname = ANY (current_schemas(false)) ORDER BY idx_tup_read DESC LIMIT $1`,
      [top],
    );
    const perRecord = (rows: { name: string; rows: string }[]) =>
      rows.map((row) => ({ name: row.name, perRecord: Number(row.rows) / per }));
    return { records, tables: perRecord(tables.rows), indexes: perRecord(indexes.rows) };
  } finally {
    await client.end();
  }
}

export function describeTableReads(reads: TableReads): string {
  const list = (entries: { name: string; perRecord: number }[]) =>
    entries.map((entry) => `${entry.name} ${entry.perRecord.toFixed(1)}`).join(", ");
  return [
    `database reads per stored record over the whole bench (${reads.records} records; pg_stat, read after the service stopped):`,
    `  rows by table: ${list(reads.tables)}`,
    `  index entries by index: ${list(reads.indexes)}`,
  ].join("\n");
}
