// The docs' examples run, so none can rot: every GraphQL operation in README.md and docs/*.md (```graphql
// blocks and the JSON bodies of the README's curl tour) is valid against the printed SDL, and runs on a
// demo-catalogue service: queries without a token, mutations with an ADMIN token from a factory.
// Placeholders such as "<Project id>" are filled with rows the factories make. Every relative link resolves.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, parse, validate } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/env.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gql, gqlData } from "../helpers/graphql.js";
import {
  extractExamples,
  headingAnchors,
  operationsOf,
  relativeLinks,
  type DocOperation,
} from "../helpers/markdown-examples.js";

const DOCS = [
  "README.md",
  ...readdirSync(path.join(projectRoot, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(path.join(projectRoot, file), "utf8");
const schema = buildSchema(read("schema/schema.graphql"));
const operations: DocOperation[] = DOCS.flatMap((file) =>
  extractExamples(file, read(file))
    .filter((example) => example.mode !== "skip")
    .flatMap(operationsOf),
);
const label = (operation: DocOperation) => `${operation.where} ${operation.kind} ${operation.field}`;

describe("the docs' GraphQL examples", () => {
  it("are found (README tour and docs/api.md)", () => {
    expect(operations.filter((operation) => operation.where.startsWith("README.md")).length).toBeGreaterThanOrEqual(3);
    expect(operations.filter((operation) => operation.where.startsWith("docs/api.md")).length).toBeGreaterThan(10);
  });

  it.each(operations.map((operation) => [label(operation), operation] as const))(
    "%s is valid against the printed schema",
    (_label, operation) => {
      expect(operation.field, operation.query.split("\n")[0]).not.toBe("(syntax error)");
      expect(validate(schema, parse(operation.query)).map((error) => error.message)).toEqual([]);
    },
  );
});

describe.each(testDatabaseTargets())("the docs' examples run on a demo service ($name database)", (target) => {
  const running = useTestService(target, { CATALOGUE: "demo" });
  const placeholders = new Map<string, string>();
  let adminToken = "";

  beforeAll(async () => {
    const { service } = running;
    adminToken = (await createOperatorWithToken(service.services.db.prisma, "ADMIN")).token;
    // The member the membership example adds.
    await createOperatorWithToken(service.services.db.prisma, "AGENT", "bob");
    const project = await createProjectFor(service.url, adminToken, { problemRef: "cp:erdos:1" });
    // R1, the record the recordResearch example refutes, on the same problem.
    await recordObject(service.url, adminToken, project.id, { branch: "approach/greedy" });
    placeholders.set("<Project id>", project.id);
    placeholders.set("<MemoryBranch id>", await firstMemoryBranch(service.url, project.id));
    placeholders.set("<sha256>", "0".repeat(64));
  });

  const runnable = operations.filter(
    (operation) => operation.mode !== "validate-only" && operation.kind !== "subscription",
  );
  it.each(runnable.map((operation) => [label(operation), operation] as const))("%s", async (_label, operation) => {
    const query = fillPlaceholders(operation.query, placeholders);
    const token = operation.kind === "mutation" ? adminToken : undefined;
    const response = await gql<Record<string, { code?: string } | null>>(
      running.service.url,
      query,
      operation.variables,
      token,
    );
    if (operation.mode === "expect-errors") {
      expect(response.errors?.length, "an expect-errors example answers with errors").toBeGreaterThan(0);
      const codes = response.errors!.map((error) => error.extensions?.code);
      expect(codes).not.toContain("INTERNAL_SERVER_ERROR");
      return;
    }
    expect(response.errors, `${operation.where} answered with errors`).toBeUndefined();
    for (const [field, answer] of Object.entries(response.data ?? {})) {
      expect(answer, `${operation.where} ${field} is null`).not.toBeNull();
      expect(answer?.code, `${operation.where} ${field} answered a typed error`).toBeUndefined();
    }
  });
});

describe("the docs' links", () => {
  const links = DOCS.flatMap((file) => relativeLinks(file, read(file)).map((link) => ({ ...link, file })));

  it.each(links.map((link) => [`${link.where} ${link.target}`, link] as const))(
    "%s resolves",
    (_label, { file, target }) => {
      const [pathPart, anchor] = target.split("#") as [string, string | undefined];
      const resolved = pathPart === "" ? file : path.join(path.dirname(file), pathPart);
      expect(existsSync(path.join(projectRoot, resolved)), `${resolved} does not exist`).toBe(true);
      if (anchor && resolved.endsWith(".md"))
        expect([...headingAnchors(read(resolved))], `no heading #${anchor} in ${resolved}`).toContain(anchor);
    },
  );
});

function fillPlaceholders(query: string, values: ReadonlyMap<string, string>): string {
  let filled = query;
  for (const [placeholder, value] of values) filled = filled.replaceAll(placeholder, value);
  const unknown = /"(<[^">]+>)"/.exec(filled);
  if (unknown) throw new Error(`no value for the placeholder ${unknown[1]}: add it to the test's placeholders`);
  return filled;
}

/** The first branch the projection worker derives for the project (it runs after commit). */
async function firstMemoryBranch(url: string, projectId: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const data = await gqlData<{ node: { memoryBranches: { id: string }[] } | null }>(
      url,
      `query Branches($id: ID!) { node(id: $id) { ... on Project { memoryBranches { id } } } }`,
      { id: projectId },
    );
    const branch = data.node?.memoryBranches[0];
    if (branch) return branch.id;
    if (Date.now() > deadline) throw new Error("the projection worker derived no memory branch within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
