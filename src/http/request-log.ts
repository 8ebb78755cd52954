// One JSON log line per HTTP request: request id (echoed as X-Request-Id), operator id, operation,
// status and duration. Headers and bodies are never logged, so tokens cannot leak into logs.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.js";

/** What the GraphQL layer learns about a request and wants on its log line. */
export interface RequestAnnotations {
  requestId: string;
  operatorId?: string;
  operationName?: string;
  operationType?: string;
}

/** A caller's request id is kept when it is a plausible token, so logs can be correlated across hops. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && /^[\w.-]{1,100}$/.test(header) ? header : randomUUID();
}

export function annotationsOf(response: Response): RequestAnnotations {
  return response.locals as RequestAnnotations;
}

/**
 * Names the request (X-Request-Id) and logs it when its answer is sent. `annotations` is filled in as the
 * request is served and read at the end; on plain node:http requests (GraphQL) it is a fresh object.
 */
export function logRequest(
  logger: Logger,
  request: IncomingMessage,
  response: ServerResponse,
  annotations: RequestAnnotations = { requestId: "" },
): RequestAnnotations {
  const started = process.hrtime.bigint();
  annotations.requestId = requestIdOf(request.headers["x-request-id"]);
  response.setHeader("x-request-id", annotations.requestId);
  // Express routers rewrite request.url for mounted middleware; the original URL is what the client asked for.
  const url = (request as Partial<Request>).originalUrl ?? request.url ?? "";
  const requestPath = url.split("?")[0] ?? url;
  response.on("finish", () => {
    // GraphQL traffic is the service's business; static pages and scrapes only matter when debugging.
    const level = requestPath.startsWith("/graphql") ? "info" : "debug";
    logger[level]("http request", {
      requestId: annotations.requestId,
      operatorId: annotations.operatorId,
      operationName: annotations.operationName,
      operationType: annotations.operationType,
      method: request.method,
      path: requestPath,
      status: response.statusCode,
      durationMs: Number(process.hrtime.bigint() - started) / 1e6,
    });
  });
  return annotations;
}

/** logRequest for the Express routes, with the annotations in `response.locals` (annotationsOf). */
export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    logRequest(logger, request, response, annotationsOf(response));
    next();
  };
}
