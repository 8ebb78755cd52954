import { openDatabase } from "./src/platform/db/database.js";
const db = await openDatabase({ databaseUrl: null, dataDir: process.env.DATA_DIR!, migrate: false });
const { rows } = await db.pool.query("SELECT relname, relpages, (pg_relation_size(oid)/8192)::int AS pages FROM pg_class WHERE relname IN ('research_objects','sparse_documents','branch_memberships','change_events','research_targets','idempotency_records','checkpoints') ORDER BY 1");
console.log(rows);
for (const table of ["research_objects", "sparse_documents", "branch_memberships", "change_events", "research_targets", "idempotency_records"]) {
  const started = performance.now();
  await db.pool.query(`ANALYZE ${table}`);
  console.log(table, Math.round(performance.now() - started), "ms");
}
await db.close();
