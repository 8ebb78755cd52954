// `npm run --silent mcp`: the MCP server over stdio, for agent hosts that start a local process. Same
// configuration (PORT, DATABASE_URL, DATA_DIR, CATALOGUE...) and database as `npm start`; the operator
// token comes from RMS_TOKEN (sent as Authorization: Bearer, or checked against the database).
//
// The embedded database admits one process, so the command first looks for a running service (RMS_URL,
// default http://localhost:PORT/, probed at /health):
// - a service answers: proxy mode. An SDK client opens a session on its /mcp and this stdio server
//   re-exposes its tools and resources, forwarding resource updates; the service keeps the database.
// - none answers: own mode. The command opens the database itself (openServices: catalogue on an empty
//   database, projection worker, challenge-period sweeps) and serves the same tools in process.
// MCP_MODE=proxy or MCP_MODE=own forces one. stdout carries the protocol only: logs (JSON lines,
// including the mode chosen) go to stderr. stdin closing, SIGINT or SIGTERM end it, database closed cleanly.
import { Transform } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  EmptyResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  LoggingMessageNotificationSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  ToolListChangedNotificationSchema,
  UnsubscribeRequestSchema,
  type ServerCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import { parseEnv, type Env } from "../env.js";
import { createWriteRateLimit } from "../graphql/rate-limit.js";
import { createInFlightWrites } from "../http/in-flight.js";
import { createLogger, type Logger } from "../logger.js";
import { createMcpServer, MCP_SERVER_NAME } from "../mcp/server.js";
import type { McpCaller } from "../mcp/tool-kit.js";
import { openServices, type OpenServices } from "../service.js";
import { readCommandLine } from "./command-line.js";
import { runCommand, UsageError } from "./run-command.js";

const PROBE_TIMEOUT_MS = 2_000;

/** The JSON-RPC id of a message too large to parse, from its first and last bytes (top-level id first or last). */
function idOf(head: string, tail: string): string | number | null {
  const value = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
  const last = new RegExp(String.raw`"id"\s*:\s*${value}\s*\}\s*$`).exec(tail);
  const first = new RegExp(String.raw`^\s*\{(?:\s*"(?:jsonrpc|method)"\s*:\s*"[^"]*"\s*,)*\s*"id"\s*:\s*${value}`).exec(
    head,
  );
  const raw = last?.[1] ?? first?.[1];
  return raw === undefined ? null : (JSON.parse(raw) as string | number);
}

/**
 * stdin with the service's body limit (MAX_BODY_BYTES) applied per message: a line longer than the
 * limit is dropped unread and answered with a JSON-RPC error (its id read from the line's ends), as
 * /mcp answers 413, so no message can grow this process's memory without bound.
 */
function limitedStdin(maxBytes: number, logger: Logger): Transform {
  const KEEP = 256;
  let line: Buffer[] = [];
  let length = 0;
  let dropping = false;
  let head = "";
  let tail = "";
  const refuse = () => {
    const id = idOf(head, tail);
    logger.warn("mcp stdio: message over MAX_BODY_BYTES dropped", { maxBytes, id });
    process.stdout.write(
      `${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32600, message: `Request body larger than ${maxBytes} bytes` } })}\n`,
    );
  };
  const startDropping = (kept: Buffer) => {
    dropping = true;
    head = kept.subarray(0, KEEP).toString();
    tail = kept.subarray(-KEEP).toString();
    line = [];
    length = 0;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
        const piece = chunk.subarray(start, newline);
        if (dropping) tail = (tail + piece.toString()).slice(-KEEP);
        else if (length + piece.length > maxBytes) startDropping(Buffer.concat([...line, piece]));
        if (dropping) {
          refuse();
        } else {
          this.push(Buffer.concat([...line, piece, Buffer.from("\n")]));
        }
        line = [];
        length = 0;
        dropping = false;
        start = newline + 1;
      }
      const rest = chunk.subarray(start);
      if (dropping) tail = (tail + rest.toString()).slice(-KEEP);
      else if (length + rest.length > maxBytes) startDropping(Buffer.concat([...line, rest]));
      else if (rest.length > 0) {
        line.push(rest);
        length += rest.length;
      }
      done();
    },
  });
  process.stdin.pipe(stream);
  return stream;
}

const MODES = ["auto", "proxy", "own"] as const;
type Mode = (typeof MODES)[number];

interface Running {
  stop(): Promise<void>;
}

/** The service's root from RMS_URL (a root, a /graphql or a /mcp URL all work), default localhost on PORT. */
function serviceRoot(raw: string | undefined, env: Env): string {
  const url = new URL(raw?.trim() || `http://localhost:${env.port}/`);
  url.pathname = url.pathname.replace(/\/(graphql|mcp|health)\/?$/, "/").replace(/\/+$/, "");
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/$/, "");
}

/** Whether a service answers /health at `root` (any status: a 503 service still holds the database). */
async function serviceAnswers(root: string): Promise<{ answers: boolean; detail: string }> {
  try {
    const response = await fetch(`${root}/health`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    const body = (await response.json().catch(() => null)) as { status?: string; database?: string } | null;
    if (body && typeof body.status === "string")
      return { answers: true, detail: `health ${response.status} ${body.status}, database ${body.database ?? "?"}` };
    return { answers: false, detail: `${root}/health answered ${response.status} without the service's health body` };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    const reason = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).name;
    return { answers: false, detail: `${root}/health: ${reason}` };
  }
}

/** Proxy mode: a session on the service's /mcp, re-exposed over stdio. */
async function proxy(root: string, token: string | undefined, logger: Logger, maxBytes: number): Promise<Running> {
  const upstream = new Client({ name: `${MCP_SERVER_NAME}-stdio-proxy`, version: "0.1.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${root}/mcp`), {
    requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} },
  });
  await upstream.connect(transport);
  const upstreamCapabilities: ServerCapabilities = upstream.getServerCapabilities() ?? {};
  const info = upstream.getServerVersion() ?? { name: MCP_SERVER_NAME, version: "0.1.0" };
  const instructions = upstream.getInstructions();
  const capabilities: ServerCapabilities = {
    ...(upstreamCapabilities.tools ? { tools: upstreamCapabilities.tools } : {}),
    ...(upstreamCapabilities.resources ? { resources: upstreamCapabilities.resources } : {}),
    ...(upstreamCapabilities.logging ? { logging: upstreamCapabilities.logging } : {}),
  };
  const server = new Server(info, { capabilities, ...(instructions ? { instructions } : {}) });
  // Requests go through as they are (errors too: the service's JSON-RPC errors reach the host unchanged).
  server.setRequestHandler(ListToolsRequestSchema, (request) => upstream.request(request, ListToolsResultSchema));
  server.setRequestHandler(CallToolRequestSchema, (request) => upstream.request(request, CallToolResultSchema));
  if (capabilities.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, (request) =>
      upstream.request(request, ListResourcesResultSchema),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) =>
      upstream.request(request, ListResourceTemplatesResultSchema),
    );
    server.setRequestHandler(ReadResourceRequestSchema, (request) =>
      upstream.request(request, ReadResourceResultSchema),
    );
    if (capabilities.resources.subscribe) {
      server.setRequestHandler(SubscribeRequestSchema, (request) => upstream.request(request, EmptyResultSchema));
      server.setRequestHandler(UnsubscribeRequestSchema, (request) => upstream.request(request, EmptyResultSchema));
    }
  }
  if (capabilities.logging)
    server.setRequestHandler(SetLevelRequestSchema, (request) => upstream.request(request, EmptyResultSchema));
  const forward = (notification: Parameters<Server["notification"]>[0]) =>
    void server
      .notification(notification)
      .catch((error: unknown) => logger.debug("notification not forwarded", { error: String(error) }));
  upstream.setNotificationHandler(ResourceUpdatedNotificationSchema, forward);
  upstream.setNotificationHandler(ResourceListChangedNotificationSchema, forward);
  upstream.setNotificationHandler(ToolListChangedNotificationSchema, forward);
  upstream.setNotificationHandler(LoggingMessageNotificationSchema, forward);
  upstream.onerror = (error) => logger.warn("upstream MCP connection error", { error: error.message });
  await server.connect(new StdioServerTransport(limitedStdin(maxBytes, logger)));
  logger.info("mcp stdio ready", {
    mode: "proxy",
    service: root,
    session: transport.sessionId ?? null,
    subscriptions: Boolean(capabilities.resources?.subscribe),
    note: "forwarding to the running service, which holds the database",
  });
  return {
    async stop() {
      await server.close();
      await transport.terminateSession().catch(() => undefined);
      await upstream.close();
    },
  };
}

/** Own mode: this process opens the database and serves the tools in process. */
async function own(env: Env, token: string | undefined, logger: Logger, why: string): Promise<Running> {
  const opened = await openServices(env, { logger });
  try {
    return await serveInProcess(env, token, logger, why, opened);
  } catch (error) {
    await opened.stop().catch(() => undefined);
    throw error;
  }
}

async function serveInProcess(
  env: Env,
  token: string | undefined,
  logger: Logger,
  why: string,
  opened: OpenServices,
): Promise<Running> {
  const { services } = opened;
  const authorization = token ? `Bearer ${token}` : undefined;
  const check = () => services.tokens.check(authorization);
  const caller: McpCaller = { auth: await check(), requestId: `stdio-${process.pid}`, reauthenticate: check };
  if (token && caller.auth.status === "INVALID")
    logger.warn("RMS_TOKEN is not a valid operator token: writes will be refused", { reason: caller.auth.reason });
  const inFlight = createInFlightWrites();
  const handle = createMcpServer(services, createWriteRateLimit(env.writeRateLimit), caller, {
    subscriptions: true,
    inFlight,
  });
  await handle.server.connect(new StdioServerTransport(limitedStdin(env.limits.maxBodyBytes, logger)));
  logger.info("mcp stdio ready", {
    mode: "own",
    database: services.db.kind,
    dataDir: services.db.kind === "embedded" ? env.dataDir : undefined,
    operator: caller.auth.status === "VALID" ? caller.auth.operator.name : caller.auth.status.toLowerCase(),
    note: `no running service (${why}): this process holds the database; \`npm start\` cannot use the embedded database until it ends`,
  });
  return {
    async stop() {
      if (!(await inFlight.drained(env.shutdownGraceMs)))
        logger.warn("mcp stdio: writes still running after the grace period", { inFlight: inFlight.count });
      await handle.close();
      await opened.stop();
    },
  };
}

const USAGE = [
  "usage: npm run --silent mcp",
  "  the MCP server over stdio (stdout carries the protocol, logs go to stderr); takes no arguments",
  "  settings from the environment: RMS_TOKEN (operator token), RMS_URL (a running service, default",
  "  http://localhost:PORT/), MCP_MODE auto|proxy|own, and the service's own (PORT, DATABASE_URL, DATA_DIR, CATALOGUE)",
].join("\n");

async function main(): Promise<number> {
  readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);
  // stdout is the protocol: anything a library prints goes to stderr instead.
  console.log = console.error;
  console.info = console.error;
  console.warn = console.error;
  console.debug = console.error;
  const env = parseEnv();
  const logger = createLogger(env.logLevel, (line) => process.stderr.write(line)).child({ component: "mcp-stdio" });
  const mode = (process.env.MCP_MODE?.trim().toLowerCase() || "auto") as Mode;
  if (!MODES.includes(mode))
    throw new UsageError(`MCP_MODE must be one of ${MODES.join(", ")}, got "${process.env.MCP_MODE}"`);
  const token = process.env.RMS_TOKEN?.trim() || undefined;
  const root = serviceRoot(process.env.RMS_URL, env);

  // A stop requested while starting waits for the start, so the database is never left open or locked.
  let running: Running | null = null;
  let starting = true;
  let stopping: Promise<void> | null = null;
  let stopReason: string | null = null;
  const stop = (reason: string) => {
    stopReason ??= reason;
    if (starting || stopping) return;
    stopping = (async () => {
      logger.info("mcp stdio stopping", { reason });
      setTimeout(() => {
        logger.error("mcp stdio: shutdown did not finish in time; exiting");
        process.exit(1);
      }, env.shutdownGraceMs + 15_000).unref();
      try {
        await running?.stop();
        logger.info("mcp stdio stopped", { reason });
        process.exit(0);
      } catch (error) {
        logger.error("mcp stdio: shutdown failed", { error: (error as Error).message });
        process.exit(1);
      }
    })();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.stdin.on("end", () => stop("stdin closed"));
  process.stdin.on("close", () => stop("stdin closed"));
  process.on("unhandledRejection", (reason) =>
    logger.error("unhandled promise rejection", { error: reason instanceof Error ? reason.message : String(reason) }),
  );

  try {
    const probe = mode === "own" ? { answers: false, detail: "MCP_MODE=own" } : await serviceAnswers(root);
    if (probe.answers || mode === "proxy") {
      logger.info("mcp stdio: using the running service", { service: root, probe: probe.detail });
      running = await proxy(root, token, logger, env.limits.maxBodyBytes);
    } else {
      logger.info("mcp stdio: no running service; opening the database", { service: root, probe: probe.detail });
      running = await own(env, token, logger, probe.detail);
    }
  } finally {
    starting = false;
  }
  if (stopReason) stop(stopReason);
  // Serving goes on until stop() exits the process.
  return new Promise<number>(() => undefined);
}

runCommand("mcp", main);
