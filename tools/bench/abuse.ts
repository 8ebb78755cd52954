// `npm run bench:abuse`: the hostile mix and a subscription flood against a running service, printing
// INTERNAL_SERVER_ERROR and 5xx counts, the slowest answer, and the p50/p95 of a concurrent
// `problem(ref)` probe (and of writes) with and without the flood.
// Settings: BENCH_URL (unset: starts `node src/main.ts` on a fresh embedded database in a temp dir and
// stops it after), BENCH_TOKEN (an AGENT token for BENCH_URL; without one the write cases are skipped),
// BENCH_FLOOD_SOCKETS (2), BENCH_FLOOD_PER_SOCKET (500), BENCH_PROBES (200).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Client } from "graphql-ws";
import { openDatabase } from "../../src/platform/db/database.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import {
  faultOf,
  sendBody,
  sendOverHttp,
  sendOverSocket,
  socketClient,
  type Answer,
} from "../../test/helpers/hostile-client.js";
import { hostileBodies, hostileOperations, type HostileContext } from "../../test/helpers/hostile-operations.js";
import { readCommandLine } from "../../src/cli/command-line.js";

const USAGE = [
  "usage: npm run bench:abuse",
  "  the hostile mix and a subscription flood against a service; takes no arguments",
  "  settings from the environment: BENCH_URL (unset: starts a service on a fresh embedded database), BENCH_TOKEN (an AGENT token),",
  "  BENCH_FLOOD_SOCKETS (2), BENCH_FLOOD_PER_SOCKET (500), BENCH_PROBES (200)",
].join("\n");
readCommandLine({ args: process.argv.slice(2), options: {} }, USAGE);

const FLOOD_SOCKETS = Number(process.env.BENCH_FLOOD_SOCKETS ?? 2);
const FLOOD_PER_SOCKET = Number(process.env.BENCH_FLOOD_PER_SOCKET ?? 500);
const PROBES = Number(process.env.BENCH_PROBES ?? 200);
const PROBE = JSON.stringify({ query: 'query { problem(ref: "erdos-1") { status } }' });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the service did not become healthy within 120 s");
}

/** A fresh embedded service in its own process, with an AGENT token made before it starts (the directory is locked after). */
async function startOwnService(): Promise<{ url: string; token: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rms-bench-abuse-"));
  const db = await openDatabase({ databaseUrl: null, dataDir });
  const { token } = await createOperator({ prisma: db.prisma, name: "bench-abuse", role: "AGENT" });
  await db.close();
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return {
    url: `${baseUrl}/graphql`,
    token,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function post(url: string, body: string, token?: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return (await response.json()) as Record<string, unknown>;
}

async function writeContext(url: string, token: string): Promise<HostileContext> {
  const project = (await post(
    url,
    JSON.stringify({
      query:
        "mutation($i: CreateProjectInput!) { createProject(input: $i) { ... on CreateProjectPayload { project { id } } ... on ResearchError { code message } } }",
      variables: {
        i: { problemRef: "erdos-1", name: `bench-abuse ${Date.now()}`, idempotencyKey: `bench-abuse-${Date.now()}` },
      },
    }),
    token,
  )) as { data?: { createProject?: { project?: { id: string }; message?: string } } };
  const projectId = project.data?.createProject?.project?.id;
  if (!projectId) throw new Error(`could not create a project: ${JSON.stringify(project)}`);
  const recorded = (await post(
    url,
    JSON.stringify({ query: RECORD, variables: { i: researchInput(projectId, "seed") } }),
    token,
  )) as {
    data?: { recordResearch?: { researchObject?: { accession: string } } };
  };
  const accession = recorded.data?.recordResearch?.researchObject?.accession;
  if (!accession) throw new Error(`could not record research: ${JSON.stringify(recorded)}`);
  return { projectId, researchRef: accession };
}

const RECORD =
  "mutation($i: RecordResearchInput!) { recordResearch(input: $i) { __typename ... on ResearchObjectPayload { researchObject { accession } } } }";
const researchInput = (projectId: string, key: string) => ({
  projectId,
  kind: "CLAIM",
  title: `Bench claim ${key}`,
  body: `A bench claim ${key}.`,
  idempotencyKey: `bench-${key}-${Date.now()}`,
});

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

async function probe(url: string, count: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: PROBE }).then(
      (response) => response.text(),
    );
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function timedWrites(
  url: string,
  token: string | undefined,
  context: HostileContext | null,
  count: number,
): Promise<number[]> {
  if (!token || !context) return [];
  const latencies: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await post(
      url,
      JSON.stringify({ query: RECORD, variables: { i: researchInput(context.projectId, `w${index}`) } }),
      token,
    );
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Opens the flood: every socket asks for FLOOD_PER_SOCKET subscriptions from sequence 0. */
async function flood(url: string): Promise<{ clients: Client[]; accepted: number; refused: Record<string, number> }> {
  const clients: Client[] = [];
  let accepted = 0;
  const refused: Record<string, number> = {};
  const attempts: Promise<void>[] = [];
  for (let socket = 0; socket < FLOOD_SOCKETS; socket += 1) {
    const client = socketClient(url);
    clients.push(client);
    for (let index = 0; index < FLOOD_PER_SOCKET; index += 1) {
      attempts.push(
        new Promise<void>((resolve) => {
          let settled = false;
          const settle = () => {
            if (!settled) resolve();
            settled = true;
          };
          client.subscribe(
            { query: 'subscription { researchEvents(afterSequence: "0") { sequence } }' },
            {
              next: () => {
                if (!settled) accepted += 1;
                settle();
              },
              error: (error) => {
                const code = Array.isArray(error)
                  ? String(error[0]?.extensions?.code)
                  : `closed ${(error as { code?: number }).code}`;
                refused[code] = (refused[code] ?? 0) + 1;
                settle();
              },
              complete: settle,
            },
          );
          setTimeout(settle, 10_000);
        }),
      );
    }
  }
  await Promise.all(attempts);
  return { clients, accepted, refused };
}

function summarise(answers: Answer[]) {
  const faults = answers.filter((answer) => faultOf(answer) !== null);
  const slowest = answers.reduce((worst, answer) => (answer.ms > worst.ms ? answer : worst), answers[0]!);
  return {
    sent: answers.length,
    internalErrors: answers.filter((answer) => answer.codes.includes("INTERNAL_SERVER_ERROR")).length,
    status5xx: answers.filter((answer) => answer.status >= 500).length,
    faults: faults.map((answer) => `${answer.transport} ${answer.name}: ${faultOf(answer)}`),
    slowest: `${slowest.transport} ${slowest.name} ${slowest.ms.toFixed(0)} ms`,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const own = process.env.BENCH_URL ? null : await startOwnService();
  const url = process.env.BENCH_URL ?? own!.url;
  const token = process.env.BENCH_TOKEN ?? own?.token;
  const baseUrl = url.replace(/\/graphql$/, "");
  try {
    const context = token ? await writeContext(url, token) : null;
    const operations = hostileOperations(context ?? { projectId: "UHJvamVjdDp4", researchRef: "R1" }).filter(
      (operation) => token || !operation.authenticated,
    );
    console.error(
      `hostile mix: ${operations.length} operations over HTTP and graphql-ws, ${hostileBodies(context ?? { projectId: "x", researchRef: "R1" }).length} malformed bodies`,
    );
    const answers: Answer[] = [];
    for (const operation of operations) answers.push(await sendOverHttp(url, operation, token));
    for (const body of hostileBodies(context ?? { projectId: "x", researchRef: "R1" }))
      answers.push(await sendBody(url, body, token));
    const anonymous = socketClient(url);
    const operator = socketClient(url, token);
    for (const operation of operations)
      answers.push(await sendOverSocket(operation.authenticated ? operator : anonymous, operation));
    await anonymous.dispose();
    await operator.dispose();
    const mix = summarise(answers);
    const alive = (await fetch(`${baseUrl}/health`)).ok;

    console.error(`probe without flood: ${PROBES} sequential problem(ref) requests`);
    const quiet = await probe(url, PROBES);
    const quietWrites = await timedWrites(url, token, context, 20);
    console.error(`flood: ${FLOOD_SOCKETS} sockets x ${FLOOD_PER_SOCKET} researchEvents(afterSequence: "0")`);
    const flooded = await flood(url);
    const [busy, busyWrites] = await Promise.all([probe(url, PROBES), timedWrites(url, token, context, 20)]);
    for (const client of flooded.clients) await client.dispose();

    const report = {
      service: url,
      hostileMix: { ...mix, aliveAfter: alive },
      flood: {
        sockets: FLOOD_SOCKETS,
        perSocket: FLOOD_PER_SOCKET,
        accepted: flooded.accepted,
        refused: flooded.refused,
      },
      probe: {
        quiet: { p50: ms(percentile(quiet, 0.5)), p95: ms(percentile(quiet, 0.95)) },
        flooded: { p50: ms(percentile(busy, 0.5)), p95: ms(percentile(busy, 0.95)) },
      },
      writes: quietWrites.length
        ? {
            quiet: { p50: ms(percentile(quietWrites, 0.5)), p95: ms(percentile(quietWrites, 0.95)) },
            flooded: { p50: ms(percentile(busyWrites, 0.5)), p95: ms(percentile(busyWrites, 0.95)) },
          }
        : "skipped (no BENCH_TOKEN)",
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await own?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
