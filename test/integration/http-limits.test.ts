// Protection limits, each with an operation just under and just over it: depth, cost, aliases,
// directives, tokens (HTTP and graphql-ws), request body size. Limits are lowered through env.
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { gql } from "../helpers/graphql.js";

const LIMITS = {
  MAX_QUERY_DEPTH: "4",
  MAX_QUERY_COST: "200",
  MAX_QUERY_ALIASES: "3",
  MAX_QUERY_DIRECTIVES: "2",
  MAX_QUERY_TOKENS: "60",
  MAX_BODY_BYTES: "2048",
};

/** `{ __type(name: "Query") { fields { type { ofType { name } } } } }` nested to `levels` fields. */
function nested(levels: number): string {
  const inner = ["fields", "type", "ofType", "ofType", "ofType", "ofType"].slice(0, levels - 2);
  return `{ __type(name: "Query") { ${inner.map((field) => `${field} {`).join(" ")} name ${"}".repeat(inner.length)} } }`;
}
/** Cost (2 + 1.5 x 1 scalar) x `first`: 3.5 per requested problem under armor's default weights. */
const problemPage = (first: number) => `{ problems(first: ${first}) { totalCount } }`;
const aliases = (count: number) =>
  `{ ${Array.from({ length: count }, (_, index) => `a${index}: __type(name: "Query") { name }`).join(" ")} }`;
const directives = (count: number) =>
  `{ ${Array.from({ length: count }, (_, index) => `d${index}: __typename @include(if: true)`).join(" ")} }`;
/** `{ __typename __typename ... }`: two braces plus one token per field. */
const tokens = (count: number) => `{ ${Array.from({ length: count - 2 }, () => "__typename").join(" ")} }`;

describe.each(testDatabaseTargets())("protection limits ($name database)", (target) => {
  const running = useTestService(target, { NODE_ENV: "production", ...LIMITS });

  const cases: [string, string, string, RegExp][] = [
    ["depth", nested(4), nested(5), /Query depth limit of 4 exceeded/],
    ["cost", problemPage(57), problemPage(58), /Query Cost limit of 200 exceeded, found 203/],
    ["aliases", aliases(3), aliases(4), /Aliases limit of 3 exceeded, found 4/],
    ["directives", directives(2), directives(3), /Directives limit of 2 exceeded, found 3/],
    ["tokens", tokens(60), tokens(61), /Document contains more th.. 60 tokens/],
  ];

  it.each(cases)(
    "%s: answers just under the limit and refuses just over it with a 400",
    async (_name, under, over, message) => {
      const accepted = await gql(running.service.url, under);
      expect(accepted.errors).toBeUndefined();
      expect(accepted.status).toBe(200);
      const refused = await gql(running.service.url, over);
      expect(refused.status).toBe(400);
      expect(refused.data).toBeNull();
      expect(refused.errors?.[0]?.message).toMatch(message);
      expect(refused.errors?.[0]?.extensions?.code).toMatch(/^(GRAPHQL_VALIDATION_FAILED|GRAPHQL_PARSE_FAILED)$/);
    },
  );

  it.each(cases)("%s: applies over graphql-ws too", async (_name, under, over, message) => {
    const client = createClient({
      url: running.service.url.replace(/^http/, "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const run = async (query: string) => {
      const results: unknown[] = [];
      try {
        for await (const result of client.iterate({ query })) results.push(result);
        return { ok: true, results };
      } catch (errors) {
        return { ok: false, results: errors as { message: string }[] };
      }
    };
    try {
      expect((await run(under)).ok).toBe(true);
      const refused = await run(over);
      expect(refused.ok).toBe(false);
      expect(JSON.stringify(refused.results)).toMatch(message);
    } finally {
      await client.dispose();
    }
  });

  it("accepts a body just under MAX_BODY_BYTES and answers 413 just over it", async () => {
    const bodyOfSize = (size: number) => {
      const skeleton = JSON.stringify({ query: "{ __typename }", variables: { padding: "" } });
      return JSON.stringify({ query: "{ __typename }", variables: { padding: "x".repeat(size - skeleton.length) } });
    };
    const send = (body: string) =>
      fetch(running.service.url, { method: "POST", headers: { "content-type": "application/json" }, body });
    const under = await send(bodyOfSize(2048));
    expect(under.status).toBe(200);
    const over = await send(bodyOfSize(2049));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({
      errors: [{ message: "Request body larger than 2048 bytes", extensions: { code: "PAYLOAD_TOO_LARGE" } }],
    });
  });
});
