// Fails when prisma/schema.prisma and prisma/migrations disagree: the SQL the schema engine derives
// from schema.prisma and the SQL of the migrations must build identical catalogs.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/platform/db/database.js";
import {
  openSchemaEngine,
  sqlForDatamodel,
  type SchemaEngine,
} from "../../src/platform/db/schema-engine/wasm-engine.js";
import { projectRoot } from "../../src/env.js";

const schemaText = readFileSync(path.join(projectRoot, "prisma/schema.prisma"), "utf8");

// The engine only diffs datamodels, but its driver adapter needs a Postgres server to exist.
const engineUrl = process.env.TEST_DATABASE_URL?.trim() || "postgresql://postgres@127.0.0.1:5432/postgres";

async function serverIsReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const reachable = await serverIsReachable(engineUrl);
if (!reachable) {
  console.warn(
    `[migrations-drift] SKIPPED: the schema engine needs a PostgreSQL server for its adapter and none answers at ${engineUrl}. ` +
      "Set TEST_DATABASE_URL or start Postgres on 127.0.0.1:5432: schema.prisma/migration drift is NOT checked in this run.",
  );
}

const CATALOG_QUERIES = {
  columns: `
    SELECT format('column %s.%s %s %s default %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                  CASE WHEN a.attnotnull THEN 'not null' ELSE 'null' END, coalesce(pg_get_expr(d.adbin, d.adrelid), '-')) AS line
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
  indexes: `SELECT format('index %s: %s', indexname, indexdef) AS line FROM pg_indexes WHERE schemaname = 'public'`,
  constraints: `
    SELECT format('constraint %s.%s (%s): %s', c.relname, k.conname, k.contype, pg_get_constraintdef(k.oid)) AS line
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public'`,
  enums: `
    SELECT format('enum %s: %s', t.typname, string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder)) AS line
    FROM pg_type t
    JOIN pg_enum e ON e.enumtypid = t.oid
    JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public'
    GROUP BY t.typname`,
  extensions: `SELECT format('extension %s', extname) AS line FROM pg_extension WHERE extname <> 'plpgsql'`,
};

/** One sorted line per column, index, constraint, enum and extension; the migration history is left out. */
async function describeCatalog(db: Database): Promise<string[]> {
  const lines: string[] = [];
  for (const query of Object.values(CATALOG_QUERIES)) {
    const { rows } = await db.pool.query<{ line: string }>(query);
    lines.push(...rows.map((row) => row.line));
  }
  return lines.filter((line) => !line.includes("_prisma_migrations")).sort();
}

function catalogDifference(fromSchema: string[], fromMigrations: string[]) {
  const inMigrations = new Set(fromMigrations);
  const inSchema = new Set(fromSchema);
  return {
    onlyFromSchemaPrisma: fromSchema.filter((line) => !inMigrations.has(line)),
    onlyFromMigrations: fromMigrations.filter((line) => !inSchema.has(line)),
  };
}

/** A fresh in-memory database with `sql` applied (no migrations). */
async function databaseFromSql(sql: string): Promise<Database> {
  const db = await openDatabase({ databaseUrl: null, dataDir: null, migrate: false });
  await db.pool.query(sql);
  return db;
}

describe.skipIf(!reachable)("prisma/schema.prisma and prisma/migrations agree", () => {
  let engine: SchemaEngine;
  let migrated: Database;
  let migratedCatalog: string[];
  const opened: Database[] = [];

  beforeAll(async () => {
    engine = await openSchemaEngine(engineUrl);
    migrated = await openDatabase({ databaseUrl: null, dataDir: null });
    opened.push(migrated);
    migratedCatalog = await describeCatalog(migrated);
  });

  afterAll(async () => {
    for (const db of opened) await db.close();
    engine?.free();
  });

  it("builds the same tables, columns, indexes, constraints and enums from either", async () => {
    const fromSchema = await databaseFromSql(await sqlForDatamodel(engine, schemaText));
    opened.push(fromSchema);
    const schemaCatalog = await describeCatalog(fromSchema);
    expect(migratedCatalog.length).toBeGreaterThan(100);
    expect(
      catalogDifference(schemaCatalog, migratedCatalog),
      "schema.prisma and the migrations disagree: run `npm run migration:new -- <name>` to write a migration",
    ).toEqual({ onlyFromSchemaPrisma: [], onlyFromMigrations: [] });
  });

  it("notices a field that is in schema.prisma but in no migration", async () => {
    const modified = schemaText.replace(
      /^model Problem \{\n/m,
      'model Problem {\n  driftProbe String? @map("drift_probe")\n',
    );
    expect(modified).not.toBe(schemaText);
    const fromModified = await databaseFromSql(await sqlForDatamodel(engine, modified));
    opened.push(fromModified);
    const difference = catalogDifference(await describeCatalog(fromModified), migratedCatalog);
    expect(difference.onlyFromSchemaPrisma).toEqual(["column problems.drift_probe text null default -"]);
    expect(difference.onlyFromMigrations).toEqual([]);
  });
});
