// MCP clients for tests (the SDK's own Client over streamable HTTP or stdio) and a checker that every
// structured result validates against the outputSchema its tool published in tools/list (ajv).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ResourceUpdatedNotificationSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType } from "@modelcontextprotocol/sdk/validation/types.js";
import { expect } from "vitest";
import { projectRoot } from "../../src/env.js";

export async function connectClient(transport: Transport): Promise<Client> {
  const client = new Client({ name: "rms-test", version: "0.0.0" });
  await client.connect(transport);
  return client;
}

/** A client on `baseUrl`/mcp, sending `token` as Authorization: Bearer when given. */
export function connectHttp(baseUrl: string, token?: string): Promise<Client> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return connectClient(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
}

export interface StdioChild {
  client: Client;
  /** The child's stderr (its JSON log lines), as read so far. */
  stderr: string[];
  /** The child's log entries whose message is `message`. */
  logged(message: string): Record<string, unknown>[];
  /** Waits (up to `timeoutMs`) for a log entry with this message. */
  waitForLog(message: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Closes the client (stdin first) and resolves with the reason the child logged for stopping cleanly, or null. */
  close(): Promise<string | null>;
}

/** `src/cli/mcp.ts` as a child process (what `npm run --silent mcp` execs), with the SDK's stdio client on it. */
export async function connectStdio(env: Record<string, string | undefined>): Promise<StdioChild> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, LOG_LEVEL: "info", ...env }))
    if (value !== undefined) childEnv[key] = value;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/mcp.ts"],
    cwd: projectRoot,
    env: childEnv,
    stderr: "pipe",
  });
  const stderr: string[] = [];
  let partial = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    stderr.push(...lines.filter((line) => line.trim() !== ""));
  });
  const client = new Client({ name: "rms-test", version: "0.0.0" });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`the stdio server did not start: ${(error as Error).message}\n${stderr.join("\n")}${partial}`);
  }
  const logged = (message: string) =>
    stderr.flatMap((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return entry.message === message ? [entry] : [];
      } catch {
        return [];
      }
    });
  return {
    client,
    stderr,
    logged,
    async waitForLog(message, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const entry = logged(message)[0];
        if (entry) return entry;
        if (Date.now() > deadline) throw new Error(`the stdio server did not log "${message}":\n${stderr.join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      // The SDK ends stdin, waits up to 2 s, then sends SIGTERM (and SIGKILL 2 s later).
      await client.close();
      const stopped = logged("mcp stdio stopped")[0];
      return stopped ? String(stopped.reason) : null;
    },
  };
}

/** Resolves with the next notifications/resources/updated for `uri` (rejects after `timeoutMs`). */
export function nextResourceUpdate(client: Client, uri: string, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no resources/updated for ${uri} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      if (notification.params.uri !== uri) return;
      clearTimeout(timer);
      resolve(notification.params.uri);
    });
  });
}

export interface ToolCall<T> {
  result: CallToolResult;
  structured: T;
  text: string;
}

/** Validates each tool's structuredContent against the JSON Schema it advertised. */
export class OutputChecker {
  private readonly validator = new AjvJsonSchemaValidator();
  readonly checked = new Set<string>();
  constructor(private readonly tools: Tool[]) {}

  check(name: string, structured: unknown): void {
    const schema = this.tools.find((entry) => entry.name === name)?.outputSchema;
    if (!schema) throw new Error(`tool ${name} publishes no outputSchema`);
    const verdict = this.validator.getValidator(schema as JsonSchemaType)(structured);
    if (!verdict.valid)
      throw new Error(`${name}: structuredContent does not match its outputSchema: ${verdict.errorMessage}`);
    this.checked.add(name);
  }
}

/** Calls a tool expecting success; checks the result against its schema when a checker is given. */
export async function callOk<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  checker?: OutputChecker,
): Promise<ToolCall<T>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  checker?.check(name, result.structuredContent);
  return { result, structured: result.structuredContent as T, text };
}

/** Calls a tool expecting a tool error; returns its structured code and message. */
export async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ code: string; message: string; errorId?: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) throw new Error(`${name} unexpectedly succeeded`);
  expect(result.structuredContent).toBeUndefined();
  const error = result._meta?.["rms/error"] as { code: string; message: string; errorId?: string };
  expect((result.content[0] as { text: string }).text).toBe(`${error.code}: ${error.message}`);
  return error;
}
