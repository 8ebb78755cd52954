// `npm run premises -- load --corpus FILE [--id default]`: validates a premise corpus in full and
// stores it in the configured database (all or nothing); the service serves the `default` index.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseEnv } from "../env.js";
import { openDatabase } from "../db/database.js";
import { DEFAULT_PREMISE_INDEX_ID } from "../modules/premises/premise-service.js";
import { storePremiseIndex } from "../modules/premises/premise-store.js";

export async function loadCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { corpus: { type: "string" }, id: { type: "string" } }, strict: true });
  if (!values.corpus) throw Object.assign(new Error("--corpus is required"), { code: "ERR_PARSE_ARGS_USAGE" });
  const sourcePath = resolve(values.corpus);
  const jsonlText = readFileSync(sourcePath, "utf8");
  const env = parseEnv();
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  try {
    const started = Date.now();
    const info = await storePremiseIndex(db.prisma, { id: values.id ?? DEFAULT_PREMISE_INDEX_ID, sourcePath, jsonlText });
    console.log(`${db.kind} database: stored premise index "${info.id}" with ${info.premiseCount} premises in ${Date.now() - started} ms (sha256 ${info.contentHash.slice(0, 12)})`);
    return 0;
  } finally {
    await db.close();
  }
}
