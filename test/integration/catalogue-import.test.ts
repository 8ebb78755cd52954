import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/database.js";
import { InvalidInputError } from "../../src/platform/errors/domain-error.js";
import { loadFixtureCatalogue } from "../../src/features/catalogue/domain/fixture-catalogue.js";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { readCatalogueFiles } from "../../src/features/catalogue/domain/read-catalogue-files.js";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createProjectionRegistry } from "../../src/projectors.js";
import { headSequence } from "../../src/events/change-events.js";

const { inlineViews } = createProjectionRegistry();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const sharedDataDir = path.resolve(repoRoot, "../shared/data");
const erdosYamlPath = path.join(sharedDataDir, "erdosproblems/problems.yaml");
const formalConjecturesPath = path.join(sharedDataDir, "formal-conjectures/statements.jsonl");
const hasData = existsSync(erdosYamlPath) && existsSync(formalConjecturesPath);
if (!hasData) {
  console.warn(
    `[catalogue-import] skipped the full catalogue import: ${erdosYamlPath} or ${formalConjecturesPath} does not exist (shared data not mounted).`,
  );
}

async function rowCounts(db: Database) {
  const [problems, events, identifiers] = await Promise.all([
    db.prisma.problem.count(),
    db.prisma.changeEvent.count(),
    db.prisma.problemIdentifier.count(),
  ]);
  return { problems, events, identifiers };
}

describe.each(testDatabaseTargets())("importCatalogue ($name database)", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    db = database.db;
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it("is idempotent: a second run creates, updates and announces nothing", async () => {
    const problems = [
      ...loadFixtureCatalogue(),
      buildCatalogueProblem(),
      buildCatalogueProblem({ statement: null, publicationState: "CATALOGUED" }),
    ];
    const first = await importCatalogue({ inlineViews, prisma: db.prisma, problems });
    expect(first).toMatchObject({ total: problems.length, created: problems.length, updated: 0, unchanged: 0 });
    expect(first.lastEventSequence).not.toBeNull();
    const before = await rowCounts(db);

    const second = await importCatalogue({ inlineViews, prisma: db.prisma, problems });
    expect(second).toMatchObject({
      total: problems.length,
      created: 0,
      updated: 0,
      unchanged: problems.length,
      lastEventSequence: null,
    });
    expect(await rowCounts(db)).toEqual(before);
  });

  it("reports a changed problem as updated, with exactly one problem.updated event", async () => {
    const original = buildCatalogueProblem();
    const untouched = buildCatalogueProblem();
    await importCatalogue({ inlineViews, prisma: db.prisma, problems: [original, untouched] });
    const head = await headSequence(db.prisma);

    const changed = { ...original, title: `${original.title} (revised)`, aliases: ["revised alias"] };
    const report = await importCatalogue({ inlineViews, prisma: db.prisma, problems: [changed, untouched] });
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 1 });

    const row = await db.prisma.problem.findUniqueOrThrow({
      where: { stableId: original.stableId },
      include: { identifiers: true },
    });
    expect(row.title).toBe(changed.title);
    expect(row.identifiers.map((identifier) => identifier.display)).toContain("revised alias");
    const newEvents = await db.prisma.changeEvent.findMany({ where: { sequence: { gt: head } } });
    expect(newEvents).toHaveLength(1);
    expect(newEvents[0]!.sequence.toString()).toBe(report.lastEventSequence);
    expect(newEvents[0]).toMatchObject({ eventType: "problem.updated", resourceType: "problem", resourceId: row.id });
  });

  it("refuses a catalogue with a repeated stable id before writing anything", async () => {
    const before = await rowCounts(db);
    const problem = buildCatalogueProblem();
    const duplicate = buildCatalogueProblem({ stableId: problem.stableId });
    await expect(importCatalogue({ inlineViews, prisma: db.prisma, problems: [problem, duplicate] })).rejects.toThrow(
      InvalidInputError,
    );
    expect(await rowCounts(db)).toEqual(before);
  });

  it("writes nothing when a write fails after rows were written (all or nothing)", async () => {
    const before = await rowCounts(db);
    const problems = [buildCatalogueProblem(), buildCatalogueProblem()];
    await expect(
      importCatalogue({
        inlineViews,
        prisma: db.prisma,
        problems,
        afterWrite: async () => {
          throw new Error("simulated failure after the first batch was written");
        },
      }),
    ).rejects.toThrow(/simulated failure/);
    expect(await rowCounts(db)).toEqual(before);
  });

  it("rolls back earlier batches when a later batch hits a database constraint", async () => {
    const existing = buildCatalogueProblem();
    await importCatalogue({ inlineViews, prisma: db.prisma, problems: [existing] });
    const before = await rowCounts(db);
    // 250 problems fill the first batch; the 251st reuses an existing slug under a new stable id.
    const problems = [
      ...Array.from({ length: 250 }, () => buildCatalogueProblem()),
      buildCatalogueProblem({ slug: existing.slug }),
    ];
    await expect(importCatalogue({ inlineViews, prisma: db.prisma, problems })).rejects.toThrow();
    expect(await rowCounts(db)).toEqual(before);
  });
});

describe.each(testDatabaseTargets())("full catalogue import from shared data ($name database)", (target) => {
  let database: TestDatabase;

  beforeAll(async () => {
    if (hasData) database = await openTestDatabase(target);
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it.skipIf(!hasData)("imports all 1,217 Erdős problems", { timeout: 300_000 }, async () => {
    const problems = await readCatalogueFiles({ erdosYamlPath, formalConjecturesPath });
    const started = performance.now();
    const report = await importCatalogue({ inlineViews, prisma: database.db.prisma, problems });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(`[catalogue-import] ${target.name}: imported ${report.total} problems in ${seconds} s`);
    expect(report.created).toBe(problems.length);
    expect(await database.db.prisma.problem.count({ where: { collection: "erdos" } })).toBe(1217);
    expect(
      await database.db.prisma.problem.count({ where: { collection: "erdos", publicationState: "PUBLISHED" } }),
    ).toBe(610);
  });
});
