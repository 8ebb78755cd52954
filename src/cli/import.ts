// `npm run import -- catalogue --erdos FILE --erdos-statements FILE --formal-conjectures FILE`: loads a
// full catalogue into the configured database (DATABASE_URL, else the embedded one), with a progress bar and a report.
import { SingleBar, Presets } from "cli-progress";
import { openDatabase, refreshStatistics } from "../platform/db/database.js";
import { CatalogueImportError } from "../features/catalogue/domain/catalogue.errors.js";
import { bundledFilePath } from "../features/catalogue/domain/bundled-data.js";
import { importCatalogue } from "../features/catalogue/domain/import-catalogue.js";
import { readCatalogueFiles } from "../features/catalogue/domain/read-catalogue-files.js";
import { parseArgs } from "node:util";
import { maintainProblemDocuments } from "../features/discovery/projection/problem-documents.js";
import { parseEnv } from "../env.js";
import { fetchErdosStatementsCommand } from "./fetch-erdos-statements.js";
import { answerHelp } from "./command-line.js";
import { runCommand, UsageError } from "./run-command.js";
import { createProjectionRegistry } from "../projectors.js";
import { createNotifier } from "../events/notifier.js";
import { createLogger } from "../logger.js";

const USAGE =
  "usage: npm run import -- catalogue [--bundled] [--erdos problems.yaml] [--erdos-statements site-statements.jsonl] [--formal-conjectures statements.jsonl]\n" +
  "       (--bundled reads the Erdős database and formal-conjectures files shipped in data/bundled/; a path given as well wins)\n" +
  "       npm run import -- fetch-erdos-statements --out FILE [--delay-ms 1000] [--base-url URL] [--cache-dir DIR] [--from N] [--to M]";

async function main(argv: string[]): Promise<number> {
  answerHelp(argv, USAGE);
  if (argv[0] === "fetch-erdos-statements") return fetchErdosStatementsCommand(argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      bundled: { type: "boolean" },
      erdos: { type: "string" },
      "erdos-statements": { type: "string" },
      "formal-conjectures": { type: "string" },
    },
  });
  if (positionals[0] !== "catalogue") throw new UsageError(USAGE);
  const erdosYamlPath = values.erdos ?? (values.bundled ? bundledFilePath("erdosProblems") : undefined);
  const erdosStatementsPath = values["erdos-statements"];
  const formalConjecturesPath =
    values["formal-conjectures"] ?? (values.bundled ? bundledFilePath("formalConjectures") : undefined);
  if (!erdosYamlPath && !erdosStatementsPath && !formalConjecturesPath)
    throw new UsageError(`${USAGE}\n(give at least one file)`);
  const env = parseEnv();
  const parseStarted = Date.now();
  const problems = await readCatalogueFiles({ erdosYamlPath, erdosStatementsPath, formalConjecturesPath });
  console.log(`parsed ${problems.length} problems in ${Date.now() - parseStarted} ms`);
  const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  const statedBefore = await db.prisma.problem.count({ where: { collection: "erdos", statement: { not: null } } });
  const bar = new SingleBar(
    { format: "importing [{bar}] {value}/{total} problems", hideCursor: true },
    Presets.shades_classic,
  );
  bar.start(problems.length, 0);
  try {
    const report = await importCatalogue({
      prisma: db.prisma,
      problems,
      inlineViews: createProjectionRegistry().inlineViews,
      onProgress: (done) => bar.update(done),
      afterWrite: maintainProblemDocuments,
    });
    bar.stop();
    if (report.lastEventSequence !== null) {
      // Running services hear of the new catalogue now (their identity and discovery indexes), not at the next write.
      const notifier = await createNotifier({
        kind: db.kind,
        pool: db.pool,
        connectionString: db.connectionString,
        logger: createLogger(env.logLevel),
      });
      await notifier.publish(BigInt(report.lastEventSequence));
      await notifier.close();
    }
    if (report.created + report.updated > 0) await refreshStatistics(db.pool);
    console.log(
      `${db.kind} database: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged ` +
        `of ${report.total} in ${report.durationMs} ms; catalogue now has ${report.published} published and ` +
        `${report.catalogued} catalogued (exact identity only) problems`,
    );
    const statedAfter = await db.prisma.problem.count({ where: { collection: "erdos", statement: { not: null } } });
    console.log(`Erdős problems with a statement: ${statedBefore} before, ${statedAfter} after`);
    return 0;
  } finally {
    bar.stop();
    await db.close();
  }
}

runCommand("import", () => main(process.argv.slice(2)), {
  usage: USAGE,
  expected: [CatalogueImportError],
  failurePrefix: "import failed, nothing was written:",
});
