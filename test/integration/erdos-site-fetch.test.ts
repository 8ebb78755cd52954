// The fetch command's engine against a local HTTP server serving recorded fixture pages: polite
// spacing, a 500 retried, a 404 reported, pages cached on disk, and a second run that resumes.
import { once } from "node:events";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseErdosSite } from "../../src/features/catalogue/domain/parse-erdos-site.js";
import {
  DEFAULT_DELAY_MS,
  fetchErdosStatements,
  type FetchProgress,
} from "../../src/features/catalogue/site-fetch/fetch-erdos-statements.js";
import { erdosSiteFixturesDir } from "../unit/catalogue/catalogue-test-paths.js";

/** Short enough for a test, long enough that spacing is measurable. */
const TEST_DELAY_MS = 40;

interface Hit {
  path: string;
  at: number;
  userAgent: string | undefined;
}

describe("fetching erdosproblems.com statements from a local server", () => {
  let server: Server;
  let baseUrl: string;
  let hits: Hit[];
  let failuresLeft: Map<string, number>;
  let workDir: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const requestPath = request.url ?? "/";
      hits.push({ path: requestPath, at: Date.now(), userAgent: request.headers["user-agent"] });
      const failures = failuresLeft.get(requestPath) ?? 0;
      if (failures > 0) {
        failuresLeft.set(requestPath, failures - 1);
        response.writeHead(500, { "content-type": "text/plain" }).end("temporarily broken");
        return;
      }
      const number = /^\/(\d+)$/.exec(requestPath)?.[1];
      readFile(path.join(erdosSiteFixturesDir, "pages", `${number}.html`), "utf8").then(
        (html) => response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html),
        () => response.writeHead(404, { "content-type": "text/html" }).end("<html><body>No such problem</body></html>"),
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
    await once(server, "close");
  });

  beforeEach(async () => {
    hits = [];
    failuresLeft = new Map([["/21", 1]]); // 21 answers 500 once, then its page
    workDir = await mkdtemp(path.join(tmpdir(), "erdos-site-fetch-"));
    return () => rm(workDir, { recursive: true, force: true });
  });

  const run = (onProgress?: (progress: FetchProgress) => void) =>
    fetchErdosStatements({
      numbers: [2, 20, 21, 22],
      baseUrl,
      delayMs: TEST_DELAY_MS,
      retries: 2,
      outPath: path.join(workDir, "statements.jsonl"),
      cacheDir: path.join(workDir, "cache"),
      onProgress,
    });

  it("writes importable rows in problem order, retries the 500, reports the 404, and keeps its distance", async () => {
    const progress: FetchProgress[] = [];
    const summary = await run((step) => progress.push(step));

    expect(summary).toMatchObject({
      requested: 4,
      fetched: 3,
      fromCache: 0,
      alreadyInOutput: 0,
      missing: [22],
      failed: [],
      httpRequests: 5,
      rowsInOutput: 3,
    });
    const rows = parseErdosSite(await readFile(path.join(workDir, "statements.jsonl"), "utf8"), "statements.jsonl");
    expect(rows.map((row) => row.number)).toEqual([2, 20, 21]);
    expect(rows[1]).toMatchObject({ tags: ["combinatorics"], siteStatus: "OPEN" });
    expect(hits.map((hit) => hit.path)).toEqual(["/2", "/20", "/21", "/21", "/22"]);
    for (const [index, hit] of hits.entries()) {
      if (index > 0) expect(hit.at - hits[index - 1]!.at).toBeGreaterThanOrEqual(TEST_DELAY_MS - 5);
      expect(hit.userAgent).toMatch(/^erdos-research-memory\//);
    }
    expect(progress.map((step) => `${step.done}/${step.total} ${step.outcome}`)).toEqual([
      "1/4 fetched",
      "2/4 fetched",
      "3/4 fetched",
      "4/4 missing",
    ]);
    expect(progress[0]!.etaMs).toBeGreaterThan(0);
    expect(progress.at(-1)!.etaMs).toBe(0);
    expect((await readdir(path.join(workDir, "cache"))).sort()).toEqual(["2.html", "20.html", "21.html"]);
  });

  it("resumes: a second run skips rows already written and asks only for what is missing", async () => {
    await run();
    hits = [];
    const again = await run();
    expect(again).toMatchObject({ alreadyInOutput: 3, fetched: 0, missing: [22], rowsInOutput: 3 });
    expect(hits.map((hit) => hit.path)).toEqual(["/22"]);
  });

  it("rebuilds a lost output file from the disk cache without a request", async () => {
    await run();
    await writeFile(path.join(workDir, "statements.jsonl"), "");
    hits = [];
    const rebuilt = await run();
    expect(rebuilt).toMatchObject({ fromCache: 3, fetched: 0, rowsInOutput: 3 });
    expect(hits.map((hit) => hit.path)).toEqual(["/22"]);
  });

  it("stops with SITE_UNREACHABLE when problem after problem fails, keeping the rows it has", async () => {
    failuresLeft = new Map(["/2", "/20", "/21", "/30", "/31", "/32"].map((failing) => [failing, 10]));
    const outPath = path.join(workDir, "statements.jsonl");
    const fetching = fetchErdosStatements({
      numbers: [1, 2, 20, 21, 30, 31, 32],
      baseUrl,
      delayMs: 1,
      retries: 0,
      outPath,
      cacheDir: path.join(workDir, "cache"),
    });
    await expect(fetching).rejects.toMatchObject({ name: "ErdosSiteFetchError", code: "SITE_UNREACHABLE" });
    expect(hits.map((hit) => hit.path)).toEqual(["/1", "/2", "/20", "/21", "/30", "/31"]);
  });

  it("waits at least a second between requests unless told otherwise", () => {
    expect(DEFAULT_DELAY_MS).toBeGreaterThanOrEqual(1000);
  });
});
