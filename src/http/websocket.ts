// graphql-ws on the GraphQL path: the same context, limits (body size, depth, cost, aliases, tokens,
// input text), write rate limit, in-flight tracking and error masking as HTTP, so a socket is no way
// around any protection; plus per-socket and per-client subscription limits, a signal per operation that
// ends its subscription's waits the moment the client completes it or goes away, one execution per event
// for subscribers running the same caller-independent operation, and deliveries paced between requests.
import type http from "node:http";
import {
  execute,
  getOperationAST,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from "graphql";
import { getVariableValues } from "graphql/execution/values.js";
import { CloseCode, type Context as SocketContext } from "graphql-ws";
import { useServer } from "graphql-ws/use/ws";
import { WebSocket, WebSocketServer } from "ws";
import type { Context, Services } from "../graphql/context.js";
import { isDatabaseUnavailable } from "../platform/errors/unavailable.js";
import { checkOperationInput } from "../graphql/input-guard.js";
import type { Protection } from "../graphql/protection.js";
import { readAccessError } from "../graphql/read-access.js";
import type { WriteRateLimit } from "../graphql/rate-limit.js";
import { serviceUnavailable } from "../graphql/unavailable.js";
import type { InFlightWrites } from "./in-flight.js";
import { requestContext } from "./request-context.js";
import { endingWith } from "./socket/operation-end.js";
import { SharedExecutions } from "./socket/shared-execution.js";
import { SubscriptionLimits, type SocketRecord } from "./socket/subscription-limits.js";

export interface SubscriptionServer {
  dispose(): Promise<void>;
  /** Subscriptions currently running over sockets. */
  subscriptions(): number;
  sockets(): number;
}

type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
type Extra = { socket: WebSocket; request: http.IncomingMessage };
type ConnectionParams = Record<string, unknown>;

/** HTTP-only extensions (status, headers) are meaningless on a socket and must not be sent. */
function withoutHttp(formatted: GraphQLFormattedError): GraphQLFormattedError {
  if (!formatted.extensions?.http) return formatted;
  const { http: _http, ...extensions } = formatted.extensions;
  return { ...formatted, extensions };
}

/** The codes Apollo gives the same failures over HTTP, so the error formatter passes them through. */
function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code },
  });
}

function authorizationOf(params: ConnectionParams | undefined): string | null {
  const header = params?.authorization ?? params?.Authorization;
  return typeof header === "string" ? header : null;
}

/** graphql-ws wraps an error thrown by a running subscription; the formatter must see the original. */
function originalOf(error: GraphQLError): unknown {
  return error.originalError && !error.path ? error.originalError : error;
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
  const { services, protection, writeRateLimit, inFlight, formatError, schema } = options;
  const wsServer = new WebSocketServer({
    server: options.httpServer,
    path: "/graphql",
    maxPayload: services.env.limits.maxBodyBytes,
  });
  const limits = new SubscriptionLimits(services.env.subscriptionLimits);
  const sharedExecutions = new SharedExecutions(schema);
  const records = new WeakMap<SocketContext<ConnectionParams, Extra>, SocketRecord>();
  const endOperation = new WeakMap<Context, AbortController>();
  // Counted from the socket itself: graphql-ws's onClose waits for every subscription to end first.
  const openSockets = new Set<WebSocket>();
  wsServer.on("connection", (socket) => {
    openSockets.add(socket);
    socket.once("close", () => openSockets.delete(socket));
  });
  const format = (errors: readonly GraphQLError[]) =>
    errors.map((error) => withoutHttp(formatError(error.toJSON(), originalOf(error))));

  const admit = async (ctx: SocketContext<ConnectionParams, Extra>): Promise<boolean> => {
    let auth;
    try {
      auth = await services.tokens.check(authorizationOf(ctx.connectionParams));
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      ctx.extra.socket.close(CloseCode.InternalServerError, "Service unavailable: retry shortly");
      return false;
    }
    // A bad token is refused at the door (4403), not discovered by the first write.
    if (auth.status === "INVALID") return false;
    const owner =
      auth.status === "VALID"
        ? `operator:${auth.operator.id}`
        : `address:${ctx.extra.request.socket.remoteAddress ?? "unknown"}`;
    const record: SocketRecord = { owner, subscriptionIds: new Set(), running: () => Object.keys(ctx.subscriptions) };
    records.set(ctx, record);
    limits.add(record);
    return true;
  };

  const prepare = async (
    ctx: SocketContext<ConnectionParams, Extra>,
    id: string,
    payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  ) => {
    let document: DocumentNode;
    try {
      document = protection.parseForSubscriptions(payload.query);
    } catch (error) {
      if (error instanceof GraphQLError) return [withCode(error, "GRAPHQL_PARSE_FAILED")];
      throw error;
    }
    const errors = protection.validateForSubscriptions(schema, document);
    if (errors.length > 0) return errors.map((error) => withCode(error, "GRAPHQL_VALIDATION_FAILED"));
    const operation = getOperationAST(document, payload.operationName);
    if (!operation) {
      const message = payload.operationName
        ? `No operation named "${payload.operationName}" in the document`
        : "The document holds several operations: send operationName";
      return [new GraphQLError(message, { extensions: { code: "OPERATION_RESOLUTION_FAILURE" } })];
    }
    const inputError = checkOperationInput(document, payload.variables);
    if (inputError) return [inputError];
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], payload.variables ?? {}, {
      maxErrors: 10,
    });
    if (coerced.errors) return coerced.errors.map((error) => withCode(error, "BAD_USER_INPUT"));
    const record = records.get(ctx);
    if (operation.operation === "subscription" && record) {
      const refusal = limits.reserve(record, id);
      if (refusal) return [refusal];
    }
    let contextValue: Context;
    try {
      contextValue = await requestContext(services, authorizationOf(ctx.connectionParams));
    } catch (error) {
      if (isDatabaseUnavailable(error)) return [serviceUnavailable()];
      throw error;
    }
    const readError = readAccessError({
      document,
      operation,
      auth: contextValue.auth,
      anonymousReads: services.env.anonymousReads,
    });
    if (readError) return [readError];
    const controller = new AbortController();
    contextValue.signal = controller.signal;
    endOperation.set(contextValue, controller);
    return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
  };

  const cleanup = useServer<ConnectionParams, Extra>(
    {
      schema,
      onConnect: admit,
      onSubscribe: (ctx, id, payload) => prepare(ctx, id, payload),
      subscribe: (args) => sharedExecutions.subscribe(args),
      onOperation: (_ctx, _id, _payload, args, result) => {
        const controller = endOperation.get(args.contextValue as Context);
        if (!controller) return result;
        if (!(Symbol.asyncIterator in Object(result))) {
          controller.abort();
          return result;
        }
        return endingWith(result as AsyncIterator<ExecutionResult>, () => controller.abort());
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
      onClose: (ctx) => {
        const record = records.get(ctx);
        if (record) limits.remove(record);
      },
      onNext: (_ctx, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: format(result.errors) } : undefined,
      onError: (_ctx, _id, _payload, errors) => {
        services.logger.warn("subscription error", { errors: errors.map((error) => error.message) });
        return format(errors);
      },
    },
    wsServer,
  );
  // ws itself closes a socket that breaks the protocol or sends more than maxPayload (1009); graphql-ws
  // would print that to stderr as an "internal error". It is the client's fault: one warning in our log.
  wsServer.on("connection", (socket) => {
    socket.removeAllListeners("error");
    socket.on("error", (error) => services.logger.warn("websocket closed on a client error", { error: error.message }));
  });
  return {
    dispose: async () => {
      await cleanup.dispose();
    },
    subscriptions: () => limits.total(),
    sockets: () => openSockets.size,
  };
}
