// Operability: JSON request logs with request and operator ids (never tokens), Apollo's own messages
// in the same JSON lines, and /metrics in Prometheus format with latency, pool, the group commit, lag and subscriptions.
import { createClient } from "graphql-ws";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DERIVED_VIEWS } from "../../src/projections/freshness.js";
import { memoryLogger, testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createAgentProject } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";

describe.each(testDatabaseTargets())("logs and metrics ($name database)", (target) => {
  const log = memoryLogger();
  const running = useTestService(target, {}, { logger: log.logger });
  const entries = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const metrics = async () => (await fetch(`${running.service.baseUrl}/metrics`)).text();

  it("counts the research writes' group-commit statements and the writes they carried", async () => {
    const totals = async () => {
      const text = await metrics();
      const total = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, "m").exec(text)?.[1] ?? NaN);
      return { statements: total("research_write_statements_total"), writes: total("research_write_batched_total") };
    };
    const { token, project } = await createAgentProject(running.service);
    const before = await totals();
    await Promise.all([1, 2, 3].map(() => recordObject(running.service.url, token, project.id)));
    const after = await totals();
    expect(after.writes - before.writes).toBe(3);
    expect(after.statements - before.statements).toBeGreaterThanOrEqual(1);
    expect(after.statements - before.statements).toBeLessThanOrEqual(3);
  });

  it("logs one JSON line per request with its request id and operator id, never the token", async () => {
    const { operator, token } = await createOperatorWithToken(running.service.services.db.prisma, "AGENT");
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${token}`,
        "x-request-id": "trace-abc.123",
      },
      body: JSON.stringify({ query: "query WhoAsks { __typename }" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("trace-abc.123");
    expect(entries()).toContainEqual(
      expect.objectContaining({
        message: "http request",
        requestId: "trace-abc.123",
        operatorId: operator.id,
        operationName: "WhoAsks",
        operationType: "query",
        status: 200,
      }),
    );
    expect(log.lines.join("\n")).not.toContain(token);
  });

  it("gives a request without an id a fresh one", async () => {
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("routes Apollo Server's own messages through the JSON logger", () => {
    expect(entries()).toContainEqual(
      expect.objectContaining({ component: "apollo", message: expect.stringMatching(/inline tracing/) }),
    );
  });

  it("serves Prometheus metrics: latency per operation, pool, projection lag per view, subscriptions", async () => {
    await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "query MetricProbe { __typename }" }),
    });
    const client = createClient({
      url: running.service.url.replace(/^http/, "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const subscribed = new Promise<void>((resolve) => client.on("connected", () => resolve()));
    const dispose = client.subscribe(
      { query: "subscription { researchEvents { sequence } }" },
      { next: () => undefined, error: () => undefined, complete: () => undefined },
    );
    try {
      await subscribed;
      await expect
        .poll(async () => /^graphql_subscriptions_active 1$/m.test(await metrics()), { timeout: 5_000 })
        .toBe(true);
      const text = await metrics();
      const response = await fetch(`${running.service.baseUrl}/metrics`);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(text).toMatch(
        /^graphql_operation_duration_seconds_count\{operation_name="MetricProbe",operation_type="query",outcome="ok"\} 1$/m,
      );
      expect(text).toMatch(/^graphql_operation_duration_seconds_bucket\{le="0\.1",operation_name="MetricProbe"/m);
      expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
      expect(text).toMatch(/^research_write_statements_total \d+$/m);
      expect(text).toMatch(/^research_write_batched_total \d+$/m);
      for (const { view } of DERIVED_VIEWS) {
        expect(text).toMatch(new RegExp(`^projection_lag_events\\{view="${view}"\\} \\d+$`, "m"));
      }
      expect(text).toMatch(/^projection_head_sequence \d+$/m);
      expect(text).toMatch(/^websocket_connections_active 1$/m);
      expect(text).toMatch(/^process_cpu_seconds_total /m);
    } finally {
      dispose();
      await client.dispose();
    }
    await expect
      .poll(async () => /^graphql_subscriptions_active 0$/m.test(await metrics()), { timeout: 5_000 })
      .toBe(true);
  });
});
