// The service's most updated tables after a bench, on either database: rows updated or deleted, size on disk
// (with indexes and TOAST), live rows and dead row versions (the table's and its TOAST table's). A store whose
// updates are never vacuumed shows as dead rows and bytes that grow with the run, where a vacuumed one reuses
// its space: the embedded database has no autovacuum, so the service vacuums it
// (src/platform/db/database-maintenance.ts).
import type pg from "pg";

export interface TableSize {
  name: string;
  /** Rows updated or deleted since the statistics began. */
  changed: number;
  bytes: number;
  live: number;
  dead: number;
}

/** Read through the service's own pool, before it stops (the embedded database lives in its process). */
export async function readTableSizes(pool: pg.Pool, top = 5): Promise<TableSize[]> {
  const { rows } = await pool.query<{ name: string; changed: string; bytes: string; live: string; dead: string }>(
    `SELECT c.relname AS name, (coalesce(heap.n_tup_upd, 0) + coalesce(heap.n_tup_del, 0))::text AS changed,
       pg_total_relation_size(c.oid)::text AS bytes,
       coalesce(heap.n_live_tup, 0)::text AS live,
       (coalesce(heap.n_dead_tup, 0) + coalesce(toast.n_dead_tup, 0))::text AS dead
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_stat_all_tables heap ON heap.relid = c.oid
     LEFT JOIN pg_stat_all_tables toast ON toast.relid = c.reltoastrelid
     WHERE c.relkind = 'r' AND n.nspname = ANY (current_schemas(false))
     ORDER BY coalesce(heap.n_tup_upd, 0) + coalesce(heap.n_tup_del, 0) DESC, 1 LIMIT $1`,
    [top],
  );
  return rows.map((row) => ({
    name: row.name,
    changed: Number(row.changed),
    bytes: Number(row.bytes),
    live: Number(row.live),
    dead: Number(row.dead),
  }));
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function describeTableSizes(sizes: readonly TableSize[]): string {
  const listed = sizes.map(
    (size) => `${size.name} ${size.changed} changed, ${megabytes(size.bytes)}, ${size.live} live, ${size.dead} dead`,
  );
  const legend = "rows updated or deleted; on disk with indexes and TOAST; rows now";
  return `most updated tables after the bench (${legend}): ${listed.join("; ")}`;
}
