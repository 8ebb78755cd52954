// MCP over streamable HTTP at /mcp through the SDK's own client, on both databases: tool schemas, the
// agent loop (discover -> orient -> negative trace -> orient sees it -> record_use), abstention, typed
// and unauthorised errors, resources, and every tool's structuredContent against its outputSchema;
// session mode (Mcp-Session-Id, the GET event stream with resources/updated after a write, sessions
// bound to their caller and bounded in number) beside stateless JSON mode.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { FRESHNESS_URI } from "../../src/mcp/resources.js";
import { callError, callOk, connectHttp, nextResourceUpdate, OutputChecker } from "../helpers/mcp.js";

const ALL_TOOLS = [
  "check_plan",
  "create_project",
  "discover_problems",
  "freshness",
  "get_memory_branch",
  "get_research_object",
  "orient",
  "premise_search",
  "record_research",
  "record_use",
  "relate_research",
  "resolve_problem",
  "supersede_research",
];

interface PacketResult {
  packet: {
    chars: number;
    maxChars: number;
    items: { accession: string; kind: string }[];
    selectedBranches: { id: string }[];
  };
  impressionId: string;
  envelope: { stableId: string; statement: string | null };
}

/** Three clients hold sessions (agent, reader, anonymous); a fourth finds them all taken. */
const MAX_SESSIONS = 3;

const sessionOf = (client: Client) => (client.transport as StreamableHTTPClientTransport).sessionId;

describe.each(testDatabaseTargets())("MCP over streamable HTTP ($name database)", (target) => {
  const running = useTestService(target, { MCP_MAX_SESSIONS: String(MAX_SESSIONS) });
  let agent: Client;
  let reader: Client;
  let anonymous: Client;
  let checker: OutputChecker;

  beforeAll(async () => {
    const prisma = running.service.services.db.prisma;
    agent = await connectHttp(running.service.baseUrl, (await createOperatorWithToken(prisma, "AGENT")).token);
    reader = await connectHttp(running.service.baseUrl, (await createOperatorWithToken(prisma, "READER")).token);
    anonymous = await connectHttp(running.service.baseUrl);
    checker = new OutputChecker((await agent.listTools()).tools);
  });

  afterAll(async () => {
    await Promise.all([agent?.close(), reader?.close(), anonymous?.close()]);
  });

  it("lists every tool with input and output schemas and annotations", async () => {
    const { tools } = await anonymous.listTools();
    expect(tools.map((entry) => entry.name).sort()).toEqual(ALL_TOOLS);
    for (const entry of tools) {
      expect(entry.inputSchema.type, entry.name).toBe("object");
      expect(entry.outputSchema?.type, entry.name).toBe("object");
      expect(typeof entry.annotations?.readOnlyHint, entry.name).toBe("boolean");
      expect(typeof entry.annotations?.idempotentHint, entry.name).toBe("boolean");
      expect(typeof entry.annotations?.destructiveHint, entry.name).toBe("boolean");
      expect(entry.annotations?.openWorldHint, entry.name).toBe(false);
    }
    expect(tools.find((entry) => entry.name === "orient")?.inputSchema.required).toEqual(
      expect.arrayContaining(["problemRef", "task"]),
    );
  });

  it("resolves an exact identifier and says NOT_FOUND without searching", async () => {
    const found = await callOk<{ status: string; problem: { stableId: string } }>(
      anonymous,
      "resolve_problem",
      { ref: "erdos-90" },
      checker,
    );
    expect([found.structured.status, found.structured.problem.stableId]).toEqual(["RESOLVED", "cp:erdos:90"]);
    const missing = await callOk<{ status: string; hint: string }>(
      anonymous,
      "resolve_problem",
      { ref: "erdos-999999" },
      checker,
    );
    expect(missing.structured.status).toBe("NOT_FOUND");
    expect(missing.text).toContain("discover_problems");
  });

  it("abstains as a first-class answer, with the rule and its explanation", async () => {
    const { structured, text } = await callOk<{
      outcome: string;
      abstained: boolean;
      abstentionReason: string;
      decision: { rule: string; explanation: string };
    }>(
      anonymous,
      "discover_problems",
      { text: "which open questions are there about distances between points in the plane?" },
      checker,
    );
    expect([structured.outcome, structured.abstained, structured.abstentionReason, structured.decision.rule]).toEqual([
      "ABSTAINED",
      true,
      "UNDERSPECIFIED_QUERY",
      "REQUEST_FOR_SEVERAL",
    ]);
    expect(structured.decision.explanation.length).toBeGreaterThan(0);
    expect(text).toMatch(/^ABSTAINED \(UNDERSPECIFIED_QUERY\)/);
  });

  it("runs the agent loop: discover, orient, record a negative trace, orient again sees it, record_use", async () => {
    const discovered = await callOk<{ outcome: string; candidates: { problem: { stableId: string } }[] }>(
      agent,
      "discover_problems",
      { text: "the Erdős discrepancy problem" },
      checker,
    );
    expect(discovered.structured.outcome).toBe("MATCH");
    const stableId = discovered.structured.candidates[0]!.problem.stableId;
    const task = "bound the discrepancy of a ±1 sequence along homogeneous progressions by a second moment argument";
    const first = await callOk<PacketResult>(agent, "orient", { problemRef: stableId, task, maxChars: 4_000 }, checker);
    expect(first.structured.envelope.stableId).toBe(stableId);
    expect(first.structured.packet.chars).toBeLessThanOrEqual(4_000);
    const project = await callOk<{ project: { id: string }; idempotencyKeyGenerated: boolean }>(
      agent,
      "create_project",
      { problemRef: stableId, name: "Discrepancy via second moment" },
      checker,
    );
    expect(project.structured.idempotencyKeyGenerated).toBe(true);
    const traceInput = {
      projectId: project.structured.project.id,
      kind: "NEGATIVE_TRACE",
      title: "Second moment along homogeneous progressions fails",
      body: "The second moment of the discrepancy along homogeneous progressions stays bounded for completely multiplicative examples, so it cannot force unbounded discrepancy.",
      evidenceGrade: "ARGUED",
    };
    const trace = await callOk<{
      researchObject: { accession: string };
      idempotencyKeyGenerated: boolean;
      replayed: boolean;
      idempotencyKey: string;
    }>(agent, "record_research", traceInput, checker);
    expect([trace.structured.idempotencyKeyGenerated, trace.structured.replayed]).toEqual([true, false]);
    expect(trace.text).toContain("idempotency key derived from the content");
    const retried = await callOk<{ researchObject: { accession: string }; replayed: boolean; idempotencyKey: string }>(
      agent,
      "record_research",
      traceInput,
      checker,
    );
    expect([
      retried.structured.replayed,
      retried.structured.researchObject.accession,
      retried.structured.idempotencyKey,
    ]).toEqual([true, trace.structured.researchObject.accession, trace.structured.idempotencyKey]);
    const second = await callOk<PacketResult>(
      agent,
      "orient",
      { problemRef: stableId, task, projectId: project.structured.project.id },
      checker,
    );
    const accession = trace.structured.researchObject.accession;
    expect(second.structured.packet.items.map((item) => item.accession)).toContain(accession);
    const used = await callOk<{ usedRecordIds: string[]; notShown: string[] }>(
      agent,
      "record_use",
      { impressionId: second.structured.impressionId, usedRecords: [accession], outcome: "dead end" },
      checker,
    );
    expect([used.structured.usedRecordIds.length, used.structured.notShown]).toEqual([1, []]);
    const plan = await callOk<{ bearings: { accession: string }[] }>(
      agent,
      "check_plan",
      { problemRef: stableId, plan: `Use a second moment argument along homogeneous progressions. ${task}` },
      checker,
    );
    expect(plan.structured.bearings.map((entry) => entry.accession)).toContain(accession);
    const read = await callOk<{ found: boolean; researchObject: { body: string } }>(
      agent,
      "get_research_object",
      { ref: accession },
      checker,
    );
    expect(read.structured.researchObject.body).toBe(traceInput.body);
    const resource = await agent.readResource({ uri: `research://${accession}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).accession).toBe(accession);
    const problem = await agent.readResource({ uri: `problem://${encodeURIComponent(stableId)}` });
    expect(JSON.parse((problem.contents[0] as { text: string }).text).stableId).toBe(stableId);
    // The remaining writes, for the schema check below.
    const claim = await callOk<{ researchObject: { accession: string } }>(
      agent,
      "record_research",
      { ...traceInput, kind: "CLAIM", title: "Corrected claim", body: "A corrected statement of the bound." },
      checker,
    );
    await callOk(
      agent,
      "relate_research",
      { from: claim.structured.researchObject.accession, to: accession, type: "DISAGREES_WITH" },
      checker,
    );
    await callOk(
      agent,
      "supersede_research",
      { target: accession, supersededBy: claim.structured.researchObject.accession, reason: "corrected" },
      checker,
    );
    const branchId = second.structured.packet.selectedBranches[0]?.id;
    if (branchId) await callOk(agent, "get_memory_branch", { id: branchId, first: 1 }, checker);
  });

  it("returns typed domain errors as tool errors with their code", async () => {
    const badBudget = await callError(agent, "orient", {
      problemRef: "cp:erdos:90",
      task: "unit distances",
      maxChars: 10,
    });
    expect(badBudget.code).toMatch(/INVALID|BUDGET/);
    const unknown = await callError(agent, "orient", { problemRef: "erdos-999999", task: "unit distances" });
    expect(unknown.code).toMatch(/NOT_FOUND/);
  });

  it("refuses writes without a token and below the AGENT role", async () => {
    expect((await callError(anonymous, "create_project", { problemRef: "cp:erdos:90", name: "x" })).code).toBe(
      "UNAUTHENTICATED",
    );
    const forbidden = await callError(reader, "create_project", { problemRef: "cp:erdos:90", name: "x" });
    expect(forbidden.code).toBe("FORBIDDEN");
  });

  it("answers freshness and premise_search within their schemas, and every tool was schema-checked", async () => {
    const fresh = await callOk<{ views: unknown[] }>(anonymous, "freshness", {}, checker);
    expect(fresh.structured.views.length).toBeGreaterThan(0);
    const premises = await anonymous.callTool({ name: "premise_search", arguments: { text: "Finset.sum le" } });
    if (!premises.isError) checker.check("premise_search", premises.structuredContent);
    else expect((premises._meta?.["rms/error"] as { code: string }).code).toBe("PREMISE_INDEX_UNAVAILABLE");
    const unchecked = ALL_TOOLS.filter(
      (name) => !checker.checked.has(name) && name !== "premise_search" && name !== "get_memory_branch",
    );
    expect(unchecked).toEqual([]);
  });

  it("runs sessions: an event stream that hears resources/updated after a write, bound to the caller that opened it", async () => {
    const sessionId = sessionOf(agent);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(agent.getServerCapabilities()?.resources?.subscribe).toBe(true);
    await agent.subscribeResource({ uri: FRESHNESS_URI });
    const updated = nextResourceUpdate(agent, FRESHNESS_URI);
    const project = await callOk<{ project: { id: string } }>(
      agent,
      "create_project",
      { problemRef: "cp:erdos:90", name: "Session notifications" },
      checker,
    );
    const trace = await callOk<{ researchObject: { accession: string } }>(
      agent,
      "record_research",
      {
        projectId: project.structured.project.id,
        kind: "NEGATIVE_TRACE",
        title: "A lattice count does not reach n^{4/3}",
        body: "Counting unit distances on a square lattice gives n^{1+c/log log n}, short of any power improvement.",
        evidenceGrade: "ARGUED",
      },
      checker,
    );
    expect(await updated).toBe(FRESHNESS_URI);
    await agent.unsubscribeResource({ uri: FRESHNESS_URI });
    // A record's subscriber hears of a relation that names it (and not of unrelated writes before it).
    const recordUri = `research://${trace.structured.researchObject.accession}`;
    await agent.subscribeResource({ uri: recordUri });
    const touched = nextResourceUpdate(agent, recordUri);
    const claim = await callOk<{ researchObject: { accession: string } }>(
      agent,
      "record_research",
      {
        projectId: project.structured.project.id,
        kind: "CLAIM",
        title: "Lattice sections do better",
        body: "Sections of a higher-dimensional lattice reach the same exponent with a better constant.",
        evidenceGrade: "ARGUED",
      },
      checker,
    );
    await callOk(
      agent,
      "relate_research",
      {
        from: claim.structured.researchObject.accession,
        to: trace.structured.researchObject.accession,
        type: "DISAGREES_WITH",
      },
      checker,
    );
    expect(await touched).toBe(recordUri);
    await agent.unsubscribeResource({ uri: recordUri });

    const post = (headers: Record<string, string>) =>
      fetch(`${running.service.baseUrl}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-06-18",
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
    // Another caller cannot use the session, and an unknown session is gone (the client must initialize again).
    expect((await post({ "mcp-session-id": sessionId! })).status).toBe(403);
    expect((await post({ "mcp-session-id": "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await fetch(`${running.service.baseUrl}/mcp`, { headers: { accept: "text/event-stream" } })).status).toBe(
      405,
    );
  });

  it("answers statelessly (JSON, no session, no subscriptions) once every session is taken", async () => {
    expect([sessionOf(reader), sessionOf(anonymous)].every((id) => typeof id === "string")).toBe(true);
    expect(running.service.server.mcpSessions).toBe(MAX_SESSIONS);
    const extra = await connectHttp(running.service.baseUrl);
    try {
      expect(sessionOf(extra)).toBeUndefined();
      expect(extra.getServerCapabilities()?.resources?.subscribe).toBeUndefined();
      const found = await callOk<{ status: string }>(extra, "resolve_problem", { ref: "erdos-90" }, checker);
      expect(found.structured.status).toBe("RESOLVED");
    } finally {
      await extra.close();
    }
    // A session its client ends (DELETE) frees its place.
    await (anonymous.transport as StreamableHTTPClientTransport).terminateSession();
    expect(running.service.server.mcpSessions).toBe(MAX_SESSIONS - 1);
  });
});
