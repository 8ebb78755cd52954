// `/mcp`: MCP over streamable HTTP in stateless JSON mode — each POST gets its own server bound to the
// caller's operator token (Authorization: Bearer), under the same body limit as /graphql.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Services } from "../context.js";
import type { WriteRateLimit } from "../graphql/rate-limit.js";
import { annotationsOf } from "../http/request-log.js";
import { authenticate } from "../modules/operators/operator.commands.js";
import { createMcpServer } from "./server.js";
import { ERROR_META_KEY, toolFailure } from "./tool-kit.js";

const jsonRpcError = (response: Response, status: number, code: number, message: string) =>
  response.status(status).json({ jsonrpc: "2.0", error: { code, message }, id: null });

/** Body-parser failures as JSON-RPC errors (too large: 413; not JSON: a parse error). */
function bodyErrorHandler(maxBodyBytes: number) {
  return (error: { type?: string }, _request: Request, response: Response, next: NextFunction) => {
    if (error.type === "entity.too.large") jsonRpcError(response, 413, -32600, `Request body larger than ${maxBodyBytes} bytes`);
    else if (error.type === "entity.parse.failed" || error.type === "encoding.unsupported" || error.type === "charset.unsupported") jsonRpcError(response, 400, -32700, "The request body is not valid JSON");
    else next(error);
  };
}

export function mcpRouter(services: Services, writeRateLimit: WriteRateLimit): Router {
  const router = express.Router();
  router.post("/", express.json({ limit: services.env.limits.maxBodyBytes }), async (request: Request, response: Response) => {
    const annotations = annotationsOf(response);
    try {
      const auth = await authenticate(services.db.prisma, request.headers.authorization);
      if (auth.status === "VALID") annotations.operatorId = auth.operator.id;
      const handle = createMcpServer(services, writeRateLimit, { auth, requestId: annotations.requestId });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      response.on("close", () => void handle.close());
      await handle.server.connect(transport);
      await transport.handleRequest(request, response, request.body);
    } catch (error) {
      const failure = toolFailure(error, { services, writeRateLimit, caller: { auth: { status: "ANONYMOUS" }, requestId: annotations.requestId } }, "mcp-http");
      const { code, message } = failure._meta[ERROR_META_KEY];
      if (!response.headersSent) jsonRpcError(response, code === "SERVICE_UNAVAILABLE" ? 503 : 500, -32603, message);
    }
  });
  // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
  router.all("/", (_request, response) => {
    response.setHeader("allow", "POST");
    jsonRpcError(response, 405, -32000, "Method not allowed: this endpoint is stateless; POST JSON-RPC messages");
  });
  router.use(bodyErrorHandler(services.env.limits.maxBodyBytes));
  return router;
}
