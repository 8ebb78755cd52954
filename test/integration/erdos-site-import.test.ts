// Importing erdosproblems.com's statements over the bundled catalogue: the site's wording becomes
// canonical, the formal docstring and an older capture stay in the family, remarks are searchable.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { readCatalogueFiles } from "../../src/features/catalogue/domain/read-catalogue-files.js";
import { PROBLEM_SPARSE_VIEW } from "../../src/features/discovery/domain/sparse-document.js";
import { analyzeText } from "../../src/text/normalize.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import {
  erdosSiteStatementsPath,
  erdosYamlPath,
  hasErdosSiteStatements,
  hasRealData,
  statementsPath,
  warnIfErdosSiteStatementsMissing,
} from "../unit/catalogue/catalogue-test-paths.js";
import { openTestDatabase, testDatabaseTargets, useTestService, type TestDatabase } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../fixtures/erdos-site");
const files = {
  erdosYamlPath: path.join(fixtures, "problems.yaml"),
  erdosStatementsPath: path.join(fixtures, "statements.jsonl"),
  formalConjecturesPath: path.join(fixtures, "formal-statements.jsonl"),
};

warnIfErdosSiteStatementsMissing("erdos-site-import");

const PROBLEM_QUERY = `query ($ref: String!) {
  problem(ref: $ref) { problem {
    statement remarks publicationState
    sources { kind recordId url title }
    statementFamily { statements { text origin declarationNames canonical } }
  } }
}`;

interface ProblemView {
  statement: string | null;
  remarks: string | null;
  publicationState: string;
  sources: { kind: string; recordId: string; url: string | null; title: string | null }[];
  statementFamily: {
    statements: { text: string; origin: string; declarationNames: string[]; canonical: boolean }[];
  } | null;
}

describe.each(testDatabaseTargets())("erdosproblems.com statements import ($name database)", (target) => {
  const handle = useTestService(target);

  async function importFixtureFiles() {
    const problems = await readCatalogueFiles(files);
    return importCatalogue({
      inlineViews,
      prisma: handle.service.services.db.prisma,
      problems,
      afterWrite: maintainProblemDocuments,
    });
  }

  async function problemByRef(ref: string): Promise<ProblemView> {
    const data = await gqlData<{ problem: { problem: ProblemView | null } }>(handle.service.url, PROBLEM_QUERY, {
      ref,
    });
    if (!data.problem.problem) throw new Error(`no problem for ${ref}`);
    return data.problem.problem;
  }

  it("makes the site's newest wording canonical and keeps the older capture and the formal docstring in the family", async () => {
    expect((await importFixtureFiles()).total).toBe(3); // 2 and 20 update the bundled catalogue's records; 9001 is new

    const problem = await problemByRef("erdos-20");
    expect(problem.statement).toMatch(/^Let \$f\(n,k\)\$ .*depending only on \$k\$\?$/);
    expect(problem.publicationState).toBe("PUBLISHED");
    const wordings = problem.statementFamily?.statements ?? [];
    expect(wordings.map((wording) => wording.origin).sort()).toEqual(
      expect.arrayContaining(["ERDOS_SITE", "ERDOS_SITE_REVISION", "FORMAL_CONJECTURES"]),
    );
    expect(wordings.filter((wording) => wording.canonical)).toEqual([
      expect.objectContaining({ origin: "ERDOS_SITE_REVISION", text: problem.statement }),
    ]);
    expect(wordings.find((wording) => wording.origin === "ERDOS_SITE")?.text).toContain(
      "holds a sunflower with $k$ petals",
    );
    expect(wordings.find((wording) => wording.origin === "FORMAL_CONJECTURES")).toMatchObject({
      text: "Is there a constant $c_k$ with $f(n,k) \\le c_k^n$ for all $n$?",
      declarationNames: ["Erdos20.erdos_20"],
    });
  });

  it("stores the remarks, cites the site as it asks, and publishes a problem that had no statement", async () => {
    await importFixtureFiles();
    const problem = await problemByRef("erdos-20");
    expect(problem.remarks).toBe(
      "Called the sunflower conjecture. The bound improved greatly through spread families and an encoding argument [ALWZ20].\n\nSee also [857].",
    );
    expect(problem.sources).toContainEqual({
      kind: "ERDOS_SITE",
      recordId: "erdosproblems.com:20",
      url: "https://www.erdosproblems.com/20",
      title: "T. F. Bloom, Erdős Problem #20, https://www.erdosproblems.com/20",
    });
    const covering = await problemByRef("erdos-2"); // CATALOGUED in the bundled catalogue: no formal statement
    expect(covering).toMatchObject({
      publicationState: "PUBLISHED",
      statement: "Can the least modulus of a covering system be made as large as we like?",
    });
  });

  it("indexes the remarks as their own discovery field, and the problem is a discovery candidate", async () => {
    await importFixtureFiles();
    const prisma = handle.service.services.db.prisma;
    const row = await prisma.problem.findUniqueOrThrow({ where: { stableId: "cp:erdos:20" }, select: { id: true } });
    const documents = await prisma.sparseDocument.findMany({
      where: { view: PROBLEM_SPARSE_VIEW, documentId: row.id },
    });
    expect(documents.length).toBeGreaterThan(0);
    const remarkTokens = analyzeText("spread families encoding argument").tokens;
    for (const document of documents) {
      const fields = document.fields as Record<string, Record<string, number>>;
      expect(Object.keys(fields.remarks ?? {})).toEqual(expect.arrayContaining(remarkTokens));
      expect(document.terms).toEqual(expect.arrayContaining(remarkTokens));
      expect(document.eligible).toBe(true);
    }
  });

  it("is idempotent: a second import changes no row and announces nothing", async () => {
    await importFixtureFiles();
    const prisma = handle.service.services.db.prisma;
    const counts = () =>
      Promise.all([
        prisma.problem.count(),
        prisma.problemStatement.count(),
        prisma.problemSource.count(),
        prisma.changeEvent.count(),
      ]);
    const before = await counts();
    const again = await importFixtureFiles();
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3, lastEventSequence: null });
    expect(await counts()).toEqual(before);
  });
});

describe.skipIf(!hasErdosSiteStatements || !hasRealData).each(testDatabaseTargets())(
  "the real statements imported ($name database)",
  (target) => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await openTestDatabase(target);
    });

    afterAll(async () => {
      await database?.cleanup();
    });

    it("gives every Erdős problem 1..1217 a canonical statement and publishes it", { timeout: 300_000 }, async () => {
      const problems = await readCatalogueFiles({
        erdosYamlPath,
        erdosStatementsPath: erdosSiteStatementsPath,
        formalConjecturesPath: statementsPath,
      });
      const report = await importCatalogue({
        inlineViews,
        prisma: database.db.prisma,
        problems,
        afterWrite: maintainProblemDocuments,
      });
      expect(report).toMatchObject({ created: problems.length, catalogued: 0 });
      const stated = await database.db.prisma.problem.findMany({
        where: {
          collection: "erdos",
          statement: { not: null },
          publicationState: "PUBLISHED",
          statementFamilyId: { not: null },
        },
        select: { number: true },
        orderBy: { number: "asc" },
      });
      expect(stated.map((row) => row.number)).toEqual(Array.from({ length: 1217 }, (_, index) => index + 1));
      expect(await database.db.prisma.problemSource.count({ where: { kind: "ERDOS_SITE" } })).toBe(1217);
    });
  },
);
