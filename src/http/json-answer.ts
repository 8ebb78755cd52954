// Answers written on plain node:http responses (the GraphQL route runs without Express): JSON bodies, and the
// Vary header that CORS and Apollo both add to.
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

/** Adds `field` to the response's Vary header, once. */
export function varyOn(response: ServerResponse, field: string): void {
  const existing = response.getHeader("vary");
  if (existing === undefined) return void response.setHeader("vary", field);
  const fields = String(existing)
    .split(",")
    .map((name) => name.trim().toLowerCase());
  if (!fields.includes(field.toLowerCase()) && !fields.includes("*"))
    response.setHeader("vary", `${existing}, ${field}`);
}
