// How every MCP tool runs: read access, input guard and write rate limit as on GraphQL, then the use
// case; its result is shaped by the tool's outputSchema. Domain errors come back as tool errors with
// their code; anything else is masked with an id and logged under it (src/graphql/mask-errors.ts).
import { randomUUID } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";
import type { Services } from "../graphql/context.js";
import { DomainError, InvalidInputError } from "../platform/errors/domain-error.js";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../platform/errors/unavailable.js";
import { checkInputValue } from "../graphql/input-guard.js";
import type { WriteRateLimit } from "../graphql/rate-limit.js";
import type { InFlightWrites } from "../http/in-flight.js";
import type { TokenCheck } from "../platform/auth/caller.js";
import { toJson } from "./json.js";
import type { toolError } from "./schemas.js";

/**
 * Who calls, per MCP request (stateless HTTP), per session (stateful HTTP: checked again on every request)
 * or per process (stdio): the operator token's check.
 */
export interface McpCaller {
  auth: TokenCheck;
  requestId: string;
  /** Checks the token again before each call (stdio), so a revoked or expired token stops working mid-process. */
  reauthenticate?: () => Promise<TokenCheck>;
}

/** What a tool needs: the service's long-lived objects, the shared write limiter, and the caller. */
export interface ToolScope {
  services: Services;
  writeRateLimit: WriteRateLimit;
  caller: McpCaller;
  /** Write tools run as tracked writes, so a graceful shutdown waits for them before the database closes. */
  inFlight?: InFlightWrites;
}

/** Brings the caller's token check up to date where the transport asks for it (see McpCaller.reauthenticate). */
export async function refreshCaller(caller: McpCaller): Promise<void> {
  if (caller.reauthenticate) caller.auth = await caller.reauthenticate();
}

export interface ToolDefinition<Input extends z.ZodRawShape, Output extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: Output;
  annotations: Omit<ToolAnnotations, "title">;
  /** Charged to the caller's write rate limit (one point a call). */
  writes?: boolean;
  run(args: z.infer<z.ZodObject<Input>>, scope: ToolScope): Promise<unknown>;
  /** A short text rendering of the structured result for hosts that show only text. */
  render(result: z.infer<z.ZodObject<Output>>): string;
}

/** Erases the definition's own types so tools of different shapes fit one list. */
export type AnyTool = ToolDefinition<z.ZodRawShape, z.ZodRawShape>;
export const tool = <Input extends z.ZodRawShape, Output extends z.ZodRawShape>(
  definition: ToolDefinition<Input, Output>,
) => definition as unknown as AnyTool;

type ErrorContent = z.infer<typeof toolError>;

/** Where a failed call carries its machine-readable error (see errorResult). */
export const ERROR_META_KEY = "rms/error";

/**
 * A failed call: the code leads the text, and the whole error is in `_meta["rms/error"]`. Not in
 * structuredContent: the SDK's Client validates structuredContent against the tool's outputSchema even
 * on isError results, so an error object there would make every standard client throw instead of
 * returning the error.
 */
function errorResult(content: ErrorContent): CallToolResult & { _meta: { [ERROR_META_KEY]: ErrorContent } } {
  return {
    isError: true,
    content: [{ type: "text", text: `${content.code}: ${content.message}` }],
    _meta: { [ERROR_META_KEY]: content },
  };
}

/** The one translation point: typed domain errors keep their code, outages say when to retry, the rest is masked. */
export function toolFailure(
  error: unknown,
  scope: ToolScope,
  toolName: string,
): CallToolResult & { _meta: { [ERROR_META_KEY]: ErrorContent } } {
  if (error instanceof DomainError) {
    const field = error instanceof InvalidInputError && error.field ? { field: error.field } : {};
    return errorResult({ code: error.code, message: error.message, ...field });
  }
  const { logger, env } = scope.services;
  if (isDatabaseUnavailable(error)) {
    logger.warn("database unavailable", {
      tool: toolName,
      error: error instanceof Error ? error.message : String(error),
    });
    return errorResult({
      code: "SERVICE_UNAVAILABLE",
      message: `The database is unavailable; retry after ${RETRY_AFTER_SECONDS}s`,
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    });
  }
  const errorId = randomUUID();
  logger.error("unexpected error", {
    errorId,
    tool: toolName,
    requestId: scope.caller.requestId,
    error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
  });
  const message =
    env.exposeErrorDetails && error instanceof Error
      ? `Unexpected error ${errorId}: ${error.message}`
      : `Unexpected error (id ${errorId})`;
  return errorResult({ code: "INTERNAL_SERVER_ERROR", message, errorId });
}

/** The GraphQL gates, in the same order: read access, input text, write rate limit. */
async function refusal(definition: AnyTool, args: unknown, scope: ToolScope): Promise<ErrorContent | null> {
  const { auth } = scope.caller;
  if (!scope.services.env.anonymousReads && auth.status !== "VALID") {
    const why = auth.status === "INVALID" ? "the operator token is not valid" : "no operator token was sent";
    return {
      code: "UNAUTHENTICATED",
      message: `This service requires an operator token for every call (ANONYMOUS_READS=false): ${why}`,
    };
  }
  const badInput = checkInputValue(args, "arguments");
  if (badInput) return { code: "BAD_USER_INPUT", message: badInput.message };
  if (!definition.writes) return null;
  const limited = await scope.writeRateLimit.chargeWrites(auth, 1);
  if (!limited) return null;
  const { points, windowSeconds } = scope.services.env.writeRateLimit;
  return {
    code: "RATE_LIMITED",
    message: `Write rate limit of ${points} per ${windowSeconds}s exceeded; retry after ${limited.retryAfterSeconds}s`,
    retryAfterSeconds: limited.retryAfterSeconds,
  };
}

export function registerTools(server: McpServer, tools: readonly AnyTool[], scope: ToolScope): void {
  for (const definition of tools) {
    const output = z.object(definition.output);
    server.registerTool(
      definition.name,
      {
        title: definition.title,
        description: definition.description,
        inputSchema: definition.input,
        outputSchema: definition.output,
        annotations: { title: definition.title, ...definition.annotations },
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        try {
          await refreshCaller(scope.caller);
          const refused = await refusal(definition, args, scope);
          if (refused) return errorResult(refused);
          const run = () => definition.run(args, scope);
          const value = definition.writes && scope.inFlight ? await scope.inFlight.track(run) : await run();
          const structured = output.parse(toJson(value));
          return { content: [{ type: "text", text: definition.render(structured) }], structuredContent: structured };
        } catch (error) {
          return toolFailure(error, scope, definition.name);
        }
      },
    );
  }
}
