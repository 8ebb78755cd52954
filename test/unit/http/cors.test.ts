import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "../../../src/env.js";
import { isAllowedOrigin } from "../../../src/http/cors.js";

describe("CORS_ORIGINS", () => {
  it("allows loopback origins in development and nothing in production by default", () => {
    const development = parseEnv({}).cors;
    expect(isAllowedOrigin(development, "http://localhost:5173")).toBe(true);
    expect(isAllowedOrigin(development, "http://127.0.0.1:4000")).toBe(true);
    expect(isAllowedOrigin(development, "http://localhost.evil.example:80")).toBe(false);
    expect(isAllowedOrigin(development, "https://app.example.org")).toBe(false);
    const production = parseEnv({ NODE_ENV: "production" }).cors;
    expect(isAllowedOrigin(production, "http://localhost:5173")).toBe(false);
  });

  it("allows exactly the listed origins, and `none` turns even loopback off", () => {
    const listed = parseEnv({ CORS_ORIGINS: "https://app.example.org, https://studio.apollographql.com" }).cors;
    expect(isAllowedOrigin(listed, "https://app.example.org")).toBe(true);
    expect(isAllowedOrigin(listed, "https://app.example.org.evil.net")).toBe(false);
    expect(isAllowedOrigin(listed, "http://localhost:5173")).toBe(false);
    expect(isAllowedOrigin(parseEnv({ CORS_ORIGINS: "none" }).cors, "http://localhost:5173")).toBe(false);
  });

  it.each([["app.example.org"], ["https://app.example.org/"], ["https://app.example.org/path"], ["*"]])(
    "rejects %s with a message naming the setting",
    (value) => {
      expect(() => parseEnv({ CORS_ORIGINS: value })).toThrow(ConfigurationError);
      expect(() => parseEnv({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS/);
    },
  );
});
