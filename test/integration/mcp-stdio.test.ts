// MCP over stdio (`npm run --silent mcp`, i.e. src/cli/mcp.ts as a child process) through the SDK's own
// client, in both of its modes:
// - own: no service answers at RMS_URL, so the child opens the embedded database itself (a fresh data
//   directory); one child with an AGENT token, then a second with a READER token on the same directory,
//   which also shows the first closed the database cleanly when its stdin closed.
// - proxy: a service runs (started here); the child forwards to its /mcp session with RMS_TOKEN.
// Each covers: tool list and schemas, the agent loop (discover -> orient -> negative trace -> orient sees
// it -> record_use), abstention, a typed error, an unauthorised write, and resources/updated after a write.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/platform/db/database.js";
import { FRESHNESS_URI } from "../../src/mcp/resources.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { callError, callOk, connectStdio, nextResourceUpdate, OutputChecker, type StdioChild } from "../helpers/mcp.js";

/** Nothing listens on the discard port of loopback: the probe is refused at once. */
const NO_SERVICE = "http://127.0.0.1:9/";

interface Packet {
  packet: { items: { accession: string }[] };
  impressionId: string;
  envelope: { stableId: string };
}

async function checkToolList(client: Client): Promise<OutputChecker> {
  const { tools } = await client.listTools();
  expect(tools.length).toBe(13);
  for (const entry of tools) {
    expect(entry.inputSchema.type, entry.name).toBe("object");
    expect(entry.outputSchema?.type, entry.name).toBe("object");
  }
  expect(tools.find((entry) => entry.name === "orient")?.inputSchema.required).toEqual(
    expect.arrayContaining(["problemRef", "task"]),
  );
  return new OutputChecker(tools);
}

async function checkAbstentionAndTypedError(client: Client, checker: OutputChecker): Promise<void> {
  const abstained = await callOk<{ outcome: string; abstentionReason: string }>(
    client,
    "discover_problems",
    { text: "which open questions are there about distances between points in the plane?" },
    checker,
  );
  expect([abstained.structured.outcome, abstained.structured.abstentionReason]).toEqual([
    "ABSTAINED",
    "UNDERSPECIFIED_QUERY",
  ]);
  expect((await callError(client, "orient", { problemRef: "erdos-999999", task: "unit distances" })).code).toMatch(
    /NOT_FOUND/,
  );
}

/** discover -> orient -> create_project -> negative trace (with a freshness update) -> orient sees it -> record_use. */
async function runAgentLoop(client: Client, checker: OutputChecker, label: string): Promise<void> {
  const discovered = await callOk<{ outcome: string; candidates: { problem: { stableId: string } }[] }>(
    client,
    "discover_problems",
    { text: "the Erdős discrepancy problem" },
    checker,
  );
  expect(discovered.structured.outcome).toBe("MATCH");
  const stableId = discovered.structured.candidates[0]!.problem.stableId;
  const task = "bound the discrepancy of a ±1 sequence along homogeneous progressions by a second moment argument";
  await callOk<Packet>(client, "orient", { problemRef: stableId, task, maxChars: 4_000 }, checker);
  const project = await callOk<{ project: { id: string } }>(
    client,
    "create_project",
    { problemRef: stableId, name: `Discrepancy (${label})` },
    checker,
  );
  await client.subscribeResource({ uri: FRESHNESS_URI });
  const updated = nextResourceUpdate(client, FRESHNESS_URI);
  const trace = await callOk<{ researchObject: { accession: string } }>(
    client,
    "record_research",
    {
      projectId: project.structured.project.id,
      kind: "NEGATIVE_TRACE",
      title: `Second moment fails (${label})`,
      body: `The second moment along homogeneous progressions stays bounded for completely multiplicative examples (${label}).`,
      evidenceGrade: "ARGUED",
    },
    checker,
  );
  // The write moved the change log past the views' marks: the subscriber hears it.
  expect(await updated).toBe(FRESHNESS_URI);
  const fresh = JSON.parse(
    ((await client.readResource({ uri: FRESHNESS_URI })).contents[0] as { text: string }).text,
  ) as { views: unknown[] };
  expect(fresh.views.length).toBeGreaterThan(0);
  await client.unsubscribeResource({ uri: FRESHNESS_URI });
  const accession = trace.structured.researchObject.accession;
  const second = await callOk<Packet>(
    client,
    "orient",
    { problemRef: stableId, task, projectId: project.structured.project.id },
    checker,
  );
  expect(second.structured.packet.items.map((item) => item.accession)).toContain(accession);
  const used = await callOk<{ usedRecordIds: string[] }>(
    client,
    "record_use",
    { impressionId: second.structured.impressionId, usedRecords: [accession], outcome: "dead end" },
    checker,
  );
  expect(used.structured.usedRecordIds).toHaveLength(1);
  const resource = await client.readResource({ uri: `research://${accession}` });
  expect(JSON.parse((resource.contents[0] as { text: string }).text).accession).toBe(accession);
}

describe("MCP over stdio, owning the embedded database", () => {
  let dataDir: string;
  let agentToken: string;
  let readerToken: string;
  const children: StdioChild[] = [];
  const start = async (token: string) => {
    const child = await connectStdio({
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      CATALOGUE: "demo",
      RMS_URL: NO_SERVICE,
      MCP_MODE: undefined,
      RMS_TOKEN: token,
      NODE_ENV: "test",
    });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "rms-mcp-stdio-"));
    const setup = await openDatabase({ databaseUrl: null, dataDir });
    agentToken = (await createOperator({ prisma: setup.prisma, name: "stdio-agent", role: "AGENT" })).token;
    readerToken = (await createOperator({ prisma: setup.prisma, name: "stdio-reader", role: "READER" })).token;
    await setup.close();
  });

  afterAll(async () => {
    for (const child of children) await child.close().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "says it owns the database, serves the tools and the agent loop, and closes the database when stdin closes",
    { timeout: 180_000 },
    async () => {
      const agent = await start(agentToken);
      const ready = await agent.waitForLog("mcp stdio ready");
      expect([ready.mode, ready.database, ready.operator]).toEqual(["own", "embedded", "stdio-agent"]);
      expect(agent.client.getServerCapabilities()?.resources?.subscribe).toBe(true);
      const checker = await checkToolList(agent.client);
      await checkAbstentionAndTypedError(agent.client, checker);
      await runAgentLoop(agent.client, checker, "own");
      expect(await agent.close()).toBe("stdin closed");
    },
  );

  it("refuses a READER's write (a second process on the same data directory)", { timeout: 180_000 }, async () => {
    const reader = await start(readerToken);
    expect((await reader.waitForLog("mcp stdio ready")).operator).toBe("stdio-reader");
    const forbidden = await callError(reader.client, "create_project", { problemRef: "cp:erdos:90", name: "x" });
    expect(forbidden.code).toBe("FORBIDDEN");
    // The first process's records are there: it committed and closed cleanly.
    const found = await callOk<{ found: boolean }>(reader.client, "get_research_object", { ref: "R1" });
    expect(found.structured.found).toBe(true);
    expect(await reader.close()).toBe("stdin closed");
  });
});

describe("MCP over stdio, proxying to a running service", () => {
  const running = useTestService({ name: "embedded" });
  const children: StdioChild[] = [];
  const start = async (token?: string, env: Record<string, string> = {}) => {
    const child = await connectStdio({
      RMS_URL: running.service.baseUrl,
      RMS_TOKEN: token,
      MCP_MODE: undefined,
      NODE_ENV: "test",
      ...env,
    });
    children.push(child);
    return child;
  };

  afterAll(async () => {
    for (const child of children) await child.close().catch(() => undefined);
  });

  it("says it uses the running service and runs the agent loop through it", { timeout: 120_000 }, async () => {
    const { token } = await createOperatorWithToken(running.service.services.db.prisma, "AGENT");
    const agent = await start(token);
    const ready = await agent.waitForLog("mcp stdio ready");
    expect([ready.mode, ready.service, ready.subscriptions]).toEqual(["proxy", running.service.baseUrl, true]);
    expect(typeof ready.session).toBe("string");
    const checker = await checkToolList(agent.client);
    await checkAbstentionAndTypedError(agent.client, checker);
    await runAgentLoop(agent.client, checker, "proxy");
    expect(await agent.close()).toBe("stdin closed");
  });

  it("answers a message over MAX_BODY_BYTES with an error and keeps serving", { timeout: 120_000 }, async () => {
    const small = await start(undefined, { MAX_BODY_BYTES: "4000" });
    await expect(
      small.client.callTool({ name: "discover_problems", arguments: { text: "unit distances ".repeat(400) } }),
    ).rejects.toThrow(/larger than 4000 bytes/);
    expect((await small.waitForLog("mcp stdio: message over MAX_BODY_BYTES dropped")).maxBytes).toBe(4000);
    const found = await callOk<{ status: string }>(small.client, "resolve_problem", { ref: "erdos-90" });
    expect(found.structured.status).toBe("RESOLVED");
  });

  it("passes the service's refusals through: no token, and a READER token", { timeout: 120_000 }, async () => {
    const anonymous = await start();
    expect((await callError(anonymous.client, "create_project", { problemRef: "cp:erdos:90", name: "x" })).code).toBe(
      "UNAUTHENTICATED",
    );
    const { token } = await createOperatorWithToken(running.service.services.db.prisma, "READER");
    const reader = await start(token);
    expect(
      (
        await callError(reader.client, "record_research", {
          projectId: "p",
          kind: "CLAIM",
          title: "t",
          body: "b",
          evidenceGrade: "ARGUED",
        })
      ).code,
    ).toBe("FORBIDDEN");
  });
});
