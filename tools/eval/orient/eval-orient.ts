// `npm run eval -- orient`: loads the orient fixtures (Fibonacci regression, cross-project, poisoned
// memory) into an in-memory embedded database (or DATABASE_URL's server) and prints coverage by record
// type, reserve satisfaction, precision, packet sizes and the poisoned/flooded-memory measures.
import type { Database } from "../../../src/platform/db/database.js";
import { openDatabase } from "../../../src/platform/db/database.js";
import { createNotifier } from "../../../src/events/notifier.js";
import { createLogger } from "../../../src/logger.js";
import { loadFixtureCatalogue } from "../../../src/features/catalogue/domain/fixture-catalogue.js";
import { importCatalogue } from "../../../src/features/catalogue/domain/import-catalogue.js";
import { createOperator } from "../../../src/features/operators/commands/operator.commands.js";
import { maintainProblemDocuments } from "../../../src/features/discovery/projection/problem-documents.js";
import { loadOrientFixture, readOrientFixture } from "./load-orient-fixture.js";
import { runFixtureQueries, type QueryResult } from "./fixture-run.js";
import { summarise } from "./eval-metrics.js";
import { trustFigures } from "./trust-metrics.js";
import type { ResearchState } from "../../../src/generated/prisma/enums.js";
import { createOrientService } from "../../../src/features/orient/queries/orient.service.js";
import { openImpressionWriter } from "../../../src/features/telemetry/domain/impressions.js";
import { createProjectionRegistry } from "../../../src/projectors.js";

export const ORIENT_FIXTURES = ["fibonacci-regression", "cross-project", "poisoned-memory"] as const;

async function evalOperator(db: Database) {
  const existing = await db.prisma.operator.findUnique({
    where: { name: "orient-eval" },
    select: { id: true, name: true, role: true },
  });
  return existing ?? (await createOperator({ prisma: db.prisma, name: "orient-eval", role: "AGENT" })).operator;
}

async function runOn(
  db: Database,
  print: (line: string) => void,
): Promise<{ results: QueryResult[]; states: Map<string, ResearchState> }> {
  const { inlineViews } = createProjectionRegistry();
  if ((await db.prisma.problem.count()) === 0)
    await importCatalogue({
      inlineViews,
      prisma: db.prisma,
      problems: loadFixtureCatalogue(),
      afterWrite: maintainProblemDocuments,
    });
  const notifier = await createNotifier({
    kind: db.kind,
    pool: db.pool,
    connectionString: db.connectionString,
    logger: createLogger("silent"),
  });
  try {
    const operator = await evalOperator(db);
    // One orient service for the run, as the service keeps one per process and database.
    const impressions = openImpressionWriter(db.pool);
    db.beforeClose(() => impressions.flush()); // orient writes impressions behind its answers
    const orient = createOrientService(db.pool, impressions);
    const results: QueryResult[] = [];
    const states = new Map<string, ResearchState>();
    for (const name of ORIENT_FIXTURES) {
      const fixture = readOrientFixture(name);
      const loaded = await loadOrientFixture({ prisma: db.prisma, pool: db.pool, notifier, operator, fixture });
      print(`fixture ${name}: ${fixture.objects.length} objects, ${fixture.queries.length} gold queries`);
      const rows = await db.prisma.researchObject.findMany({
        where: { id: { in: [...loaded.keysById.keys()] } },
        select: { id: true, state: true },
      });
      for (const row of rows) states.set(`${name}:${loaded.keysById.get(row.id)}`, row.state);
      results.push(...(await runFixtureQueries(orient, fixture, loaded, operator.id)));
    }
    return { results, states };
  } finally {
    await notifier.close();
  }
}

/** The suite entry for tools/eval/eval.ts: the configured server database, else a fresh in-memory one. */
export async function runOrientSuite(db: Database, _args: unknown, print: (line: string) => void): Promise<void> {
  const target = db.kind === "server" ? db : await openDatabase({ databaseUrl: null, dataDir: null });
  try {
    print(`database: ${target.kind}${target === db ? "" : " (in memory)"}`);
    const { results, states } = await runOn(target, print);
    for (const line of [...summarise(results), ...trustFigures(results, states)]) print(line);
  } finally {
    if (target !== db) await target.close();
  }
}
