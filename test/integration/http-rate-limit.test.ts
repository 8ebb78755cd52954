// Per-operator write rate limit: WRITE_RATE_LIMIT writes per window pass, the next one is refused
// with RATE_LIMITED, HTTP 429 and Retry-After (not masked, even in production); reads and other
// operators are unaffected; aliased root fields count one write each; sockets are limited too.
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { uniqueToken } from "../factories/unique-token.js";
import { CREATE_PROJECT } from "../helpers/documents/research.js";
import { gql } from "../helpers/graphql.js";

const LIMIT = 3;
const projectInput = () => ({ problemRef: "cp:erdos:1", name: `Rate ${uniqueToken()}`, idempotencyKey: uniqueToken() });

describe.each(testDatabaseTargets())("write rate limit per operator ($name database)", (target) => {
  const running = useTestService(target, {
    NODE_ENV: "production",
    WRITE_RATE_LIMIT: String(LIMIT),
    WRITE_RATE_WINDOW_SECONDS: "60",
  });
  const agent = async () => (await createOperatorWithToken(running.service.services.db.prisma, "AGENT")).token;
  const write = (token: string) =>
    gql<{ createProject: { __typename: string } }>(
      running.service.url,
      CREATE_PROJECT,
      { input: projectInput() },
      token,
    );

  it("accepts the limit's worth of writes and refuses the next with 429 and Retry-After", async () => {
    const token = await agent();
    for (let index = 0; index < LIMIT; index += 1) {
      const accepted = await write(token);
      expect(accepted.errors).toBeUndefined();
      expect(accepted.data?.createProject.__typename).toBe("CreateProjectPayload");
    }
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: CREATE_PROJECT, variables: { input: projectInput() } }),
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = (await response.json()) as {
      data?: unknown;
      errors: { message: string; extensions: Record<string, unknown> }[];
    };
    expect(body.data ?? null).toBeNull();
    expect(body.errors[0]!.extensions).toEqual({ code: "RATE_LIMITED", retryAfterSeconds: retryAfter });
    expect(body.errors[0]!.message).toMatch(/Write rate limit of 3 per 60s exceeded/);

    const read = await gql(running.service.url, `{ problem(ref: "cp:erdos:1") { status } }`, {}, token);
    expect(read.errors).toBeUndefined();
    const other = await write(await agent());
    expect(other.data?.createProject.__typename).toBe("CreateProjectPayload");
  });

  it("counts each aliased root field of a mutation as one write", async () => {
    const token = await agent();
    const aliased = (count: number) =>
      `mutation Many(${Array.from({ length: count }, (_, index) => `$i${index}: CreateProjectInput!`).join(", ")}) { ` +
      Array.from({ length: count }, (_, index) => `p${index}: createProject(input: $i${index}) { __typename }`).join(
        " ",
      ) +
      " }";
    const variables = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`i${index}`, projectInput()]));
    const underLimit = await gql(running.service.url, aliased(LIMIT), variables(LIMIT), token);
    expect(underLimit.errors).toBeUndefined();
    const overLimit = await gql(running.service.url, aliased(1), variables(1), token);
    expect(overLimit.status).toBe(429);
    expect(overLimit.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
  });

  it("limits writes sent over graphql-ws the same way", async () => {
    const token = await agent();
    const client = createClient({
      url: running.service.url.replace(/^http/, "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    const overSocket = async () => {
      for await (const result of client.iterate({ query: CREATE_PROJECT, variables: { input: projectInput() } }))
        return result;
      throw new Error("no result");
    };
    try {
      for (let index = 0; index < LIMIT; index += 1) expect((await overSocket()).errors).toBeUndefined();
      const refused = await overSocket();
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: "RATE_LIMITED",
        retryAfterSeconds: expect.any(Number),
      });
      expect(refused.errors?.[0]?.extensions).not.toHaveProperty("http");
    } finally {
      await client.dispose();
    }
  });
});
