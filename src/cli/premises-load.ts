// `npm run premises -- load --corpus FILE|--bundled [--id default]`: validates a premise corpus in full and
// stores it in the configured database (all or nothing); the service serves the `default` index.
// --bundled loads the Batteries corpus shipped in data/bundled/ (what a default first start stores).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import { parseEnv } from "../env.js";
import { openDatabase } from "../platform/db/database.js";
import { DEFAULT_PREMISE_INDEX_ID } from "../features/premises/domain/premise-service.js";
import { storePremiseIndex } from "../features/premises/domain/premise-store.js";
import { bundledFilePath, readBundledText } from "../features/catalogue/domain/bundled-data.js";

/** A corpus file's text, gunzipped when its name ends in .gz. */
function readCorpus(sourcePath: string): string {
  const bytes = readFileSync(sourcePath);
  return (sourcePath.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

export async function loadCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { corpus: { type: "string" }, bundled: { type: "boolean" }, id: { type: "string" } },
    strict: true,
  });
  if (!values.corpus && !values.bundled)
    throw Object.assign(new Error("--corpus FILE or --bundled is required"), { code: "ERR_PARSE_ARGS_USAGE" });
  const sourcePath = values.corpus ? resolve(values.corpus) : bundledFilePath("premiseCorpus");
  const jsonlText = values.corpus ? readCorpus(sourcePath) : readBundledText("premiseCorpus");
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    const started = Date.now();
    const info = await storePremiseIndex(db.prisma, {
      id: values.id ?? DEFAULT_PREMISE_INDEX_ID,
      sourcePath,
      jsonlText,
    });
    console.log(
      `${db.kind} database: stored premise index "${info.id}" with ${info.premiseCount} premises in ${Date.now() - started} ms (sha256 ${info.contentHash.slice(0, 12)})`,
    );
    return 0;
  } finally {
    await db.close();
  }
}
