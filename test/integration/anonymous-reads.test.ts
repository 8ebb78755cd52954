// ANONYMOUS_READS=false: reads and subscriptions need a valid token on both transports; the schema
// (introspection, federation's _service) stays readable for tools and gateways.
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createAgentProject } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";
import { gql } from "../helpers/graphql.js";
import { sendOverSocket, socketClient } from "../helpers/hostile-client.js";

const READ = "query($r: String!) { researchObject(ref: $r) { title body } }";

describe.each(testDatabaseTargets())("ANONYMOUS_READS=false ($name database)", (target) => {
  const running = useTestService(target, { ANONYMOUS_READS: "false" });
  let accession: string;
  let readerToken: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    const { token, project } = await createAgentProject(running.service);
    accession = (await recordObject(running.service.url, token, project.id)).accession;
    readerToken = (await createOperatorWithToken(running.service.services.db.prisma, "READER")).token;
  });

  afterAll(async () => {
    for (const client of clients) await client.dispose();
  });

  it("refuses an anonymous read over HTTP with 401 UNAUTHENTICATED, and a bad token too", async () => {
    const anonymous = await gql(running.service.url, READ, { r: accession });
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.map((error) => error.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    const badToken = await gql(running.service.url, READ, { r: accession }, "not-a-token");
    expect(badToken.status).toBe(401);
  });

  it("serves the same read to a READER", async () => {
    const response = await gql<{ researchObject: { title: string } }>(
      running.service.url,
      READ,
      { r: accession },
      readerToken,
    );
    expect(response.errors).toBeUndefined();
    expect(response.data?.researchObject.title).toMatch(/^Claim /);
  });

  it("keeps introspection and the federation SDL open", async () => {
    expect((await gql(running.service.url, "{ __schema { queryType { name } } }")).status).toBe(200);
    const sdl = await gql<{ _service: { sdl: string } }>(running.service.url, "{ _service { sdl } }");
    expect(sdl.data?._service.sdl).toContain("type Problem");
  });

  it("refuses anonymous reads and subscriptions over graphql-ws, and serves them with a token", async () => {
    const anonymous = socketClient(running.service.url);
    const reader = socketClient(running.service.url, readerToken);
    clients.push(anonymous, reader);
    const read = { name: "read", payload: { query: READ, variables: { r: accession } } };
    const subscribe = { name: "subscribe", payload: { query: "subscription { researchEvents { sequence } }" } };
    expect((await sendOverSocket(anonymous, read)).codes).toEqual(["UNAUTHENTICATED"]);
    expect((await sendOverSocket(anonymous, subscribe)).codes).toEqual(["UNAUTHENTICATED"]);
    expect((await sendOverSocket(reader, read)).codes).toEqual([]);
    expect((await sendOverSocket(reader, subscribe)).codes).toEqual([]);
  });
});
