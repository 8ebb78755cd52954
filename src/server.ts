// Composition root: HTTP (GraphQL over HTTP, /health) and graphql-ws subscriptions on one port.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { expressMiddleware } from "@as-integrations/express5";
import express from "express";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { createContext, type Context, type Services } from "./context.js";
import { buildSchema } from "./graphql/schema.js";
import { createErrorFormatter } from "./graphql/mask-errors.js";
import { healthHandler } from "./http/health.js";

/** Largest request body accepted; a 1 MB query is refused before parsing. */
export const MAX_BODY_BYTES = 512 * 1024;

/** A caller's request id is kept when it is a plausible token, so logs can be correlated. */
function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && /^[\w.-]{1,100}$/.test(header) ? header : randomUUID();
}

export interface RunningServer {
  url: string;
  port: number;
  httpServer: http.Server;
  stop(): Promise<void>;
}

export async function startServer(services: Services, options: { port: number; host: string }): Promise<RunningServer> {
  const schema = buildSchema();
  const app = express();
  const httpServer = http.createServer(app);
  const wsServer = new WebSocketServer({ server: httpServer, path: "/graphql" });
  const formatError = createErrorFormatter(services.logger, services.env.nodeEnv !== "production");
  const wsCleanup = useServer<Record<string, unknown>, { context?: Context }>(
    {
      schema,
      context: async (ctx) => {
        const header = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        return createContext(services, typeof header === "string" ? header : null);
      },
      onError: (_ctx, _id, _payload, errors) => {
        services.logger.warn("subscription error", { errors: errors.map((error) => error.message) });
      },
    },
    wsServer,
  );
  const apollo = new ApolloServer<Context>({
    schema,
    formatError,
    introspection: true,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      { async serverWillStart() { return { async drainServer() { await wsCleanup.dispose(); } }; } },
    ],
  });
  await apollo.start();
  app.get("/health", healthHandler(services));
  app.use(
    "/graphql",
    express.json({ limit: MAX_BODY_BYTES }),
    expressMiddleware(apollo, {
      context: async ({ req }) => createContext(services, req.headers.authorization, requestIdOf(req.headers["x-request-id"])),
    }),
  );
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
    async stop() {
      await apollo.stop();
    },
  };
}
