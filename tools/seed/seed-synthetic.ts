// `npm run seed:synthetic -- --objects N [--seed S] [--problem REF]`: a seeded, realistic research
// history on one target of the configured database (DATABASE_URL, else the embedded DATA_DIR).
import { exitWithUsage, readCommandLine } from "../../src/cli/command-line.js";
import { openDatabase } from "../../src/platform/db/database.js";
import { parseEnv } from "../../src/env.js";
import { loadFixtureCatalogue } from "../../src/features/catalogue/domain/fixture-catalogue.js";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import { seedSynthetic } from "./synthetic.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const USAGE = [
  "usage: npm run seed:synthetic -- --objects N [--seed S] [--problem REF]   (1 <= N <= 1,000,000)",
  "  --objects N    research objects to write (with their relations, supersessions and events)",
  "  --seed S       random seed (default 1)",
  "  --problem REF  the target problem (default cp:erdos:1)",
].join("\n");
const { values } = readCommandLine(
  {
    args: process.argv.slice(2),
    options: { objects: { type: "string" }, seed: { type: "string" }, problem: { type: "string" } },
  },
  USAGE,
);
const objects = Number(values.objects);
if (!Number.isInteger(objects) || objects < 1 || objects > 1_000_000) exitWithUsage("--objects N is required", USAGE);
const env = parseEnv();
const db = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  if ((await db.prisma.problem.count()) === 0)
    await importCatalogue({
      inlineViews,
      prisma: db.prisma,
      problems: loadFixtureCatalogue(),
      afterWrite: maintainProblemDocuments,
    });
  const started = Date.now();
  const result = await seedSynthetic(db, {
    objects,
    seed: Number(values.seed ?? 1),
    problemRef: values.problem ?? "cp:erdos:1",
    onProgress: (stage, done, total) =>
      process.stdout.write(`\r${stage}: ${done}${total ? `/${total}` : " events"}   `),
  });
  console.log(
    `\nseeded ${objects} objects in ${result.projectIds.length} projects on target ${result.problemId} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.close();
}
