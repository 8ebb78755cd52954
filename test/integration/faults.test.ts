// Faults that used to take the service down or hide an acknowledged write: a federation batch with a
// bad representation, a failed change notice after commit, a database outage, subscription floods and
// sockets that close while subscribed.
import { type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.js";
import { startService, type RunningService } from "../../src/service.js";
import {
  createServerDatabase,
  testDatabaseTargets,
  useTestService,
  type ServerDatabase,
  testServiceEnv,
} from "../helpers/databases.js";
import { gql } from "../helpers/graphql.js";
import { sendOverSocket, socketClient } from "../helpers/hostile-client.js";
import { createAgentProject } from "../factories/projects.js";
import { buildResearchInput } from "../factories/research.js";
import { CREATE_PROJECT, RECORD_RESEARCH } from "../helpers/documents/research.js";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** Starts a subscription and resolves with its first error codes, or [] once it has run for `settleMs`. */
function subscriptionOutcome(
  client: Client,
  query: string,
  settleMs = 300,
): Promise<{ codes: string[]; stop: () => void }> {
  return new Promise((resolve) => {
    let settled = false;
    const stop = client.subscribe(
      { query },
      {
        next: () => undefined,
        error: (error) => {
          if (settled) return;
          settled = true;
          const codes = Array.isArray(error)
            ? error.map((entry) => String(entry.extensions?.code))
            : [`closed ${(error as { code?: number }).code}`];
          resolve({ codes, stop });
        },
        complete: () => undefined,
      },
    );
    setTimeout(() => {
      if (settled) return;
      settled = true;
      resolve({ codes: [], stop });
    }, settleMs);
  });
}

async function metric(baseUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const line = text.split("\n").find((entry) => entry.startsWith(`${name} `));
  return Number(line?.split(" ")[1] ?? NaN);
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe.each(testDatabaseTargets())("faults ($name database)", (target) => {
  const running = useTestService(target, { MAX_SUBSCRIPTIONS_PER_SOCKET: "3", MAX_SUBSCRIPTIONS_PER_OPERATOR: "5" });
  const clients: Client[] = [];
  const client = (token?: string) => {
    const created = socketClient(running.service.url, token);
    clients.push(created);
    return created;
  };

  afterAll(async () => {
    for (const created of clients) await created.dispose();
  });

  it("resolves each _entities representation on its own and stays up", async () => {
    const response = await gql<{ _entities: ({ __typename: string } | null)[] }>(
      running.service.url,
      "query($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Problem { stableId } } }",
      {
        r: [
          { __typename: "Problem", id: b64("Problem:nope-nope") },
          { __typename: "Problem", id: "garbage" },
        ],
      },
    );
    expect(response.status).toBe(200);
    expect(response.data?._entities).toEqual([null, null]);
    expect(response.errors?.map((error) => error.extensions?.code)).toEqual(["INVALID_ID", "INVALID_ID"]);
    expect((await fetch(`${running.service.baseUrl}/health`)).status).toBe(200);
  });

  it("answers committed writes although their change notice failed", async () => {
    const { token, project } = await createAgentProject(running.service);
    const notifier = running.service.services.notifier;
    const pool = running.service.services.db.pool;
    const originalQuery = pool.query.bind(pool);
    // On a server most writes send their notice by pg_notify through the pool after the commit; on
    // either database a listener may throw. (recordResearch's own statement notifies in its transaction.)
    pool.query = ((...args: Parameters<typeof pool.query>) =>
      String(args[0]).startsWith("SELECT pg_notify")
        ? Promise.reject(new Error("Connection terminated unexpectedly"))
        : originalQuery(...args)) as typeof pool.query;
    const unsubscribe = notifier.subscribe(() => {
      throw new Error("a listener that fails");
    });
    try {
      const response = await gql<{ recordResearch: { __typename: string; researchObject?: { accession: string } } }>(
        running.service.url,
        RECORD_RESEARCH,
        { input: buildResearchInput(project.id) },
        token,
      );
      expect(response.errors).toBeUndefined();
      expect(response.data?.recordResearch.__typename).toBe("ResearchObjectPayload");
      expect(response.data?.recordResearch.researchObject?.accession).toMatch(/^R\d+$/);
      const created = await gql<{ createProject: { __typename: string } }>(
        running.service.url,
        CREATE_PROJECT,
        { input: { problemRef: "cp:erdos:1", name: "Notice fault", idempotencyKey: "notice-fault-project" } },
        token,
      );
      expect(created.errors).toBeUndefined();
      expect(created.data?.createProject.__typename).toBe("CreateProjectPayload");
    } finally {
      pool.query = originalQuery as typeof pool.query;
      unsubscribe();
    }
  });

  it("keeps answering after a query fails on the pool (its connection is replaced)", async () => {
    const { token, project } = await createAgentProject(running.service);
    const pool = running.service.services.db.pool;
    const write = () =>
      gql<{ recordResearch: { __typename: string } }>(
        running.service.url,
        RECORD_RESEARCH,
        { input: buildResearchInput(project.id) },
        token,
      );
    // Prepared statements on the connection: the token check and the write.
    expect((await write()).data?.recordResearch.__typename).toBe("ResearchObjectPayload");
    // pg-pool drops a connection whose query failed; on the embedded database the next one is the same
    // session, which still held the old connection's prepared statements.
    await expect(pool.query("SELECT 1 / 0")).rejects.toThrow(/division by zero/);
    const after = await write();
    expect(after.errors).toBeUndefined();
    expect(after.data?.recordResearch.__typename).toBe("ResearchObjectPayload");
  });

  it("limits subscriptions per socket and per client, with a code, and frees a slot when one completes", async () => {
    const query = "subscription { researchEvents { sequence } }";
    const first = client();
    const started = [];
    for (let index = 0; index < 3; index += 1) started.push(await subscriptionOutcome(first, query));
    expect(started.map((outcome) => outcome.codes)).toEqual([[], [], []]);
    expect((await subscriptionOutcome(first, query)).codes).toEqual(["SUBSCRIPTION_LIMIT"]);
    // The same anonymous client (same address) on a second socket: 2 more reach the per-client limit of 5.
    const second = client();
    expect((await subscriptionOutcome(second, query)).codes).toEqual([]);
    expect((await subscriptionOutcome(second, query)).codes).toEqual([]);
    expect((await subscriptionOutcome(second, query)).codes).toEqual(["SUBSCRIPTION_LIMIT"]);
    started[0]!.stop();
    expect(await eventually(async () => (await subscriptionOutcome(second, query)).codes.length === 0)).toBe(true);
    for (const outcome of started) outcome.stop();
  });

  it("counts sockets and subscriptions down when sockets close with subscriptions running", async () => {
    for (const earlier of clients.splice(0)) await earlier.dispose();
    expect(
      await eventually(async () => (await metric(running.service.baseUrl, "websocket_connections_active")) === 0),
    ).toBe(true);
    const baseline = 0;
    // Its own operator, so the anonymous per-client limit of the test before does not apply.
    const { token } = await createAgentProject(running.service);
    const sockets = [client(token), client(token)];
    for (const socket of sockets) await subscriptionOutcome(socket, "subscription { projectionFreshness { view } }");
    expect(await metric(running.service.baseUrl, "websocket_connections_active")).toBe(baseline + 2);
    for (const socket of sockets) await socket.dispose();
    expect(
      await eventually(
        async () => (await metric(running.service.baseUrl, "websocket_connections_active")) === baseline,
      ),
    ).toBe(true);
    expect(
      await eventually(async () => (await metric(running.service.baseUrl, "graphql_subscriptions_active")) === 0),
    ).toBe(true);
  });

  it("refuses a socket whose token is not valid, at connection time", async () => {
    const refused = client("not-a-real-token");
    expect((await subscriptionOutcome(refused, "subscription { researchEvents { sequence } }")).codes).toEqual([
      "closed 4403",
    ]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "a database outage (PostgreSQL server behind a proxy that is cut)",
  () => {
    let database: ServerDatabase;
    let proxy: TcpProxy;
    let service: RunningService;
    let url: string;

    beforeAll(async () => {
      database = await createServerDatabase(process.env.TEST_DATABASE_URL!);
      const direct = new URL(database.url);
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      direct.port = String(proxy.port);
      const env = testServiceEnv({ DATABASE_URL: direct.toString() });
      service = await startService(env, { dataDir: null, logger: createLogger("silent") });
      url = service.server.url;
    });

    afterAll(async () => {
      await proxy?.restore().catch(() => undefined);
      await service?.stop();
      await proxy?.close();
      await database?.drop();
    });

    it("answers reads and writes with SERVICE_UNAVAILABLE, 503 and Retry-After while away, and serves again after", async () => {
      const { token, project } = await createAgentProject({ ...service, url, baseUrl: url.replace(/\/graphql$/, "") });
      await proxy.cut();
      // A read the database must answer: exact identity (`problem(ref)`) may come from the in-memory index.
      const read = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ problems(first: 1) { edges { node { stableId } } } }" }),
      });
      expect(read.status).toBe(503);
      expect(read.headers.get("retry-after")).toBe("2");
      expect(((await read.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe(
        "SERVICE_UNAVAILABLE",
      );
      const write = await gql(url, RECORD_RESEARCH, { input: buildResearchInput(project.id) }, token);
      expect(write.status).toBe(503);
      expect(write.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");
      const socket = socketClient(url);
      try {
        expect(
          (
            await subscriptionOutcome(
              socket,
              'subscription { researchEvents(problemRef: "erdos-1") { sequence } }',
              3_000,
            )
          ).codes,
        ).toEqual(["SERVICE_UNAVAILABLE"]);
        const query = await sendOverSocket(socket, {
          name: "read over a socket",
          payload: { query: "{ problems(first: 1) { edges { node { stableId } } } }" },
        });
        expect(query.codes).toEqual(["SERVICE_UNAVAILABLE"]);
      } finally {
        await socket.dispose();
      }
      await proxy.restore();
      expect(
        await eventually(
          async () => (await gql(url, "{ problems(first: 1) { edges { node { stableId } } } }")).status === 200,
          10_000,
        ),
      ).toBe(true);
    });
  },
);
