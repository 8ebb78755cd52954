// Prisma's schema engine compiled to wasm, loaded by hand: its package imports the .wasm file as an
// ES module, which Node 20 cannot do, so we instantiate it ourselves. Used only by development tools
// (writing a migration) and the drift test; the service applies plain SQL migrations.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const projectRoot = fileURLToPath(new URL("../../../../", import.meta.url));

interface EngineModule {
  SchemaEngine: {
    new: (
      options: { datamodels?: [string, string][] },
      log: (message: string) => void,
      adapter: object,
    ) => Promise<SchemaEngine>;
  };
  __wbg_set_wasm: (exports: object) => void;
}

export interface SchemaEngine {
  diff(params: {
    from: { tag: "empty" } | { tag: "schemaDatamodel"; files: { path: string; content: string }[] };
    to: { tag: "empty" } | { tag: "schemaDatamodel"; files: { path: string; content: string }[] };
    script: boolean;
    exitCode: boolean | null;
    filters: { externalTables: string[]; externalEnums: string[] };
  }): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
}

interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: Record<string, object>) => { exports: object };
}

async function loadEngineModule(): Promise<EngineModule> {
  const packageDir = path.join(projectRoot, "node_modules/@prisma/schema-engine-wasm");
  const bindings = (await import(path.join(packageDir, "schema_engine_bg.js"))) as EngineModule & {
    __wbindgen_start?: never;
  };
  const wasmBytes = readFileSync(path.join(packageDir, "schema_engine_bg.wasm"));
  // Node's WebAssembly global is untyped without the DOM lib.
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  const instance = new wasm.Instance(new wasm.Module(wasmBytes), { "./schema_engine_bg.js": bindings });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  // Without a panic registry, a Rust panic surfaces as an opaque TypeError.
  (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= { set_message: () => undefined };
  return bindings;
}

/**
 * Opens the wasm schema engine against a Postgres server (diffs from datamodels never query it). The
 * module is instantiated per call, not kept: callers (a migration script, the drift test) open one engine.
 */
export async function openSchemaEngine(connectionString: string): Promise<SchemaEngine> {
  const engineModule = await loadEngineModule();
  const url = new URL(connectionString);
  const adapter = bindMigrationAwareSqlAdapterFactory(
    new PrismaPg({
      // The embedded database's URL names its socket directory as `?host=` (libpq's convention).
      host: url.searchParams.get("host") ?? url.hostname,
      port: Number(url.port || 5432),
      user: decodeURIComponent(url.username || "postgres"),
      password: decodeURIComponent(url.password),
      database: url.pathname.slice(1) || "postgres",
    }) as never,
  );
  return engineModule.SchemaEngine.new({ datamodels: undefined }, () => undefined, adapter);
}

/** The SQL that creates the whole datamodel from an empty database. */
export async function sqlForDatamodel(engine: SchemaEngine, schemaText: string): Promise<string> {
  const result = await engine.diff({
    from: { tag: "empty" },
    to: { tag: "schemaDatamodel", files: [{ path: "schema.prisma", content: schemaText }] },
    script: true,
    exitCode: null,
    filters: { externalTables: [], externalEnums: [] },
  });
  return result.stdout ?? "";
}
