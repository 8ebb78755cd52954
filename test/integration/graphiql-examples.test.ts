// The example operations GraphiQL opens with (public/graphiql-examples.json) are valid against the
// schema, and the ones a reader can run without a token answer without errors on the default data.
import { readFileSync } from "node:fs";
import { parse, validate, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchema } from "../../src/schema.js";
import { useTestService } from "../helpers/databases.js";

interface ExampleTab {
  name: string;
  needsToken: boolean;
  query: string;
  variables?: string;
}
const examples = JSON.parse(readFileSync(new URL("../../public/graphiql-examples.json", import.meta.url), "utf8")) as {
  title: string;
  tabs: ExampleTab[];
};

describe("GraphiQL's example operations", () => {
  const schema = buildSchema();
  const running = useTestService({ name: "embedded" });

  it("cover finding, discovering, orienting, recording a failed attempt and subscribing", () => {
    const operations = examples.tabs.flatMap((tab) => parse(tab.query).definitions as OperationDefinitionNode[]);
    expect(operations.map((operation) => operation.operation)).toEqual(
      expect.arrayContaining(["query", "mutation", "subscription"]),
    );
    expect(examples.tabs.map((tab) => tab.name)).toEqual([
      "Find a problem",
      "Discover",
      "Orient",
      "Record a failed attempt",
      "Subscribe to freshness",
    ]);
  });

  it.each(examples.tabs.map((tab) => [tab.name, tab] as const))("%s is valid against the schema", (_name, tab) => {
    expect(validate(schema, parse(tab.query)).map((error) => error.message)).toEqual([]);
  });

  it.each(
    examples.tabs
      .filter((tab) => !tab.needsToken && !tab.query.includes("subscription "))
      .map((tab) => [tab.name, tab] as const),
  )("%s runs without a token and answers without errors", async (_name, tab) => {
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: tab.query }),
    });
    const body = (await response.json()) as {
      data?: Record<string, { __typename?: string; code?: string } | null>;
      errors?: unknown[];
    };
    expect(body.errors).toBeUndefined();
    const [answer] = Object.values(body.data ?? {});
    expect(answer).not.toBeNull();
    expect(answer?.code).toBeUndefined();
    // An example that finds nothing teaches nothing.
    expect(JSON.stringify(body.data)).not.toMatch(/"NOT_FOUND"|"candidates":\[\]/);
  });
});
