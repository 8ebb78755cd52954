// The freshness dashboard in headless Chromium: research written through the API shows up on the page
// (event list, live rate, per-view head and lag) within 2 seconds, pushed over graphql-ws.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { startTestService, type TestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../helpers/factories.js";
import { createProjectFor, recordObject } from "../helpers/research-factories.js";
import { DERIVED_VIEWS } from "../../src/projections/freshness.js";
import { artifactPath, chromiumAvailable, launchChromium } from "./chromium.js";

const UPDATE_BUDGET_MS = 2_000;

/** Relay global id "ResearchObject:<uuid>" -> the uuid change events carry. */
const rowId = (globalId: string) => Buffer.from(globalId, "base64").toString("utf8").split(":")[1]!;

describe.skipIf(!chromiumAvailable("dashboard browser test"))("freshness dashboard in headless Chromium", () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  let token: string;
  const problems: string[] = [];
  const socketFrames: string[] = [];
  const httpRequests: string[] = [];

  beforeAll(async () => {
    service = await startTestService({ name: "embedded" });
    token = (await createOperatorWithToken(service.services.db.prisma, "AGENT")).token;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("request", (request) => httpRequests.push(request.url()));
    page.on("websocket", (socket) => socket.on("framesent", (frame) => socketFrames.push(String(frame.payload))));
  });

  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it("shows every derived view and live events, and updates within 2 s of a write", async () => {
    const started = Date.now();
    await page.goto(`${service.baseUrl}/dashboard`);
    await page.waitForSelector('body[data-connection="live"][data-freshness="live"][data-events="live"]');
    await page.waitForSelector(`#views tr[data-view="${DERIVED_VIEWS[0]!.view}"]`);
    const loadMs = Date.now() - started;
    expect(await page.locator("#views tr[data-view]").count()).toBe(DERIVED_VIEWS.length);
    expect(await page.locator("#freshness-unavailable").isHidden()).toBe(true);
    const requestsAfterLoad = httpRequests.length;

    const project = await createProjectFor(service.url, token);
    const written = Date.now();
    const object = await recordObject(service.url, token, project.id);
    const acknowledgedMs = Date.now() - written;
    await page.waitForSelector(`#events li[data-resource-id="${rowId(object.id)}"]`, { timeout: UPDATE_BUDGET_MS });
    const eventMs = Date.now() - written;
    const sequence = Number(await page.locator(`#events li[data-resource-id="${rowId(object.id)}"]`).getAttribute("data-sequence"));
    // A string expression: it runs in the page, and this project's TypeScript has no DOM types.
    await page.waitForFunction(
      `[...document.querySelectorAll("#views tr[data-view]")].every((row) => Number(row.dataset.headSequence) >= ${sequence})`,
      undefined,
      { timeout: UPDATE_BUDGET_MS },
    );
    const freshnessMs = Date.now() - written;
    console.info(
      `[browser] dashboard page load ${loadMs} ms; from the write's start: acknowledged ${acknowledgedMs} ms, ` +
        `event on page ${eventMs} ms, freshness rows ${freshnessMs} ms`,
    );

    expect(eventMs).toBeLessThan(UPDATE_BUDGET_MS);
    expect(freshnessMs).toBeLessThan(UPDATE_BUDGET_MS);
    expect(Number(await page.locator("#event-rate").innerText())).toBeGreaterThanOrEqual(2);
    const link = page.locator(`#events li[data-resource-id="${rowId(object.id)}"] a`);
    expect(await link.innerText()).toBe(object.accession);
    expect(decodeURIComponent((await link.getAttribute("href"))!)).toContain(`researchObject(ref: "${rowId(object.id)}")`);
    await page.screenshot({ path: artifactPath("dashboard.png"), fullPage: true });

    // Pushed, not polled: no HTTP request after the page loaded, and one subscribe per feed on the socket.
    expect(httpRequests.slice(requestsAfterLoad)).toEqual([]);
    expect(socketFrames.filter((frame) => frame.includes('"type":"subscribe"')).length).toBe(3);
    expect(problems).toEqual([]);
  });
});
