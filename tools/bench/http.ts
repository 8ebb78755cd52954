// `npm run bench:http`: req/s and latency of an exact `problem(ref)` query on the service next to a
// bare Apollo Server (on the same HTTP route, src/http/graphql-http.ts) answering a constant, in one run on one machine.
// The load generator is the same for both: keep-alive HTTP/1.1 loops in a worker thread, loopback only.
// The two sides run in alternating slices (BENCH_ROUNDS of each), so a drift in machine load hits both.
// Settings: BENCH_SECONDS (10 per side), BENCH_ROUNDS (5), BENCH_CONNECTIONS (32), DATABASE_URL (unset: embedded database).
// `--profile FILE` records a CPU profile of a further service slice and prints where the time goes.
import http from "node:http";
import { Worker } from "node:worker_threads";
import { ApolloServer } from "@apollo/server";
import { createGraphQLHttpHandler } from "../../src/http/graphql-http.js";
import { parseEnv } from "../../src/env.js";
import { createLogger } from "../../src/logger.js";
import { startService } from "../../src/service.js";
import { readCommandLine } from "../../src/cli/command-line.js";
import { startCpuProfile, summariseProfile } from "./cpu-profile.js";

const USAGE = [
  "usage: npm run bench:http [-- --profile FILE]",
  "  req/s and latency of problem(ref) on the service next to a bare Apollo Server, and their ratio",
  "  --profile FILE  write a CPU profile of the service's timed run to FILE (.cpuprofile) and print its summary",
  "  settings from the environment: BENCH_SECONDS (10 per side), BENCH_ROUNDS (5 alternating slices per side),",
  "  BENCH_CONNECTIONS (32), DATABASE_URL (unset: embedded database)",
].join("\n");
const { values } = readCommandLine({ args: process.argv.slice(2), options: { profile: { type: "string" } } }, USAGE);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
}

/** Plain JavaScript so the worker needs no TypeScript loader; one keep-alive socket per connection. */
const LOAD_LOOP = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const { url, body, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const payload = Buffer.from(body);
const latencies = [];
let requests = 0, errors = 0;
const deadline = Date.now() + seconds * 1000;
function once() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent,
      headers: { "content-type": "application/json", "content-length": payload.length } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        if (response.statusCode !== 200 || text.includes('"errors"')) errors += 1;
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        requests += 1;
        resolve();
      });
    });
    request.on("error", () => { errors += 1; resolve(); });
    request.end(payload);
  });
}
async function connection() { while (Date.now() < deadline) await once(); }
const began = Date.now();
Promise.all(Array.from({ length: connections }, connection)).then(() => {
  agent.destroy();
  parentPort.postMessage({ requests, errors, seconds: (Date.now() - began) / 1000, latenciesMs: latencies });
});
`;

function combined(slices: LoadResult[]): LoadResult {
  return {
    requests: slices.reduce((sum, slice) => sum + slice.requests, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
    seconds: slices.reduce((sum, slice) => sum + slice.seconds, 0),
    latenciesMs: slices.flatMap((slice) => slice.latenciesMs),
  };
}

function drive(url: string, query: string, variables: Record<string, unknown>, seconds: number): Promise<LoadResult> {
  const worker = new Worker(LOAD_LOOP, {
    eval: true,
    workerData: { url, body: JSON.stringify({ query, variables }), connections: CONNECTIONS, seconds },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (result: LoadResult) => void worker.terminate().then(() => resolve(result)));
    worker.once("error", reject);
  });
}

async function startBareApollo(): Promise<{ url: string; stop(): Promise<void> }> {
  const apollo = new ApolloServer({
    typeDefs: "type Query { constant: String! }",
    resolvers: { Query: { constant: () => "constant" } },
  });
  await apollo.start();
  const route = createGraphQLHttpHandler({
    apollo,
    cors: { origins: [], allowLoopback: false },
    maxBodyBytes: 512 * 1024,
    logger: createLogger("warn"),
    context: async () => ({}),
  });
  const server = http.createServer(route);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}/graphql`,
    async stop() {
      await apollo.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function report(name: string, result: LoadResult): string {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const rate = result.requests / result.seconds;
  return `${name.padEnd(42)} ${String(result.requests).padStart(8)} ${rate.toFixed(0).padStart(8)} ${percentile(sorted, 50).toFixed(2).padStart(8)} ${percentile(sorted, 95).toFixed(2).padStart(8)} ${percentile(sorted, 99).toFixed(2).padStart(8)} ${String(result.errors).padStart(7)}`;
}

async function main(): Promise<void> {
  // The write limit never applies to these reads; logs stay quiet so they do not cost time.
  const env = parseEnv({ ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", RUN_WORKER: "false" });
  const service = await startService(env, {
    dataDir: env.databaseUrl ? undefined : null,
    logger: createLogger("warn"),
  });
  const bare = await startBareApollo();
  const exact = {
    query: "query Exact($ref: String!) { problem(ref: $ref) { status matchedBy problem { stableId title } } }",
    variables: { ref: "cp:erdos:1" },
  };
  const constant = { query: "query Constant { constant }", variables: {} };
  try {
    console.log(
      `bench:http  ${SECONDS}s per side after ${WARMUP_SECONDS}s warm-up, ${CONNECTIONS} keep-alive connections, database ${service.services.db.kind}`,
    );
    await drive(bare.url, constant.query, constant.variables, WARMUP_SECONDS);
    await drive(service.server.url, exact.query, exact.variables, WARMUP_SECONDS);
    // Alternating slices: a change in the machine's load during the run weighs on both sides alike.
    const bareSlices: LoadResult[] = [];
    const serviceSlices: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareSlices.push(await drive(bare.url, constant.query, constant.variables, SECONDS / ROUNDS));
      serviceSlices.push(await drive(service.server.url, exact.query, exact.variables, SECONDS / ROUNDS));
    }
    const bareResult = combined(bareSlices);
    const serviceResult = combined(serviceSlices);
    // Profiled apart from the measured slices, so the profiler's cost is not in the figures.
    const profiling = values.profile ? await startCpuProfile() : null;
    if (profiling) await drive(service.server.url, exact.query, exact.variables, SECONDS / ROUNDS);
    const profile = profiling ? await profiling.stop(values.profile!) : null;
    console.log(
      `${"target".padEnd(42)} ${"requests".padStart(8)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"errors".padStart(7)}`,
    );
    console.log(report("bare Apollo Server, constant", bareResult));
    console.log(report(`service, exact problem(ref) [${service.services.db.kind}]`, serviceResult));
    const rate = (result: LoadResult) => result.requests / result.seconds;
    console.log(`ratio service/bare: ${(rate(serviceResult) / rate(bareResult)).toFixed(2)} (target >= 0.50)`);
    if (profile)
      console.log(
        `\nCPU profile of a further ${SECONDS / ROUNDS}s of the service: ${values.profile}\n${summariseProfile(profile)}`,
      );
  } finally {
    await bare.stop();
    await service.stop();
  }
}

await main();
