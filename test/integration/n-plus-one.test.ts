import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createProjectRow } from "../factories/projects.js";
import { gqlData } from "../helpers/graphql.js";
import { countQueries, type QueryCounter } from "../helpers/query-counter.js";

/** Upper bound on statements for one page of the nested query, whatever the page size. */
const MAX_STATEMENTS_PER_PAGE = 12;

const NESTED_PAGE = `
  query Page($first: Int!) {
    problems(first: $first) {
      edges {
        node {
          stableId
          sources { url }
          formalDeclarations { declName }
          aliases
          statementFamily { accession }
          sourceIntegrity { blocking advisories { message } }
          projects(first: 2) { totalCount }
        }
      }
    }
  }`;

interface Page {
  problems: {
    edges: {
      node: { stableId: string; projects: { totalCount: number }; sourceIntegrity: { advisories: unknown[] } };
    }[];
  };
}

describe.each(testDatabaseTargets())(
  "nested problems page issues a constant number of statements ($name database)",
  (target) => {
    // No projection worker: its catch-up queries would share the pool and blur the count.
    const running = useTestService(target, { RUN_WORKER: "false" });
    let counter: QueryCounter;

    beforeAll(async () => {
      const prisma = running.service.services.db.prisma;
      const problems = await prisma.problem.findMany({ orderBy: { stableId: "asc" }, take: 20 });
      // Give every problem on the page related rows, so each nested field has something to load.
      for (const problem of problems) {
        await createProjectRow(prisma, problem.id);
        await createProjectRow(prisma, problem.id);
        await createProjectRow(prisma, problem.id);
        await prisma.advisory.create({
          data: { problemId: problem.id, kind: "STATEMENT", message: "check the statement", blocking: false },
        });
      }
      counter = countQueries(running.service.services.db.pool);
    });

    const statementsFor = async (first: number) => {
      const { result, statements } = await counter.measure(() =>
        gqlData<Page>(running.service.url, NESTED_PAGE, { first }),
      );
      expect(result.problems.edges).toHaveLength(first);
      expect(result.problems.edges.every((edge) => edge.node.projects.totalCount === 3)).toBe(true);
      expect(result.problems.edges.every((edge) => edge.node.sourceIntegrity.advisories.length === 1)).toBe(true);
      return statements;
    };

    it("uses as many statements for 20 problems as for 2, and at most a small constant", async () => {
      const small = await statementsFor(2);
      const large = await statementsFor(20);
      console.info(
        `[n-plus-one] ${target.name}: first: 2 → ${small.length} statements, first: 20 → ${large.length} statements`,
      );
      expect(large.length, large.join("\n")).toBe(small.length);
      expect(large.length, large.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS_PER_PAGE);
    });
  },
);
