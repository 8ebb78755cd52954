// MCP clients for tests (the SDK's own Client over streamable HTTP or stdio) and a checker that every
// structured result validates against the outputSchema its tool published in tools/list (ajv).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType } from "@modelcontextprotocol/sdk/validation/types.js";
import { expect } from "vitest";

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
    if (!verdict.valid) throw new Error(`${name}: structuredContent does not match its outputSchema: ${verdict.errorMessage}`);
    this.checked.add(name);
  }
}

/** Calls a tool expecting success; checks the result against its schema when a checker is given. */
export async function callOk<T = Record<string, unknown>>(client: Client, name: string, args: Record<string, unknown>, checker?: OutputChecker): Promise<ToolCall<T>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  checker?.check(name, result.structuredContent);
  return { result, structured: result.structuredContent as T, text };
}

/** Calls a tool expecting a tool error; returns its structured code and message. */
export async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<{ code: string; message: string; errorId?: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) throw new Error(`${name} unexpectedly succeeded`);
  expect(result.structuredContent).toBeUndefined();
  const error = result._meta?.["rms/error"] as { code: string; message: string; errorId?: string };
  expect((result.content[0] as { text: string }).text).toBe(`${error.code}: ${error.message}`);
  return error;
}
