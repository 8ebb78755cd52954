// Composition root: HTTP (GraphQL over HTTP, MCP at /mcp, GraphiQL, dashboard, /health, /metrics) and graphql-ws
// subscriptions on one port, with the protection limits, write rate limit and graceful shutdown.
import http from "node:http";
import type { GraphQLSchema } from "graphql";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import express from "express";
import type { Context, Services } from "./graphql/context.js";
import { createErrorFormatter, unavailableStatusPlugin } from "./graphql/mask-errors.js";
import { createInputGuardPlugin } from "./graphql/input-guard.js";
import { readAccessPlugin } from "./graphql/read-access.js";
import { catalogueCachePlugin } from "./graphql/cache-hints.js";
import { createProtection } from "./graphql/protection.js";
import { createWriteRateLimit } from "./graphql/rate-limit.js";
import { healthHandler } from "./http/health.js";
import { requestContext } from "./http/request-context.js";
import { createInFlightWrites } from "./http/in-flight.js";
import { createGraphQLHttpHandler, isGraphQLPath } from "./http/graphql-http.js";
import { createMetrics } from "./http/metrics.js";
import { graphiqlLandingPage, pagesRouter } from "./http/pages.js";
import { requestLog } from "./http/request-log.js";
import { startSubscriptionServer } from "./http/websocket.js";
import { apolloLogger } from "./logger.js";
import { rethrowUnavailable } from "./graphql/unavailable.js";
import { createMcpHttp } from "./mcp/http.js";

export interface RunningServer {
  url: string;
  port: number;
  httpServer: http.Server;
  /** Open MCP sessions at /mcp. */
  readonly mcpSessions: number;
  /** Stops accepting, drains HTTP and WebSocket clients, then waits for in-flight writes. */
  stop(): Promise<void>;
}

export async function startServer(
  services: Services,
  schema: GraphQLSchema,
  options: { port: number; host: string },
): Promise<RunningServer> {
  const { env, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  // Its request listener is added once Apollo has started (below), before the server listens.
  const httpServer = http.createServer();
  const formatError = createErrorFormatter(logger, env.exposeErrorDetails);
  const protection = createProtection(env.limits);
  const writeRateLimit = createWriteRateLimit(env.writeRateLimit);
  const inFlight = createInFlightWrites();
  const sockets = startSubscriptionServer({
    httpServer,
    schema,
    services,
    protection,
    writeRateLimit,
    inFlight,
    formatError,
  });
  const metrics = createMetrics(services, sockets);
  const mcp = createMcpHttp(services, writeRateLimit, inFlight);
  const apollo = new ApolloServer<Context>({
    schema,
    formatError,
    logger: apolloLogger(logger),
    nodeEnv: env.nodeEnv,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // Automatic persisted queries are on with Apollo's bounded in-memory cache (per process).
    persistedQueries: {},
    parseOptions: protection.parseOptions,
    validationRules: protection.validationRules,
    stopOnTerminationSignals: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: env.shutdownGraceMs }),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await Promise.all([sockets.dispose(), mcp.close(env.shutdownGraceMs)]);
            },
          };
        },
      },
      graphiqlLandingPage(),
      metrics.plugin,
      createInputGuardPlugin(),
      // Every answer's Cache-Control comes from catalogueCachePlugin, without a hook on every field.
      ApolloServerPluginCacheControlDisabled(),
      readAccessPlugin(env.anonymousReads),
      catalogueCachePlugin({
        schema,
        maxAgeSeconds: env.catalogueCacheMaxAgeSeconds,
        anonymousReads: env.anonymousReads,
      }),
      writeRateLimit.plugin,
      unavailableStatusPlugin,
      inFlight.plugin,
      {
        async requestDidStart() {
          return {
            async didResolveOperation({ operationName, operation, contextValue }) {
              Object.assign(contextValue.logFields, {
                operationName: operationName ?? undefined,
                operationType: operation?.operation,
              });
            },
          };
        },
      },
    ],
  });
  await apollo.start();
  const graphqlRoute = createGraphQLHttpHandler({
    apollo,
    cors: env.cors,
    maxBodyBytes: env.limits.maxBodyBytes,
    logger,
    context: async (request, annotations) => {
      const context = await requestContext(
        services,
        request.headers.authorization,
        annotations.requestId,
        annotations as unknown as Record<string, unknown>,
      ).catch(rethrowUnavailable);
      if (context.auth.status === "VALID") annotations.operatorId = context.auth.operator.id;
      return context;
    },
  });
  // GraphQL requests are the service's traffic and are served without Express (graphql-http.ts).
  httpServer.on("request", (request: http.IncomingMessage, response: http.ServerResponse) =>
    isGraphQLPath(request.url) ? graphqlRoute(request, response) : app(request, response),
  );
  app.use(requestLog(logger));
  app.get("/health", healthHandler(services));
  app.get("/metrics", (request, response) => void metrics.handler(request, response));
  app.use("/mcp", mcp.router);
  // After the API, so an MCP request never walks the pages' routes (none shares their paths).
  app.use(pagesRouter());
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port, options.host, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    port,
    httpServer,
    get mcpSessions() {
      return mcp.sessionCount;
    },
    async stop() {
      await apollo.stop();
      // Socket mutations outlive their closed sockets; the database must stay open until they commit.
      if (!(await inFlight.drained(env.shutdownGraceMs))) {
        logger.warn("shutdown: writes still running after the grace period", { inFlight: inFlight.count });
      }
    },
  };
}
