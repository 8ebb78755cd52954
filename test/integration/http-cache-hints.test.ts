// Catalogue reads over GET carry a Cache-Control hint a CDN can use (also with automatic persisted
// queries); anything touching research data, errors, POSTs and token-bearing requests do not get a shared one,
// and answers no cache may keep say `no-store`.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/databases.js";

const PREFLIGHT = { "apollo-require-preflight": "true" };

describe("HTTP cache hints on catalogue reads", () => {
  const running = useTestService({ name: "embedded" }, { CATALOGUE_CACHE_MAX_AGE: "120" });
  const get = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${running.service.url}?${new URLSearchParams(params)}`, { headers: { ...PREFLIGHT, ...headers } });

  it("marks a GET identity lookup public with the configured max age", async () => {
    const query = `query Find($ref: String!) { problem(ref: $ref) { status problem { stableId title statement sources { url } } } }`;
    const response = await get({ query, variables: JSON.stringify({ ref: "cp:erdos:1" }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=120");
  });

  it("marks a GET with an automatic persisted query, once registered, the same way", async () => {
    const query = `{ problems(first: 2) { totalCount edges { node { stableId } } pageInfo { hasNextPage } } }`;
    const extensions = JSON.stringify({
      persistedQuery: { version: 1, sha256Hash: createHash("sha256").update(query).digest("hex") },
    });
    expect((await get({ query, extensions })).status).toBe(200);
    const byHash = await get({ extensions });
    expect(byHash.status).toBe(200);
    expect(byHash.headers.get("cache-control")).toBe("public, max-age=120");
  });

  it("gives no hint when the selection reaches research data", async () => {
    const response = await get({
      query: `{ problem(ref: "cp:erdos:1") { problem { stableId researchObjects(first: 1) { totalCount } } } }`,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("tells caches not to store a POST answer, catalogue or not", async () => {
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ problem(ref: "cp:erdos:1") { status } }` }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("gives no hint to orient, or to an answer with errors", async () => {
    const orient = await get({
      query: `{ orient(input: { problemRef: "cp:erdos:1", intent: ORIENT, problem: "x" }) { __typename } }`,
    });
    expect(orient.headers.get("cache-control")).toBe("no-store");
    const failing = await get({ query: `{ problem(ref: "cp:erdos:1") { problem { nope } } }` });
    expect(failing.headers.get("cache-control") ?? "").not.toMatch(/max-age=[1-9]/);
  });

  it("keeps a request with a token out of shared caches", async () => {
    const response = await get(
      { query: `{ problem(ref: "cp:erdos:1") { status } }` },
      { authorization: "Bearer whatever" },
    );
    expect(response.headers.get("cache-control") ?? "").not.toContain("public");
  });
});
