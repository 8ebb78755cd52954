// One JSON log line per HTTP request: request id (echoed as X-Request-Id), operator id, operation,
// status and duration. Headers and bodies are never logged, so tokens cannot leak into logs.
import { randomUUID } from "node:crypto";
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

export function requestLog(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const annotations = annotationsOf(response);
    annotations.requestId = requestIdOf(request.headers["x-request-id"]);
    response.setHeader("x-request-id", annotations.requestId);
    // Routers rewrite request.path for mounted middleware; the original URL is what the client asked for.
    const requestPath = request.originalUrl.split("?")[0] ?? request.originalUrl;
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
    next();
  };
}
