// Rebuilds of every derived view against both databases: the inline sparse views and memory branches
// switch only after the acceptance checks, a dry run leaves nothing behind, a bad build is kept out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { loadFixtureCatalogue } from "../../src/features/catalogue/domain/fixture-catalogue.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import { seedResearchObjects } from "../../tools/seed/memory-seed.js";
import { drainView } from "../../src/projections/worker.js";
import { readFreshness } from "../../src/projections/freshness.js";
import { rebuildView } from "../../src/projections/rebuild.js";
import { createMemoryProjector } from "../../src/features/memory/projection/memory-projector.js";
import { problemDiscoveryProjector } from "../../src/features/discovery/projection/problem-projector.js";
import { researchMemoryProjector } from "../../src/features/research/projection/research-projector.js";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";
import { createProjectRow } from "../factories/projects.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const unchanged = (report: { diff: { added: number; removed: number; changed: number }[] }) =>
  report.diff.every((table) => table.added + table.removed + table.changed === 0);

describe.each(testDatabaseTargets())("projection rebuilds ($name database)", (target) => {
  let database: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await openTestDatabase(target);
    prisma = database.db.prisma;
    await importCatalogue({
      inlineViews,
      prisma,
      problems: loadFixtureCatalogue(),
      afterWrite: maintainProblemDocuments,
    });
    const problem = await prisma.problem.findFirstOrThrow({ orderBy: { stableId: "asc" } });
    const project = await createProjectRow(prisma, problem.id);
    await seedResearchObjects(prisma, { projectId: project.id, count: 120, branches: ["approach/x", null] });
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it.each([
    ["problem-discovery", problemDiscoveryProjector],
    ["research-memory", researchMemoryProjector],
  ] as const)("rebuilds the inline view %s equal to the serving version and switches", async (view, rebuilder) => {
    const report = await rebuildView(prisma, rebuilder);
    expect(report.failures).toEqual([]);
    expect(report.switched).toBe(true);
    expect(unchanged(report)).toBe(true);
    expect((await prisma.projectionPointer.findUniqueOrThrow({ where: { view } })).servingVersion).toBe(
      report.builtVersion,
    );
    expect(
      (
        await prisma.projectionState.findUniqueOrThrow({
          where: { view_version: { view, version: report.servingVersion } },
        })
      ).status,
    ).toBe("RETIRED");
    const [freshness] = await readFreshness(prisma, [view]);
    expect(freshness).toMatchObject({ version: report.builtVersion, lagEvents: 0n, status: "FRESH" });
  });

  it("repairs a damaged serving version and reports the difference", async () => {
    const pointer = await prisma.projectionPointer.findUniqueOrThrow({ where: { view: "research-memory" } });
    const victim = await prisma.sparseDocument.findFirstOrThrow({
      where: { view: "research-memory", version: pointer.servingVersion },
    });
    await prisma.sparseDocument.delete({
      where: {
        view_version_documentId: {
          view: "research-memory",
          version: pointer.servingVersion,
          documentId: victim.documentId,
        },
      },
    });
    const report = await rebuildView(prisma, researchMemoryProjector);
    expect(report.diff[0]).toMatchObject({ added: 1, removed: 0, changed: 0, samples: [`added ${victim.documentId}`] });
    expect(report.switched).toBe(true);
  });

  it("a dry run prints the difference and leaves no version behind", async () => {
    const memoryProjector = createMemoryProjector();
    await drainView(database.db.pool, memoryProjector);
    const before = await prisma.projectionState.count({ where: { view: "memory-branches" } });
    const report = await rebuildView(prisma, memoryProjector, { dryRun: true });
    expect(report.switched).toBe(false);
    expect(report.failures).toEqual([]);
    expect(unchanged(report)).toBe(true);
    // Root and outcome for all 120, `sources` for the 30 SOURCE_BACKED, `approach` + `approach/x` for 60.
    expect(report.diff.find((table) => table.table === "branch_memberships")!.rows).toBe(120 * 2 + 30 + 60 * 2);
    expect(await prisma.projectionState.count({ where: { view: "memory-branches" } })).toBe(before);
    expect(await prisma.memoryBranch.count({ where: { version: report.builtVersion } })).toBe(0);
  });

  it("keeps serving the old version when the acceptance checks fail", async () => {
    const pointer = await prisma.projectionPointer.findUniqueOrThrow({ where: { view: "memory-branches" } });
    const broken = { ...createMemoryProjector(), build: async () => undefined, catchUp: async () => undefined };
    const report = await rebuildView(prisma, broken);
    expect(report.switched).toBe(false);
    expect(report.failures.some((failure) => failure.startsWith("every project has a root branch"))).toBe(true);
    expect(
      (await prisma.projectionPointer.findUniqueOrThrow({ where: { view: "memory-branches" } })).servingVersion,
    ).toBe(pointer.servingVersion);
    expect(
      (
        await prisma.projectionState.findUniqueOrThrow({
          where: { view_version: { view: "memory-branches", version: report.builtVersion } },
        })
      ).status,
    ).toBe("FAILED");
  });
});
