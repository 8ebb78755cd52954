// `npm run import -- catalogue --erdos FILE --formal-conjectures FILE`: loads a full catalogue into
// the configured database (DATABASE_URL, else the embedded one), with a progress bar and a report.
import { SingleBar, Presets } from "cli-progress";
import { openDatabase, refreshStatistics } from "../db/database.js";
import { CatalogueImportError } from "../modules/catalogue/catalogue.errors.js";
import { importCatalogue } from "../modules/catalogue/import-catalogue.js";
import { readCatalogueFiles } from "../modules/catalogue/read-catalogue-files.js";
import { parseArgs } from "node:util";
import { maintainProblemDocuments } from "../projections/problem-documents.js";
import { parseEnv } from "../env.js";
import { runCommand, UsageError } from "./run-command.js";

const USAGE = "usage: npm run import -- catalogue [--erdos problems.yaml] [--formal-conjectures statements.jsonl]";

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { erdos: { type: "string" }, "formal-conjectures": { type: "string" } },
  });
  if (positionals[0] !== "catalogue") throw new UsageError(USAGE);
  const erdosYamlPath = values.erdos;
  const formalConjecturesPath = values["formal-conjectures"];
  if (!erdosYamlPath && !formalConjecturesPath) throw new UsageError(`${USAGE}\n(give at least one file)`);
  const env = parseEnv();
  const parseStarted = Date.now();
  const problems = await readCatalogueFiles({ erdosYamlPath, formalConjecturesPath });
  console.log(`parsed ${problems.length} problems in ${Date.now() - parseStarted} ms`);
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const bar = new SingleBar({ format: "importing [{bar}] {value}/{total} problems", hideCursor: true }, Presets.shades_classic);
  bar.start(problems.length, 0);
  try {
    const report = await importCatalogue({
      prisma: db.prisma,
      problems,
      onProgress: (done) => bar.update(done),
      afterWrite: maintainProblemDocuments,
    });
    bar.stop();
    if (report.created + report.updated > 0) await refreshStatistics(db.pool);
    console.log(
      `${db.kind} database: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged ` +
        `of ${report.total} in ${report.durationMs} ms; catalogue now has ${report.published} published and ` +
        `${report.catalogued} catalogued (exact identity only) problems`,
    );
    return 0;
  } finally {
    bar.stop();
    await db.close();
  }
}

runCommand("import", () => main(process.argv.slice(2)), { expected: [CatalogueImportError], failurePrefix: "import failed, nothing was written:" });
