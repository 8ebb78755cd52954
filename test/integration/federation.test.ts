import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { composeServices } from "@apollo/composition";
import { ApolloGateway } from "@apollo/gateway";
import { buildSubgraphSchema } from "@apollo/subgraph";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gqlData } from "../helpers/graphql.js";

// A second subgraph, as another team would write it: it extends our Problem entity by its key.
const REVIEWS_SDL = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])

  type Problem @key(fields: "id") {
    id: ID!
    reviewCount: Int!
  }

  type Query {
    mostReviewedProblem: Problem
  }
`);

async function startReviewsSubgraph(reviewCounts: Map<string, number>) {
  const server = new ApolloServer({
    schema: buildSubgraphSchema([
      {
        typeDefs: REVIEWS_SDL,
        resolvers: {
          Query: {
            mostReviewedProblem: () => {
              const [id] = [...reviewCounts.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
              return id ? { id } : null;
            },
          },
          Problem: {
            __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
            reviewCount: (problem: { id: string }) => reviewCounts.get(problem.id) ?? 0,
          },
        },
      },
    ]),
  });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: "127.0.0.1" } });
  return { url, stop: () => server.stop() };
}

describe.each(testDatabaseTargets())("federation with a second subgraph ($name database)", (target) => {
  const running = useTestService(target);
  let reviews: Awaited<ReturnType<typeof startReviewsSubgraph>>;
  let gateway: ApolloServer;
  const reviewCounts = new Map<string, number>();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const ref of ["cp:erdos:1", "cp:erdos:20"]) {
      const data = await gqlData<{ problem: { problem: { id: string } } }>(
        running.service.url,
        `query($ref: String!) { problem(ref: $ref) { problem { id } } }`,
        { ref },
      );
      ids[ref] = data.problem.problem.id;
    }
    reviewCounts.set(ids["cp:erdos:1"]!, 2).set(ids["cp:erdos:20"]!, 7);
    reviews = await startReviewsSubgraph(reviewCounts);

    const { _service } = await gqlData<{ _service: { sdl: string } }>(running.service.url, "{ _service { sdl } }");
    const composition = composeServices([
      { name: "problems", typeDefs: parse(_service.sdl), url: running.service.url },
      { name: "reviews", typeDefs: REVIEWS_SDL, url: reviews.url },
    ]);
    if (composition.errors)
      throw new Error(`composition failed: ${composition.errors.map((error) => error.message).join("; ")}`);
    gateway = new ApolloServer({ gateway: new ApolloGateway({ supergraphSdl: composition.supergraphSdl }) });
    await gateway.start();
  });

  // Runs before useTestService's afterAll (vitest runs afterAll hooks in reverse order), so the service stops last.
  afterAll(async () => {
    await gateway?.stop();
    await reviews?.stop();
  });

  async function execute(query: string) {
    const response = await gateway.executeOperation({ query });
    if (response.body.kind !== "single") throw new Error("expected a single result");
    return response.body.singleResult;
  }

  it("answers a query starting in our subgraph with fields from the reviews subgraph", async () => {
    const result = await execute(`{ problem(ref: "Erdős 1") { status problem { id stableId title reviewCount } } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      problem: {
        status: "RESOLVED",
        problem: { id: ids["cp:erdos:1"], stableId: "cp:erdos:1", title: "Erdős Problem 1", reviewCount: 2 },
      },
    });
  });

  it("resolves our Problem entity by key for a query starting in the reviews subgraph", async () => {
    const result = await execute(`{ mostReviewedProblem { id reviewCount stableId slug sources { recordId } } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      mostReviewedProblem: {
        id: ids["cp:erdos:20"],
        reviewCount: 7,
        stableId: "cp:erdos:20",
        slug: "erdos-20",
        sources: [{ recordId: "FormalConjectures/ErdosProblems/20.lean" }, { recordId: "erdosproblems:20" }],
      },
    });
  });
});
