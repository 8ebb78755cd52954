// `/mcp`: MCP over streamable HTTP, under the same operator tokens (Authorization: Bearer) and body limit
// as /graphql, in two modes the SDK's server guide describes:
// - session mode: an `initialize` POST opens a session (Mcp-Session-Id); its POSTs answer as SSE streams,
//   GET opens its event stream for server notifications (resources/updated after resources/subscribe),
//   DELETE ends it. Sessions are bounded (MCP_MAX_SESSIONS), closed after MCP_SESSION_IDLE_SECONDS with
//   no request and no open stream, and closed on shutdown. Every request is authenticated again and must
//   come from the caller that opened the session.
// - stateless JSON mode: a POST without a session id gets its own server for that one request and a
//   JSON answer. `initialize` is answered this way too when sessions are off or all taken; the answer
//   then offers no subscriptions, so a client knows not to wait for updates.
import { randomUUID } from "node:crypto";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Services } from "../graphql/context.js";
import type { WriteRateLimit } from "../graphql/rate-limit.js";
import type { InFlightWrites } from "../http/in-flight.js";
import { bodyFailure, type BodyError } from "../http/body-failure.js";
import { annotationsOf } from "../http/request-log.js";
import type { TokenCheck } from "../platform/auth/caller.js";
import { createMcpServer, type McpServerHandle } from "./server.js";
import { ERROR_META_KEY, toolFailure, type McpCaller } from "./tool-kit.js";

const SESSION_HEADER = "mcp-session-id";

const jsonRpcError = (response: Response, status: number, code: number, message: string) =>
  response.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });

/** GET and DELETE act on a session: without its header they are not allowed (405, POST named in `allow`). */
function hasSessionHeader(request: Request, response: Response, hint: string): boolean {
  if (request.header(SESSION_HEADER) !== undefined) return true;
  response.setHeader("allow", "POST");
  jsonRpcError(response, 405, -32000, `Method not allowed without a session${hint}`);
  return false;
}

/** Body-parser failures as JSON-RPC errors (too large: an invalid request; anything else: a parse error). */
function bodyErrorHandler(maxBodyBytes: number) {
  return (error: BodyError, _request: Request, response: Response, next: NextFunction) => {
    const failure = bodyFailure(error, maxBodyBytes);
    if (!failure) return next(error);
    jsonRpcError(response, failure.status, failure.kind === "TOO_LARGE" ? -32600 : -32700, failure.message);
  };
}

/** Who a token check names: a session answers only the caller that opened it. */
const callerKey = (auth: TokenCheck) =>
  auth.status === "VALID" ? `operator:${auth.operator.id}` : auth.status === "INVALID" ? "invalid" : "anonymous";

interface Session {
  id: string;
  handle: McpServerHandle;
  transport: StreamableHTTPServerTransport;
  caller: McpCaller;
  key: string;
  lastActive: number;
  /** Open GET event streams: a session listening for notifications is not idle. */
  openStreams: number;
}

export interface McpHttp {
  router: Router;
  /** Live sessions (for tests and metrics). */
  readonly sessionCount: number;
  /**
   * Graceful end: refuses new sessions and event streams, ends the open streams (so the HTTP drain is not
   * held by them), waits up to `graceMs` for running writes, then closes every session.
   */
  close(graceMs: number): Promise<void>;
}

export function createMcpHttp(services: Services, writeRateLimit: WriteRateLimit, inFlight?: InFlightWrites): McpHttp {
  const { env, logger } = services;
  const sessions = new Map<string, Session>();
  /** Sessions being initialised, counted against the bound before their id exists. */
  let opening = 0;
  let closing = false;
  const idleMs = env.mcpSessions.idleSeconds * 1000;
  const serverOptions = (subscriptions: boolean) => ({ subscriptions, ...(inFlight ? { inFlight } : {}) });

  const closeSession = async (session: Session, reason: string) => {
    if (!sessions.delete(session.id)) return;
    logger.debug("mcp session closed", { sessionId: session.id, reason });
    await session.handle
      .close()
      .catch((error: unknown) => logger.debug("mcp session close failed", { error: String(error) }));
  };

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const session of sessions.values()) {
        if (session.openStreams === 0 && now - session.lastActive > idleMs) void closeSession(session, "idle");
      }
    },
    Math.min(60_000, Math.max(1_000, idleMs / 2)),
  );
  sweep.unref();

  const failed = (error: unknown, response: Response, requestId: string) => {
    const failure = toolFailure(
      error,
      { services, writeRateLimit, caller: { auth: { status: "ANONYMOUS" }, requestId } },
      "mcp-http",
    );
    const { code, message } = failure._meta[ERROR_META_KEY];
    if (!response.headersSent) jsonRpcError(response, code === "SERVICE_UNAVAILABLE" ? 503 : 500, -32603, message);
  };

  /** The session a request names, or an answer saying why there is none (404: unknown or ended; 403: another caller's). */
  const sessionOf = (request: Request, response: Response, auth: TokenCheck): Session | null => {
    const id = request.header(SESSION_HEADER);
    const session = id ? sessions.get(id) : undefined;
    if (!session) {
      jsonRpcError(
        response,
        404,
        -32001,
        "Session not found (it ended, expired or never existed): initialize a new one",
      );
      return null;
    }
    if (callerKey(auth) !== session.key) {
      jsonRpcError(
        response,
        403,
        -32000,
        "This session was opened by another caller: send the same operator token, or initialize a new session",
      );
      return null;
    }
    session.caller.auth = auth;
    session.lastActive = Date.now();
    return session;
  };

  const openSession = async (request: Request, response: Response, auth: TokenCheck, requestId: string) => {
    opening += 1;
    const caller: McpCaller = { auth, requestId };
    const handle = createMcpServer(services, writeRateLimit, caller, serverOptions(true));
    let session: Session | null = null;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        session = { id, handle, transport, caller, key: callerKey(auth), lastActive: Date.now(), openStreams: 0 };
        sessions.set(id, session);
        logger.debug("mcp session opened", { sessionId: id, sessions: sessions.size });
      },
    });
    transport.onclose = () => {
      if (session) void closeSession(session, "transport closed");
    };
    try {
      await handle.server.connect(transport);
      await transport.handleRequest(request, response, request.body);
    } finally {
      opening -= 1;
    }
    // An initialize that failed (bad protocol version...) never became a session: nothing may linger.
    if (!session) await handle.close();
  };

  const stateless = async (request: Request, response: Response, auth: TokenCheck, requestId: string) => {
    const handle = createMcpServer(services, writeRateLimit, { auth, requestId }, serverOptions(false));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on("close", () => void handle.close());
    await handle.server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  };

  const router = express.Router();
  router.post("/", express.json({ limit: env.limits.maxBodyBytes }), async (request: Request, response: Response) => {
    const annotations = annotationsOf(response);
    try {
      const auth = await services.tokens.check(request.headers.authorization);
      if (auth.status === "VALID") annotations.operatorId = auth.operator.id;
      if (request.header(SESSION_HEADER) !== undefined) {
        const session = sessionOf(request, response, auth);
        if (!session) return;
        session.caller.requestId = annotations.requestId;
        await session.transport.handleRequest(request, response, request.body);
        return;
      }
      if (isInitializeRequest(request.body)) {
        if (!closing && sessions.size + opening < env.mcpSessions.max)
          return await openSession(request, response, auth, annotations.requestId);
        if (!closing && env.mcpSessions.max > 0)
          logger.warn("mcp session limit reached; answering initialize statelessly (no subscriptions)", {
            max: env.mcpSessions.max,
          });
      }
      await stateless(request, response, auth, annotations.requestId);
    } catch (error) {
      failed(error, response, annotations.requestId);
    }
  });
  // GET: a session's event stream; DELETE: the end of a session. Neither exists without a session.
  router.get("/", async (request: Request, response: Response) => {
    const annotations = annotationsOf(response);
    if (
      !hasSessionHeader(request, response, ": POST JSON-RPC messages (initialize opens a session with an event stream)")
    )
      return;
    if (closing) return void jsonRpcError(response, 503, -32000, "The service is shutting down");
    try {
      const session = sessionOf(request, response, await services.tokens.check(request.headers.authorization));
      if (!session) return;
      session.openStreams += 1;
      response.on("close", () => {
        session.openStreams -= 1;
        session.lastActive = Date.now();
      });
      await session.transport.handleRequest(request, response);
    } catch (error) {
      failed(error, response, annotations.requestId);
    }
  });
  router.delete("/", async (request: Request, response: Response) => {
    const annotations = annotationsOf(response);
    if (!hasSessionHeader(request, response, "")) return;
    try {
      const session = sessionOf(request, response, await services.tokens.check(request.headers.authorization));
      if (!session) return;
      await session.transport.handleRequest(request, response);
      await closeSession(session, "deleted by the client");
    } catch (error) {
      failed(error, response, annotations.requestId);
    }
  });
  router.all("/", (_request, response) => {
    response.setHeader("allow", "GET, POST, DELETE");
    jsonRpcError(response, 405, -32000, "Method not allowed");
  });
  router.use(bodyErrorHandler(env.limits.maxBodyBytes));

  return {
    router,
    get sessionCount() {
      return sessions.size;
    },
    async close(graceMs) {
      closing = true;
      clearInterval(sweep);
      if (sessions.size === 0) return;
      for (const session of sessions.values()) session.transport.closeStandaloneSSEStream();
      await inFlight?.drained(graceMs);
      await Promise.all([...sessions.values()].map((session) => closeSession(session, "shutdown")));
    },
  };
}
