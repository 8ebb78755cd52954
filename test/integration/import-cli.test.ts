// The import command line as a user meets it: bad statement files fail with one line naming the
// file and line (exit 1, nothing written), and the fetch command reports progress and a summary.
import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erdosSiteFixturesDir, repoRoot } from "../unit/catalogue/catalogue-test-paths.js";

const run = promisify(execFile);

interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function importCli(workDir: string, ...args: string[]): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", "src/cli/import.ts", ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: path.join(workDir, "data"), LOG_LEVEL: "warn" },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : -1,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
    };
  }
}

describe("npm run import", () => {
  let workDir: string;
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), "import-cli-"));
    server = createServer((request, response) => {
      readFile(path.join(erdosSiteFixturesDir, "pages", `${request.url?.slice(1)}.html`), "utf8").then(
        (html) => response.writeHead(200, { "content-type": "text/html" }).end(html),
        () => response.writeHead(404).end("not found"),
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it(
    "names the file and line of a malformed statements file, and a file that does not exist",
    { timeout: 120_000 },
    async () => {
      const broken = path.join(erdosSiteFixturesDir, "broken-line-2.jsonl");
      const malformed = await importCli(workDir, "catalogue", "--erdos-statements", broken);
      expect(malformed.code).toBe(1);
      expect(malformed.stderr).toContain(`import failed, nothing was written: ${broken}, line 2: not valid JSON`);
      const missing = await importCli(workDir, "catalogue", "--erdos-statements", path.join(workDir, "absent.jsonl"));
      expect(missing).toMatchObject({ code: 1 });
      expect(missing.stderr).toContain("absent.jsonl: cannot read the file (no such file)");
    },
  );

  it("fetches statements with a progress line per problem and a summary", { timeout: 120_000 }, async () => {
    const out = path.join(workDir, "fetched.jsonl");
    const fetched = await importCli(
      workDir,
      "fetch-erdos-statements",
      "--out",
      out,
      "--base-url",
      baseUrl,
      "--delay-ms",
      "10",
      "--from",
      "19",
      "--to",
      "21",
    );
    expect(fetched.code).toBe(0);
    expect(fetched.stderr).toMatch(/\[1\/3\] #19 missing, ETA/);
    expect(fetched.stderr).toMatch(/\[3\/3\] #21 fetched, ETA 0s/);
    expect(fetched.stdout).toContain("2 rows in");
    expect(fetched.stdout).toContain("2 fetched, 0 from the cache, 0 already there; 1 missing, 0 failed");
    expect(fetched.stdout).toContain("T. F. Bloom, Erdős Problem #N, https://www.erdosproblems.com/N");
    expect((await readFile(out, "utf8")).trim().split("\n")).toHaveLength(2);
    const usage = await importCli(workDir, "fetch-erdos-statements", "--out", out, "--to", "many");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--to must be a whole number");
  });
});
