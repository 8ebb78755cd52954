// Browser apps on other origins: a preflight from a configured origin is answered, a cross-origin
// JSON POST carries the CORS headers, other origins are refused, and CSRF prevention still stops
// simple cross-site requests.
import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/databases.js";

const APP = "https://app.example.org";
const OTHER = "https://evil.example.net";

describe("CORS (CORS_ORIGINS set)", () => {
  const running = useTestService({ name: "embedded" }, { CORS_ORIGINS: `${APP},https://studio.apollographql.com` });

  const preflight = (origin: string) =>
    fetch(running.service.url, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, authorization",
      },
    });

  it("answers a preflight from a configured origin with the methods and headers a client needs", async () => {
    const response = await preflight(APP);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    expect(response.headers.get("access-control-allow-headers")).toContain("authorization");
    expect(response.headers.get("access-control-allow-headers")).toContain("content-type");
    expect(response.headers.get("vary")).toContain("Origin");
  });

  it("refuses a preflight from another origin with a typed error", async () => {
    const response = await preflight(OTHER);
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe("ORIGIN_NOT_ALLOWED");
  });

  it("serves a cross-origin JSON POST from a configured origin, with the headers the browser may read", async () => {
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { origin: APP, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(APP);
    expect(response.headers.get("access-control-expose-headers")).toContain("retry-after");
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });

  it("gives no CORS headers to another origin's POST", async () => {
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { origin: OTHER, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("keeps CSRF prevention for simple requests, even from a configured origin", async () => {
    const simplePost = await fetch(running.service.url, {
      method: "POST",
      headers: { origin: APP, "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(simplePost.status).toBe(400);
    const simpleGet = await fetch(`${running.service.url}?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { origin: OTHER },
    });
    expect(simpleGet.status).toBe(400);
  });
});

describe("CORS (defaults of the test environment)", () => {
  const running = useTestService({ name: "embedded" });

  it("is off: a preflight from a loopback origin is refused outside development", async () => {
    const response = await fetch(running.service.url, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
    });
    expect(response.status).toBe(403);
  });
});
