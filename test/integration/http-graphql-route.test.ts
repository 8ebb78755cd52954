// The GraphQL route on node:http (src/http/graphql-http.ts): what Express's stack did for it still holds.
// Conditional GETs, compressed and malformed bodies, the mount's paths, and a client that leaves mid-body;
// /mcp names the same body failures (src/http/body-failure.ts) as JSON-RPC errors.
import http from "node:http";
import net from "node:net";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/databases.js";

const TYPENAME = JSON.stringify({ query: "{ __typename }" });

interface ErrorAnswer {
  errors: { message: string; extensions: { code: string } }[];
}

describe("the GraphQL route", () => {
  const running = useTestService({ name: "embedded" });
  const post = (body: string | Buffer, headers: Record<string, string> = {}, path = "/graphql") =>
    fetch(new URL(path, running.service.url), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
  // node:http, not fetch: fetch turns a request with If-None-Match into a no-cache reload (Fetch standard).
  const get = (headers: Record<string, string> = {}) =>
    new Promise<{ status: number; etag: string | undefined; body: string }>((resolve, reject) => {
      const url = `${running.service.url}?query=${encodeURIComponent("{ __typename }")}`;
      http
        .get(url, { headers: { "apollo-require-preflight": "true", ...headers } }, (response) => {
          let body = "";
          response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, etag: response.headers.etag, body }));
        })
        .on("error", reject);
    });

  it("gives a GET answer a weak ETag and answers a matching If-None-Match with 304 and no body", async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ data: { __typename: "Query" } });
    expect(first.etag).toMatch(/^W\/"/);
    expect(await get({ "if-none-match": first.etag! })).toMatchObject({ status: 304, body: "" });
    expect((await get({ "if-none-match": 'W/"other"' })).status).toBe(200);
    // A reload asks past every cache, so it gets the answer again.
    expect((await get({ "if-none-match": first.etag!, "cache-control": "no-cache" })).status).toBe(200);
  });

  it("hashes no ETag over a POST answer, which no cache may reuse", async () => {
    const response = await post(TYPENAME);
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBeNull();
    expect(response.headers.get("content-type")).toMatch(/charset=utf-8/);
    expect(response.headers.get("x-request-id")).toMatch(/\S/);
  });

  it("reads a gzip-compressed body", async () => {
    const response = await post(gzipSync(TYPENAME), { "content-encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });

  it.each([
    ["an unknown content encoding", TYPENAME, { "content-encoding": "zstd-next" }, /content encoding.*gzip, deflate/i],
    ["a charset other than UTF", TYPENAME, { "content-type": "application/json; charset=latin1" }, /charset.*UTF-8/i],
    ["a body that is not JSON", "{ query", {}, /not valid JSON/],
    ["a JSON body that is not an object", '"{ __typename }"', {}, /not valid JSON/],
  ])("refuses %s with a typed 400", async (_case, body, headers, message) => {
    const response = await post(body, headers);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as ErrorAnswer;
    expect(answer.errors[0]?.extensions.code).toBe("BAD_REQUEST");
    expect(answer.errors[0]?.message).toMatch(message);
  });

  it("answers on the mount's other spellings, as Express's mount did", async () => {
    for (const path of ["/GraphQL", "/graphql/"]) expect((await post(TYPENAME, {}, path)).status).toBe(200);
    expect((await post(TYPENAME, {}, "/graphqlx")).status).toBe(404);
  });

  it("keeps serving after a client leaves in the middle of its body", async () => {
    const { port } = new URL(running.service.url);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => {
        socket.write(
          "POST /graphql HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{",
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
      socket.on("error", reject);
    });
    expect((await post(TYPENAME)).status).toBe(200);
  });

  it.each([
    ["a body that is not JSON", "{ jsonrpc", {}, 400, -32700, /not valid JSON/],
    ["an unknown content encoding", "{}", { "content-encoding": "zstd-next" }, 400, -32700, /gzip, deflate/],
    ["a body over MAX_BODY_BYTES", JSON.stringify({ pad: "x".repeat(600 * 1024) }), {}, 413, -32600, /larger than/],
  ])("answers %s at /mcp with a JSON-RPC error", async (_case, body, headers, status, code, message) => {
    const response = await post(body, { accept: "application/json, text/event-stream", ...headers }, "/mcp");
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { jsonrpc: string; error: { code: number; message: string } };
    expect(answer).toMatchObject({ jsonrpc: "2.0", error: { code } });
    expect(answer.error.message).toMatch(message);
  });
});
