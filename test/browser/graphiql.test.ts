// GraphiQL served by the service from npm assets: headless Chromium loads /graphiql, runs a query over
// HTTP and a subscription over graphql-ws, and reads both results on the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { artifactPath, chromiumAvailable, launchChromium } from "./chromium.js";

const QUERY = `query Resolve { problem(ref: "cp:erdos:1") { status matchedBy problem { stableId title } } }`;
const SUBSCRIPTION = `subscription Replay { researchEvents(afterSequence: "0") { sequence eventType } }`;

describe.skipIf(!chromiumAvailable("GraphiQL browser test"))("GraphiQL in headless Chromium", () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    service = await startTestService({ name: "embedded" });
    browser = await launchChromium();
    page = await openPage();
  });

  /** A page in a browser context of its own (so its own localStorage), its console errors and failed requests collected. */
  async function openPage(): Promise<Page> {
    const opened = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    opened.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    opened.on("pageerror", (error) => problems.push(error.message));
    opened.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
    return opened;
  }

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** Opens GraphiQL with `query` in the editor, runs it, and returns the result pane's text once `expected` shows. */
  async function run(
    query: string,
    expected: string,
    headers?: string,
  ): Promise<{ loadMs: number; resultMs: number; text: string }> {
    const started = Date.now();
    const preset = headers ? `&headers=${encodeURIComponent(headers)}` : "";
    await page.goto(`${service.baseUrl}/graphiql?query=${encodeURIComponent(query)}${preset}`);
    await page.locator(".graphiql-query-editor .CodeMirror").first().waitFor({ state: "visible" });
    await expect.poll(() => page.locator(".graphiql-query-editor").innerText()).toContain(query.slice(0, 20));
    const loadMs = Date.now() - started;
    const clicked = Date.now();
    await page.locator(".graphiql-execute-button").click();
    const result = page.locator(".result-window");
    await expect.poll(() => result.innerText(), { timeout: 10_000 }).toContain(expected);
    return { loadMs, resultMs: Date.now() - clicked, text: await result.innerText() };
  }

  it("loads from the service's own assets, runs a query and shows the result", async () => {
    const { loadMs, resultMs, text } = await run(QUERY, "RESOLVED");
    console.info(`[browser] GraphiQL page load ${loadMs} ms, query result on page ${resultMs} ms`);
    expect(text).toContain("cp:erdos:1");
    await page.screenshot({ path: artifactPath("graphiql.png") });
    expect(problems).toEqual([]);
  });

  it("opens on the service's name and its example operations, one tab each", async () => {
    // A new context, so a first visit: GraphiQL stores its tabs as they change, and clearing localStorage
    // while the previous test's GraphiQL was open could be written over (seen once in CI: an empty editor).
    const fresh = await openPage();
    try {
      await fresh.goto(`${service.baseUrl}/graphiql`);
      await fresh.locator(".graphiql-query-editor .CodeMirror").first().waitFor({ state: "visible" });
      await expect
        .poll(() => fresh.locator(".graphiql-query-editor").innerText(), { timeout: 10_000 })
        .toContain("query FindProblem");
      expect(await fresh.title()).toContain("Erdős research memory");
      await expect.poll(() => fresh.locator(".graphiql-tab").count()).toBe(5);
      expect(problems).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("runs a subscription over graphql-ws and shows its events", async () => {
    const { resultMs, text } = await run(SUBSCRIPTION, "problem.created");
    console.info(`[browser] GraphiQL subscription result on page ${resultMs} ms`);
    expect(text).toContain('"sequence"');
    expect(problems).toEqual([]);
  });

  it("authenticates the socket with the header editor's token and keeps the token out of localStorage", async () => {
    const { token } = await createOperatorWithToken(service.services.db.prisma, "READER");
    const { text: allowed } = await run(
      SUBSCRIPTION,
      "problem.created",
      JSON.stringify({ Authorization: `Bearer ${token}` }),
    );
    expect(allowed).toContain('"sequence"');
    // A token the service does not know: the socket is refused (4403), so no event can show.
    await page.goto(
      `${service.baseUrl}/graphiql?query=${encodeURIComponent(SUBSCRIPTION)}&headers=${encodeURIComponent(JSON.stringify({ Authorization: "Bearer not-a-real-token" }))}`,
    );
    await page.locator(".graphiql-execute-button").click();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await page.locator(".result-window").innerText()).not.toContain("problem.created");
    // Runs in the page, where `localStorage` exists; the test's own tsconfig has no DOM types.
    const stored = await page.evaluate<string[]>(
      "Object.keys(localStorage).filter((key) => /header/i.test(key)).map((key) => localStorage.getItem(key))",
    );
    expect(stored.join("")).not.toContain("not-a-real-token");
    expect(stored.join("")).not.toContain(token);
    problems.splice(0);
  });

  it("is also what a browser gets at GET /graphql", async () => {
    const response = await fetch(service.url, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("assets/graphiql.js");
  });
});
