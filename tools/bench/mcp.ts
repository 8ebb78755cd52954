// `npm run bench:mcp`: tool-call latency p50/p95 of discover_problems and orient over MCP (streamable
// HTTP at /mcp) next to the same GraphQL operations (discoverProblems, orient) against the same service
// in the same run. Three paths per operation, interleaved call by call so load and caches fall on all
// alike: GraphQL POST /graphql; MCP through the SDK's Client in session mode (what a host does: SSE
// answers on a session); MCP stateless JSON mode (a bare JSON-RPC tools/call POST, no session).
// The GraphQL selections ask for what the tools return, so the difference is the protocol, not the payload.
// Settings: BENCH_ROUNDS (timed rounds, 20), CATALOGUE (demo unless set; `bundled` is the full
// catalogue), DATABASE_URL (unset: a fresh in-memory embedded database).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { readEvalRows } from "../eval/discovery/eval-discovery.js";
import { parseEnv } from "../../src/env.js";
import { percentile } from "../../src/platform/lib/percentile.js";
import { createLogger } from "../../src/logger.js";
import { startService } from "../../src/service.js";
import { DISCOVER } from "../../test/helpers/documents/discovery.js";
import { ORIENT } from "../../test/helpers/documents/orient.js";
import { readCommandLine } from "../../src/cli/command-line.js";

const USAGE = [
  "usage: npm run bench:mcp",
  "  discover_problems and orient latency over MCP next to GraphQL; takes no arguments",
  "  settings from the environment: BENCH_ROUNDS (20), CATALOGUE (demo; bundled is the full catalogue), DATABASE_URL (unset: embedded)",
].join("\n");
readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP_ROUNDS = 2;
/** Discovery texts per round (from the discovery eval set) and orient targets per round. */
const DISCOVERY_TEXTS = 10;

const ORIENT_TARGETS = [
  {
    problemRef: "cp:erdos:90",
    task: "improve the upper bound on unit distances among n points in the plane by an incidence argument",
  },
  {
    problemRef: "cp:erdos:1",
    task: "bound the size of a set with distinct subset sums from below by a second moment method",
  },
  {
    problemRef: "cp:erdos:89",
    task: "lower-bound the number of distinct distances with a polynomial partitioning argument",
  },
];

type Operation = "discover_problems" | "orient";
type Path = "GraphQL" | "MCP session (SDK client)" | "MCP stateless JSON";
const PATHS: Path[] = ["GraphQL", "MCP session (SDK client)", "MCP stateless JSON"];

async function main(): Promise<void> {
  const env = parseEnv({
    CATALOGUE: "demo",
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    WRITE_RATE_LIMIT: "0",
  });
  const started = Date.now();
  const service = await startService(env, {
    dataDir: env.databaseUrl ? undefined : null,
    logger: createLogger("warn"),
  });
  const base = service.server.url.replace(/\/graphql$/, "");
  const client = new Client({ name: "bench-mcp", version: "0.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  await client.listTools();

  const graphql = async (query: string, variables: Record<string, unknown>, field: string) => {
    const response = await fetch(service.server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, { __typename: string }>; errors?: unknown[] };
    if (!response.ok || body.errors || body.data?.[field]?.__typename.endsWith("Error"))
      throw new Error(`${field} failed: ${JSON.stringify(body).slice(0, 300)}`);
  };
  const viaSdk = async (name: Operation, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  };
  let id = 0;
  const stateless = async (name: Operation, args: Record<string, unknown>) => {
    id += 1;
    const response = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }),
    });
    const body = (await response.json()) as { result?: CallToolResult; error?: unknown };
    if (!response.ok || !body.result || body.result.isError)
      throw new Error(`${name} failed: ${JSON.stringify(body).slice(0, 300)}`);
  };
  const calls: Record<Operation, Record<Path, (args: Record<string, unknown>) => Promise<void>>> = {
    discover_problems: {
      GraphQL: (args) => graphql(DISCOVER, args, "discoverProblems"),
      "MCP session (SDK client)": (args) => viaSdk("discover_problems", { ...args, limit: 5 }),
      "MCP stateless JSON": (args) => stateless("discover_problems", { ...args, limit: 5 }),
    },
    orient: {
      GraphQL: (args) => graphql(ORIENT, { input: { problemRef: args.problemRef, problem: args.task } }, "orient"),
      "MCP session (SDK client)": (args) => viaSdk("orient", args),
      "MCP stateless JSON": (args) => stateless("orient", args),
    },
  };

  const texts = readEvalRows()
    .map((row) => row.query)
    .slice(0, DISCOVERY_TEXTS);
  const work: { operation: Operation; args: Record<string, unknown> }[] = [
    ...texts.map((text) => ({ operation: "discover_problems" as const, args: { text } })),
    ...ORIENT_TARGETS.map((target) => ({ operation: "orient" as const, args: { ...target, maxChars: 20_000 } })),
  ];
  const latencies = new Map<string, number[]>();
  try {
    for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round += 1) {
      for (const [index, { operation, args }] of work.entries()) {
        // Rotate which path goes first, so none always meets the warm cache of another.
        for (let offset = 0; offset < PATHS.length; offset += 1) {
          const path = PATHS[(round + index + offset) % PATHS.length]!;
          const began = performance.now();
          await calls[operation][path](args);
          const ms = performance.now() - began;
          if (round < WARMUP_ROUNDS) continue;
          const key = `${operation}\t${path}`;
          latencies.set(key, [...(latencies.get(key) ?? []), ms]);
        }
      }
    }
    const problems = await service.services.db.prisma.problem.count();
    console.log(
      `bench:mcp  database ${service.services.db.kind}, catalogue ${env.catalogue} (${problems} problems), started in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `${ROUNDS} timed rounds after ${WARMUP_ROUNDS} warm-up: ${texts.length} discovery texts and ${ORIENT_TARGETS.length} orient targets a round, each path in turn; one caller at a time, loopback`,
    );
    console.log(
      `${"operation".padEnd(18)} ${"path".padEnd(26)} ${"calls".padStart(6)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}`,
    );
    for (const operation of ["discover_problems", "orient"] as const) {
      const graphqlP50 = percentile(
        [...(latencies.get(`${operation}\tGraphQL`) ?? [])].sort((a, b) => a - b),
        0.5,
      );
      for (const path of PATHS) {
        const sorted = [...(latencies.get(`${operation}\t${path}`) ?? [])].sort((a, b) => a - b);
        const p50 = percentile(sorted, 0.5);
        const ratio = path === "GraphQL" ? "" : `  (p50 ${(p50 / graphqlP50).toFixed(2)}x GraphQL)`;
        console.log(
          `${operation.padEnd(18)} ${path.padEnd(26)} ${String(sorted.length).padStart(6)} ${p50.toFixed(2).padStart(8)} ${percentile(sorted, 0.95).toFixed(2).padStart(8)}${ratio}`,
        );
      }
    }
  } finally {
    await client.close();
    await service.stop();
  }
}

await main();
