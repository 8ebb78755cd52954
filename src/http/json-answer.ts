// JSON answers written on plain node:http responses (the GraphQL route runs without Express).
import type { ServerResponse } from "node:http";

/** A GraphQL-shaped error answer: what a client of the GraphQL route can always parse. */
export function graphqlError(message: string, code: string): { errors: { message: string; extensions: object }[] } {
  return { errors: [{ message, extensions: { code } }] };
}

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.statusCode = status;
  response.setHeader("content-type", "application/json; charset=utf-8");
  response.setHeader("content-length", Buffer.byteLength(body));
  response.end(body);
}
