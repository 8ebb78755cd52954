// Memory branches and freshness through the GraphQL API of a running service (in-process worker):
// Project.memoryBranches, ResearchObject.branch, memoryBranch paging and typed cursor errors, node and
// federation lookups, the freshness query and the projectionFreshness subscription.
import { createClient, type Client } from "graphql-ws";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { createProject } from "../../src/features/research/commands/create-project.command.js";
import { recordResearch } from "../../src/features/research/commands/record-research.command.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createOperatorWithToken, type OperatorWithToken } from "../factories/operators.js";
import { uniqueToken } from "../factories/unique-token.js";
import { gqlData } from "../helpers/graphql.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const FRESHNESS = `{ freshness { headSequence affectedLanes views { view version highWaterMark headSequence lagEvents status } } }`;
const PAGE = `query Page($id: ID!, $after: String, $first: Int) {
  memoryBranch(id: $id, first: $first, after: $after) {
    __typename
    ... on MemoryBranchPage { branch { id name kind } checkpoint { memberCount currentCount keyTerms summary } members { id title } nextMemberCursor freshness { view lagEvents status } }
    ... on ResearchInvalidCursorError { code reason }
    ... on ResearchNotFoundError { code }
  }
}`;

interface ViewRow {
  view: string;
  lagEvents: string;
  status: string;
}

describe.each(testDatabaseTargets())("memory branches over GraphQL ($name database)", (target) => {
  const running = useTestService(target);
  let projectId: string;
  let objectId: string;

  async function waitFresh(): Promise<ViewRow[]> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const data = await gqlData<{ freshness: { views: ViewRow[] } }>(running.service.url, FRESHNESS);
      const memory = data.freshness.views.find((view) => view.view === "memory-branches");
      if (memory?.status === "FRESH") return data.freshness.views;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("memory-branches did not become fresh");
  }

  let owner: OperatorWithToken["operator"];

  beforeAll(async () => {
    const prisma = running.service.services.db.prisma;
    const notifier = running.service.services.notifier;
    const { operator } = await createOperatorWithToken(prisma, "AGENT");
    owner = operator;
    const problem = buildCatalogueProblem();
    await importCatalogue({ inlineViews, prisma, problems: [problem], afterWrite: maintainProblemDocuments });
    projectId = (
      await createProject({
        prisma,
        notifier,
        inlineViews,
        operator,
        input: { problemRef: problem.stableId, name: "GraphQL memory", idempotencyKey: uniqueToken() },
      })
    ).project.id;
    // Fifteen distinct claims: the same text written many times would be held back as a flood.
    const moments = [
      "second",
      "third",
      "fourth",
      "fifth",
      "sixth",
      "seventh",
      "eighth",
      "ninth",
      "tenth",
      "eleventh",
      "twelfth",
      "thirteenth",
      "fourteenth",
      "fifteenth",
      "sixteenth",
    ];
    for (let index = 0; index < 15; index += 1) {
      const result = await recordResearch({
        prisma,
        pool: running.service.services.db.pool,
        notifier,
        inlineViews,
        operator,
        input: {
          projectId,
          kind: "CLAIM",
          title: `Variance bound ${index}`,
          body: `The ${moments[index]} moment is bounded.`,
          branch: "approach/second-moment",
          idempotencyKey: uniqueToken(),
        },
      });
      objectId = result.object.id;
    }
  });

  it("reports freshness per view and reaches zero lag after the worker runs", async () => {
    const views = await waitFresh();
    expect(views.map((view) => view.view)).toEqual(["problem-discovery", "research-memory", "memory-branches"]);
    expect(views.find((view) => view.view === "memory-branches")!.lagEvents).toBe("0");
  });

  it("reaches branches from the project and the research object, and pages members with a signed cursor", async () => {
    await waitFresh();
    const projectGlobalId = Buffer.from(`Project:${projectId}`).toString("base64");
    const project = await gqlData<{
      node: { memoryBranches: { id: string; name: string; kind: string }[]; checkpointHead: { memberCount: number } };
    }>(
      running.service.url,
      `query($id: ID!) { node(id: $id) { ... on Project { memoryBranches { id name kind } checkpointHead { memberCount } } } }`,
      { id: projectGlobalId },
    );
    expect(project.node.memoryBranches.map((branch) => branch.name)).toEqual([
      "project",
      "approach",
      "approach/second-moment",
      "outcome/claims",
    ]);
    expect(project.node.checkpointHead.memberCount).toBe(15);
    const problem = await gqlData<{
      node: { problem: { checkpointHead: { memberCount: number; branches: { name: string }[] } } };
    }>(
      running.service.url,
      `query($id: ID!) { node(id: $id) { ... on Project { problem { checkpointHead { memberCount branches { name } } } } } }`,
      { id: projectGlobalId },
    );
    expect(problem.node.problem.checkpointHead).toEqual({ memberCount: 15, branches: [{ name: "project" }] });
    const objectGlobalId = Buffer.from(`ResearchObject:${objectId}`).toString("base64");
    const object = await gqlData<{ node: { branch: { id: string; name: string; kind: string } } }>(
      running.service.url,
      `query($id: ID!) { node(id: $id) { ... on ResearchObject { branch { id name kind } } } }`,
      { id: objectGlobalId },
    );
    expect(object.node.branch).toMatchObject({ name: "approach/second-moment", kind: "APPROACH" });

    const first = await gqlData<{
      memoryBranch: {
        members: unknown[];
        nextMemberCursor: string;
        checkpoint: { memberCount: number };
        freshness: { lagEvents: string };
      };
    }>(running.service.url, PAGE, { id: object.node.branch.id });
    expect(first.memoryBranch.members).toHaveLength(12);
    expect(first.memoryBranch.checkpoint.memberCount).toBe(15);
    const second = await gqlData<{ memoryBranch: { members: unknown[]; nextMemberCursor: string | null } }>(
      running.service.url,
      PAGE,
      { id: object.node.branch.id, after: first.memoryBranch.nextMemberCursor },
    );
    expect(second.memoryBranch.members).toHaveLength(3);
    expect(second.memoryBranch.nextMemberCursor).toBeNull();

    const foreign = await gqlData<{ memoryBranch: { __typename: string; code: string; reason: string } }>(
      running.service.url,
      PAGE,
      { id: project.node.memoryBranches[0]!.id, after: first.memoryBranch.nextMemberCursor },
    );
    expect(foreign.memoryBranch).toEqual({
      __typename: "ResearchInvalidCursorError",
      code: "INVALID_CURSOR",
      reason: "FOREIGN",
    });
    const tampered = await gqlData<{ memoryBranch: { reason: string } }>(running.service.url, PAGE, {
      id: object.node.branch.id,
      after: `x${first.memoryBranch.nextMemberCursor}`,
    });
    expect(tampered.memoryBranch.reason).toBe("TAMPERED");
  });

  it("resolves MemoryBranch as a Relay node and a federation entity", async () => {
    await waitFresh();
    const branches = await gqlData<{ node: { memoryBranches: { id: string }[] } }>(
      running.service.url,
      `query($id: ID!) { node(id: $id) { ... on Project { memoryBranches { id } } } }`,
      { id: Buffer.from(`Project:${projectId}`).toString("base64") },
    );
    const id = branches.node.memoryBranches[0]!.id;
    const node = await gqlData<{ node: { name: string; checkpoint: { currentCount: number } } }>(
      running.service.url,
      `query($id: ID!) { node(id: $id) { ... on MemoryBranch { name checkpoint { currentCount } } } }`,
      { id },
    );
    expect(node.node).toEqual({ name: "project", checkpoint: { currentCount: 15 } });
    const entities = await gqlData<{ _entities: { name: string }[] }>(
      running.service.url,
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on MemoryBranch { name } } }`,
      { r: [{ __typename: "MemoryBranch", id }] },
    );
    expect(entities._entities).toEqual([{ name: "project" }]);
  });

  it("pushes projectionFreshness when the memory view's lag changes", async () => {
    await waitFresh();
    const client: Client = createClient({
      url: running.service.url.replace(/^http/, "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const received: ViewRow[][] = [];
    const iterator = client.iterate<{ projectionFreshness: ViewRow[] }>({
      query: `subscription { projectionFreshness(views: ["memory-branches"]) { view highWaterMark lagEvents status } }`,
    });
    try {
      const first = await iterator.next();
      received.push(first.value!.data!.projectionFreshness);
      await recordResearch({
        prisma: running.service.services.db.prisma,
        pool: running.service.services.db.pool,
        notifier: running.service.services.notifier,
        inlineViews,
        operator: owner,
        input: { projectId, kind: "ATTEMPT", title: "One more", body: "Text.", idempotencyKey: uniqueToken() },
      });
      const next = await iterator.next();
      received.push(next.value!.data!.projectionFreshness);
    } finally {
      await iterator.return?.();
      await client.dispose();
    }
    expect(received[0]).toMatchObject([{ view: "memory-branches", lagEvents: "0", status: "FRESH" }]);
    expect(received[1]).toHaveLength(1);
    expect(received[1]).not.toEqual(received[0]);
  });
});
