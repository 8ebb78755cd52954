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

/** Free text that leaves several candidates on the fixture catalogue (no abstention with an empty list). */
const SEVERAL_CANDIDATES_TEXT = "primes in arithmetic progression sums of squares";

const DISCOVER_WITH_PROBLEMS = `
  query Discover($text: String!, $limit: Int) {
    discoverProblems(text: $text, limit: $limit) {
      ... on ProblemDiscovery { candidates { score problem { stableId sources { url } aliases } } }
    }
  }`;

const PROJECT_MEMBERS_PAGE = `
  query Members($first: Int!) {
    problems(first: $first) { edges { node { projects(first: 3) { edges { node { members { operatorName } } } } } } }
  }`;

interface MembersPage {
  problems: { edges: { node: { projects: { edges: unknown[] } } }[] };
}

interface Discovery {
  discoverProblems: { candidates: { problem: { stableId: string } }[] };
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

    it("loads every discovery candidate's problem together: as many statements for 1 candidate as for several", async () => {
      const discover = async (limit: number) => {
        const { result, statements } = await counter.measure(() =>
          gqlData<Discovery>(running.service.url, DISCOVER_WITH_PROBLEMS, { text: SEVERAL_CANDIDATES_TEXT, limit }),
        );
        // The search impression is written behind the response and may land in either window: not a read.
        return { result, statements: statements.filter((statement) => !statement.includes("search_impressions")) };
      };
      const one = await discover(1);
      const several = await discover(10);
      expect(one.result.discoverProblems.candidates).toHaveLength(1);
      expect(several.result.discoverProblems.candidates.length).toBeGreaterThan(1);
      expect(several.statements.length, several.statements.join("\n")).toBe(one.statements.length);
    });

    it("loads the members of every project on a page together: as many statements for 20 problems as for 2", async () => {
      const membersFor = async (first: number) => {
        const { result, statements } = await counter.measure(() =>
          gqlData<MembersPage>(running.service.url, PROJECT_MEMBERS_PAGE, { first }),
        );
        expect(result.problems.edges.every((edge) => edge.node.projects.edges.length === 3)).toBe(true);
        return statements;
      };
      const small = await membersFor(2);
      const large = await membersFor(20);
      expect(large.length, large.join("\n")).toBe(small.length);
    });
  },
);
