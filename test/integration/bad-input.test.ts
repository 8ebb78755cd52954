// Hundreds of malformed and hostile operations over HTTP and graphql-ws: each must come back as a typed
// client error (or data) within a second, never a 5xx, an INTERNAL_SERVER_ERROR or a dead process.
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import {
  faultOf,
  sendBody,
  sendOverHttp,
  sendOverSocket,
  socketClient,
  type Answer,
} from "../helpers/hostile-client.js";
import {
  deepMetadataMessage,
  hostileBodies,
  hostileOperations,
  type HostileContext,
} from "../helpers/hostile-operations.js";
import WebSocket from "ws";
import { createAgentProject } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";

/** Generous for a loaded CI machine; what is measured is that nothing hangs or takes seconds. */
const ANSWER_BUDGET_MS = 1_000;

function describeFaults(answers: Answer[]): string[] {
  return answers.flatMap((answer) => {
    const fault = faultOf(answer) ?? (answer.ms > ANSWER_BUDGET_MS ? `took ${Math.round(answer.ms)} ms` : null);
    return fault
      ? [
          `${answer.transport} ${answer.name}: ${fault} (codes ${answer.codes.join(",") || "none"}, HTTP ${answer.status})`,
        ]
      : [];
  });
}

describe.each(testDatabaseTargets())("hostile input ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let context: HostileContext;
  let anonymous: Client;
  let operator: Client;

  beforeAll(async () => {
    const agent = await createAgentProject(running.service);
    token = agent.token;
    const object = await recordObject(running.service.url, token, agent.project.id);
    context = { projectId: agent.project.id, researchRef: object.accession };
    anonymous = socketClient(running.service.url);
    operator = socketClient(running.service.url, token);
  });

  afterAll(async () => {
    await anonymous?.dispose();
    await operator?.dispose();
  });

  async function health(): Promise<number> {
    return (await fetch(`${running.service.baseUrl}/health`)).status;
  }

  it("answers every hostile operation over HTTP with a typed error or data, quickly", async () => {
    const operations = hostileOperations(context);
    const answers: Answer[] = [];
    for (const operation of operations) answers.push(await sendOverHttp(running.service.url, operation, token));
    expect(operations.length).toBeGreaterThanOrEqual(150);
    expect(describeFaults(answers)).toEqual([]);
    expect(await health()).toBe(200);
  });

  it("answers every malformed HTTP body with a 4xx", async () => {
    const answers: Answer[] = [];
    for (const body of hostileBodies(context)) answers.push(await sendBody(running.service.url, body, token));
    expect(describeFaults(answers)).toEqual([]);
    expect(answers.every((answer) => answer.status >= 400 && answer.status < 500)).toBe(true);
    expect(await health()).toBe(200);
  });

  it("answers every hostile operation over graphql-ws with a typed error or data, quickly", async () => {
    const answers: Answer[] = [];
    for (const operation of hostileOperations(context))
      answers.push(await sendOverSocket(operation.authenticated ? operator : anonymous, operation));
    expect(describeFaults(answers)).toEqual([]);
    expect(await health()).toBe(200);
  });

  it("gives the errors of a subscription that cannot start their codes over graphql-ws", async () => {
    const cases: [string, string][] = [
      ['subscription { researchEvents(problemRef: "erdos-99999") { sequence } }', "NOT_FOUND"],
      ['subscription { researchEvents(projectId: "not a project id") { sequence } }', "INVALID_ID"],
      ['subscription { projectionFreshness(views: ["nope"]) { view } }', "INVALID_INPUT"],
      ["subscription($a: BigInt) { researchEvents(afterSequence: $a) { sequence } }", "BAD_USER_INPUT"],
    ];
    for (const [query, code] of cases) {
      const answer = await sendOverSocket(anonymous, { name: query, payload: { query, variables: { a: "abc" } } });
      expect(answer.codes, query).toEqual([code]);
    }
  });

  /** A raw graphql-transport-ws session: what no well-behaved client library would send. */
  async function rawSocket(
    messages: string[],
  ): Promise<{ replies: Record<string, unknown>[]; closeCode: number | null }> {
    const socket = new WebSocket(running.service.url.replace(/^http/, "ws"), "graphql-transport-ws");
    const replies: Record<string, unknown>[] = [];
    let closeCode: number | null = null;
    await new Promise<void>((resolve, reject) => {
      socket.on("error", reject);
      socket.on("open", () =>
        socket.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } })),
      );
      socket.on("message", (data) => {
        const reply = JSON.parse(String(data)) as Record<string, unknown>;
        if (reply.type === "connection_ack") for (const message of messages) socket.send(message);
        else replies.push(reply);
        if (reply.type === "error" || reply.type === "complete") resolve();
      });
      socket.on("close", (code) => {
        closeCode = code;
        resolve();
      });
    });
    socket.close();
    return { replies, closeCode };
  }

  it("refuses metadata nested 50,000 deep over a raw socket with BAD_USER_INPUT", async () => {
    const message = `{"id":"deep","type":"subscribe","payload":${deepMetadataMessage(context, 50_000)}}`;
    const { replies } = await rawSocket([message]);
    expect(replies[0]).toMatchObject({ id: "deep", type: "error" });
    expect((replies[0]!.payload as { extensions: { code: string } }[])[0]!.extensions.code).toBe("BAD_USER_INPUT");
    expect(await health()).toBe(200);
  });

  it("closes a socket whose message is larger than MAX_BODY_BYTES (1009), and stays up", async () => {
    const big = JSON.stringify({
      id: "big",
      type: "subscribe",
      payload: {
        query: "{ __typename }",
        variables: { x: "x".repeat(running.service.services.env.limits.maxBodyBytes) },
      },
    });
    const { closeCode } = await rawSocket([big]);
    expect(closeCode).toBe(1009);
    expect(await health()).toBe(200);
  });

  it("refuses a subscription sent by HTTP POST with a 4xx and a code", async () => {
    const answer = await sendOverHttp(running.service.url, {
      name: "subscription by POST",
      payload: { query: "subscription { researchEvents { sequence } }" },
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.codes).toHaveLength(1);
    expect(faultOf(answer)).toBeNull();
  });
});
