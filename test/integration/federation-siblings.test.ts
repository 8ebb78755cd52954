// The subgraph beside two siblings other teams would write (fixtures/federation/): a Relay-style one
// with its own Node, PageInfo, node field and generic error types, and one that knows problems only by
// stable id. They compose with no errors, and a gateway answers queries that cross both ways.
import { readFileSync } from "node:fs";
import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { composeServices } from "@apollo/composition";
import { ApolloGateway } from "@apollo/gateway";
import { buildSubgraphSchema } from "@apollo/subgraph";
import { parse, type DocumentNode } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSchema, subgraphSdl } from "../../src/schema.js";
import { useTestService } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";

const fixture = (name: string): DocumentNode =>
  parse(readFileSync(new URL(`../../fixtures/federation/${name}`, import.meta.url), "utf8"));
const ACCOUNTS_SDL = fixture("relay-accounts.graphql");
const NOTES_SDL = fixture("problem-notes.graphql");

const NOTES: Record<string, string[]> = {
  "cp:erdos:1": ["Tuesday: the 2^n/√n lower bound"],
  "cp:erdos:20": ["Sunflowers, after Alweiss–Lovett–Wu–Zhang"],
};

async function startSubgraph(typeDefs: DocumentNode, resolvers: Record<string, Record<string, unknown>>) {
  const server = new ApolloServer({ schema: buildSubgraphSchema([{ typeDefs, resolvers: resolvers as never }]) });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: "127.0.0.1" } });
  return { url, stop: () => server.stop() };
}

function compose(ours: DocumentNode, urls: { ours: string; accounts: string; notes: string }) {
  return composeServices([
    { name: "research-memory", typeDefs: ours, url: urls.ours },
    { name: "accounts", typeDefs: ACCOUNTS_SDL, url: urls.accounts },
    { name: "notes", typeDefs: NOTES_SDL, url: urls.notes },
  ]);
}

describe("composition beside sibling subgraphs", () => {
  it("composes with no errors and no hints", () => {
    const result = compose(parse(subgraphSdl(buildSchema())), {
      ours: "http://a",
      accounts: "http://b",
      notes: "http://c",
    });
    expect(result.errors?.map((error) => error.message) ?? []).toEqual([]);
    expect((result.hints ?? []).map((hint) => hint.toString())).toEqual([]);
  });
});

describe("a gateway over the three subgraphs", () => {
  const running = useTestService({ name: "embedded" });
  const siblings: Array<{ stop(): Promise<void> }> = [];
  let gateway: ApolloServer;

  beforeAll(async () => {
    const accounts = await startSubgraph(ACCOUNTS_SDL, {
      Query: { viewer: () => ({ id: "u1", name: "Ada" }), node: () => null },
      User: {
        __resolveReference: (reference: { id: string }) => ({ id: reference.id, name: "Ada" }),
        readingList: () => ({
          edges: ["cp:erdos:20", "cp:erdos:1"].map((stableId) => ({ cursor: stableId, node: { stableId } })),
          pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: "cp:erdos:20", endCursor: "cp:erdos:1" },
        }),
      },
    });
    const notes = await startSubgraph(NOTES_SDL, {
      Query: { problemsDiscussedThisWeek: () => [{ stableId: "cp:erdos:1" }] },
      Problem: {
        __resolveReference: (reference: { stableId: string }) => ({ stableId: reference.stableId }),
        seminarNotes: (problem: { stableId: string }) => NOTES[problem.stableId] ?? [],
      },
    });
    siblings.push(accounts, notes);
    const { _service } = await gqlData<{ _service: { sdl: string } }>(running.service.url, "{ _service { sdl } }");
    const composition = compose(parse(_service.sdl), {
      ours: running.service.url,
      accounts: accounts.url,
      notes: notes.url,
    });
    if (composition.errors)
      throw new Error(`composition failed: ${composition.errors.map((error) => error.message).join("; ")}`);
    gateway = new ApolloServer({ gateway: new ApolloGateway({ supergraphSdl: composition.supergraphSdl }) });
    await gateway.start();
  });

  afterAll(async () => {
    await gateway?.stop();
    for (const sibling of siblings) await sibling.stop();
  });

  async function execute(query: string) {
    const response = await gateway.executeOperation({ query });
    if (response.body.kind !== "single") throw new Error("expected a single result");
    return response.body.singleResult;
  }

  it("starts here and reaches the sibling's field through the stableId key", async () => {
    const result = await execute(`{ problem(ref: "Erdős 1") { problem { stableId title seminarNotes } } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      problem: { problem: { stableId: "cp:erdos:1", title: "Erdős Problem 1", seminarNotes: NOTES["cp:erdos:1"] } },
    });
  });

  it("starts in a sibling and resolves our Problem by its stableId", async () => {
    const result = await execute(`{ problemsDiscussedThisWeek { stableId slug resolutionState seminarNotes } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      problemsDiscussedThisWeek: [
        {
          stableId: "cp:erdos:1",
          slug: "erdos-1",
          resolutionState: expect.any(String),
          seminarNotes: NOTES["cp:erdos:1"],
        },
      ],
    });
  });

  it("walks a Relay-style sibling's connection into our problems, sharing PageInfo", async () => {
    const result = await execute(
      `{ viewer { name readingList { pageInfo { hasNextPage } edges { node { stableId title } } } } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      viewer: {
        name: "Ada",
        readingList: {
          pageInfo: { hasNextPage: false },
          edges: [
            { node: { stableId: "cp:erdos:20", title: expect.stringContaining("Erdős Problem 20") } },
            { node: { stableId: "cp:erdos:1", title: "Erdős Problem 1" } },
          ],
        },
      },
    });
  });

  it("resolves our research objects and projects by their natural keys", async () => {
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: `query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Problem { title } ... on ResearchObject { accession } ... on Project { slug } } }`,
        variables: {
          r: [
            { __typename: "Problem", stableId: "cp:erdos:20" },
            { __typename: "ResearchObject", accession: "R999999" },
            { __typename: "Project", slug: "no-such-project" },
          ],
        },
      }),
    });
    const body = (await response.json()) as { data: { _entities: unknown[] }; errors?: unknown[] };
    expect(body.errors).toBeUndefined();
    expect(body.data._entities).toEqual([
      { __typename: "Problem", title: expect.stringContaining("Erdős Problem 20") },
      null,
      null,
    ]);
  });
});
