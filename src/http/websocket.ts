// graphql-ws on the GraphQL path: the same context, limits, write rate limit, in-flight tracking and
// error masking as HTTP, so a socket is no way around any protection.
import type http from "node:http";
import { execute, getOperationAST, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import { createContext, type Context, type Services } from "../context.js";
import type { Protection } from "../graphql/protection.js";
import type { WriteRateLimit } from "../graphql/rate-limit.js";
import type { InFlightWrites } from "./in-flight.js";

export interface SubscriptionServer {
  dispose(): Promise<void>;
  /** Operations currently running over sockets (mostly subscriptions). */
  subscriptions(): number;
  sockets(): number;
}

type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

/** HTTP-only extensions (status, headers) are meaningless on a socket and must not be sent. */
function withoutHttp(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.extensions?.http) return formatted;
  const { http: _http, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/** The codes Apollo gives the same failures over HTTP, so the error formatter passes them through. */
function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions.code) return error;
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { ...error.extensions, code } });
}

export function startSubscriptionServer(options: {
  httpServer: http.Server;
  schema: GraphQLSchema;
  services: Services;
  protection: Protection;
  writeRateLimit: WriteRateLimit;
  inFlight: InFlightWrites;
  formatError: FormatError;
}): SubscriptionServer {
  const { services, protection, writeRateLimit, inFlight, formatError } = options;
  const wsServer = new WebSocketServer({ server: options.httpServer, path: "/graphql" });
  const connections = new Set<{ subscriptions: Record<string, unknown> }>();
  const format = (errors: readonly GraphQLError[]) => errors.map((error) => withoutHttp(formatError(error.toJSON(), error)));
  const cleanup = useServer<Record<string, unknown>, { context?: Context }>(
    {
      schema: options.schema,
      // Parsing here (not through the `parse` option) lets a token-limit syntax error reach the client
      // as a GraphQL error instead of closing the socket.
      onSubscribe: (_ctx, _id, payload) => {
        let document: DocumentNode;
        try {
          document = protection.parseForSubscriptions(payload.query);
        } catch (error) {
          if (error instanceof GraphQLError) return [withCode(error, "GRAPHQL_PARSE_FAILED")];
          throw error;
        }
        const errors = protection.validateForSubscriptions(options.schema, document);
        if (errors.length > 0) return errors.map((error) => withCode(error, "GRAPHQL_VALIDATION_FAILED"));
        return { schema: options.schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      context: async (ctx) => {
        const header = ctx.connectionParams?.authorization ?? ctx.connectionParams?.Authorization;
        return createContext(services, typeof header === "string" ? header : null);
      },
      execute: async (args): Promise<ExecutionResult> => {
        const operation = getOperationAST(args.document, args.operationName);
        if (operation?.operation !== "mutation") return execute(args);
        try {
          await writeRateLimit.charge(operation, args.contextValue as Context);
        } catch (error) {
          if (error instanceof GraphQLError) return { errors: [error] };
          throw error;
        }
        return inFlight.track(async () => execute(args));
      },
      onConnect: (ctx) => {
        connections.add(ctx);
      },
      onClose: (ctx) => {
        connections.delete(ctx);
      },
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: format(result.errors) } : undefined),
      onError: (_ctx, _id, _payload, errors) => {
        services.logger.warn("subscription error", { errors: errors.map((error) => error.message) });
        return format(errors);
      },
    },
    wsServer,
  );
  return {
    dispose: async () => {
      await cleanup.dispose();
    },
    subscriptions: () => [...connections].reduce((total, ctx) => total + Object.keys(ctx.subscriptions).length, 0),
    sockets: () => connections.size,
  };
}
