// Development tool: writes a new SQL migration in Prisma's layout from the change between the
// datamodel snapshot of the last migration and prisma/schema.prisma, using the wasm schema engine
// (the native engine cannot be downloaded here). Usage: npm run migration:new -- <name>
// Needs a reachable Postgres for the engine's adapter (MIGRATION_TOOL_DATABASE_URL, default local).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exitWithUsage, readCommandLine } from "../src/cli/command-line.js";
import { openSchemaEngine } from "../src/platform/db/schema-engine/wasm-engine.js";

const USAGE = [
  "usage: npm run migration:new -- <snake_case_name>",
  "  writes prisma/migrations/<timestamp>_<name>/migration.sql from the change to prisma/schema.prisma",
  "  MIGRATION_TOOL_DATABASE_URL  the PostgreSQL the schema engine connects to (default postgresql://postgres@127.0.0.1:5432/postgres)",
].join("\n");
const { positionals } = readCommandLine({ args: process.argv.slice(2), options: {}, allowPositionals: true }, USAGE);
const name = positionals[0];
if (positionals.length !== 1 || !name || !/^[a-z0-9_]+$/.test(name)) exitWithUsage("give one snake_case name", USAGE);
const migrationsDir = "prisma/migrations";
const snapshotPath = path.join(migrationsDir, "datamodel.snapshot.prisma");
const current = readFileSync("prisma/schema.prisma", "utf8");
const previous = existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8") : null;

const engine = await openSchemaEngine(
  process.env.MIGRATION_TOOL_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
);
const result = await engine.diff({
  from: previous ? { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: previous }] } : { tag: "empty" },
  to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: current }] },
  script: true,
  exitCode: null,
  filters: { externalTables: [], externalEnums: [] },
});
const sql = result.stdout ?? "";
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log("schema.prisma matches the last migration: nothing to write");
  process.exit(0);
}
const stamp = new Date()
  .toISOString()
  .replace(/[-:TZ.]/g, "")
  .slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
writeFileSync(snapshotPath, current);
console.log(`wrote ${dir}/migration.sql (${readdirSync(migrationsDir).length - 2} migrations)`);
process.exit(0);
