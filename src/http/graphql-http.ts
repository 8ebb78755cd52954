// GraphQL over HTTP at /graphql on node:http itself: CORS, the request log, the JSON body (body-parser, which
// is express.json), then Apollo Server. Express's router and `send` (an ETag hashed over every POST answer)
// were about a twelfth of the service thread's time per research write, for nothing this route used.
import type { IncomingMessage, ServerResponse } from "node:http";
import { HeaderMap, type ApolloServer, type BaseContext, type HTTPGraphQLResponse } from "@apollo/server";
import bodyParser from "body-parser";
import etag from "etag";
import fresh from "fresh";
import type { Logger } from "../logger.js";
import { bodyFailure, type BodyError } from "./body-failure.js";
import { answerCors, type CorsPolicy } from "./cors.js";
import { graphqlError, sendJson, varyOn } from "./json-answer.js";
import { logRequest, type RequestAnnotations } from "./request-log.js";

export interface GraphQLHttpOptions<TContext extends BaseContext> {
  apollo: ApolloServer<TContext>;
  cors: CorsPolicy;
  maxBodyBytes: number;
  logger: Logger;
  /** The operation's context, built when Apollo asks for it (a landing page or a refused request needs none). */
  context(request: IncomingMessage, annotations: RequestAnnotations): Promise<TContext>;
}

/** The route's paths as Express matched its mount: any case, with or without a sub-path. */
export function isGraphQLPath(url: string | undefined): boolean {
  const path = (url ?? "").split("?", 1)[0]!.toLowerCase();
  return path === "/graphql" || path.startsWith("/graphql/");
}

const requestSearch = (url: string | undefined) => {
  const query = (url ?? "").split("#", 1)[0]!;
  const start = query.indexOf("?");
  return start === -1 ? "" : query.slice(start);
};

function headerMapOf(request: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  return headers;
}

/** Apollo's answer on the wire. A GET answer gets an ETag and answers a matching If-None-Match with 304. */
async function writeAnswer(request: IncomingMessage, response: ServerResponse, answer: HTTPGraphQLResponse) {
  for (const [name, value] of answer.headers)
    if (name === "vary") for (const field of value.split(",")) varyOn(response, field.trim());
    else response.setHeader(name, value);
  response.statusCode = answer.status ?? 200;
  if (answer.body.kind === "complete") {
    const type = response.getHeader("content-type");
    if (typeof type === "string" && !/;\s*charset=/i.test(type))
      response.setHeader("content-type", `${type}; charset=utf-8`);
    if (request.method === "GET" && response.statusCode === 200) {
      response.setHeader("etag", etag(answer.body.string, { weak: true }));
      if (fresh(request.headers, { etag: response.getHeader("etag"), "last-modified": undefined })) {
        response.statusCode = 304;
        for (const name of ["content-type", "content-length", "transfer-encoding"]) response.removeHeader(name);
        return void response.end();
      }
    }
    response.setHeader("content-length", Buffer.byteLength(answer.body.string));
    return void response.end(answer.body.string);
  }
  for await (const chunk of answer.body.asyncIterator) response.write(chunk);
  response.end();
}

/** The request handler of the GraphQL route, for `http.createServer` (see isGraphQLPath). */
export function createGraphQLHttpHandler<TContext extends BaseContext>(
  options: GraphQLHttpOptions<TContext>,
): (request: IncomingMessage, response: ServerResponse) => void {
  const { apollo, logger, maxBodyBytes } = options;
  const parseJson = bodyParser.json({ limit: maxBodyBytes });
  const readBody = (request: IncomingMessage, response: ServerResponse) =>
    new Promise<BodyError | null>((resolve) =>
      parseJson(request, response, (error?: BodyError) => resolve(error ?? null)),
    );

  const serve = async (request: IncomingMessage, response: ServerResponse, annotations: RequestAnnotations) => {
    if (answerCors(options.cors, request, response)) return;
    const bodyError = await readBody(request, response);
    if (bodyError) {
      const failure = bodyFailure(bodyError, maxBodyBytes);
      if (failure) {
        const code = failure.kind === "TOO_LARGE" ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
        return sendJson(response, failure.status, graphqlError(failure.message, code));
      }
      // The client went away before its body arrived: there is no one to answer.
      if (bodyError.type === "request.aborted") return void response.destroy();
      throw bodyError;
    }
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: (request.method ?? "GET").toUpperCase(),
        headers: headerMapOf(request),
        search: requestSearch(request.url),
        body: (request as { body?: unknown }).body,
      },
      context: () => options.context(request, annotations),
    });
    await writeAnswer(request, response, answer);
  };

  return (request, response) => {
    const annotations = logRequest(logger, request, response);
    serve(request, response, annotations).catch((error: Error) => {
      // Apollo answers every failure of an operation itself; this is a fault of the route, masked like one.
      logger.error("graphql route failed", {
        requestId: annotations.requestId,
        error: error.message,
        stack: error.stack,
      });
      if (response.headersSent) return void response.destroy();
      sendJson(response, 500, graphqlError("Internal server error", "INTERNAL_SERVER_ERROR"));
    });
  };
}
