// The load side of bench:writes: GraphQL clients that record research, some requests retried with
// the same idempotency key (after the answer, or while the first is still in flight). It runs in a
// worker thread, so the clients' own HTTP work does not share the service's event loop (as in
// bench:http); the statistics come back to the main thread for the integrity checks.
import http from "node:http";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { seededRandom as random } from "../../src/platform/lib/seeded-random.js";
import { benchRecord } from "./bench-records.js";
import { RECORD } from "./bench-service.js";
import { threadCpuMs } from "./cpu-accounting.js";

/** Attempts per request when the transport fails (connection reset, timeout); answers are never retried blindly. */
const MAX_TRANSPORT_ATTEMPTS = 3;
/** A quarter of the retried writes send their duplicate while the first request is still in flight. */
const CONCURRENT_RETRY_SHARE = 0.25;
/** The records' content has its own seeded sequence, so the retry pattern stays what the seed made it before. */
const CONTENT_SEED_OFFSET = 500_000;

export interface RunContext {
  url: string;
  tokens: string[];
  /** The projects written to; a client's write `index` goes to project (client + index) mod their number. */
  projectIds: string[];
  runId: string;
}

export interface ClientRun {
  context: RunContext;
  clients: number;
  writesPerClient: number;
  retryFraction: number;
  seed: number;
}

export interface WriteAnswer {
  id: string;
  accession: string;
  replayed: boolean;
}

export interface Stats {
  latencies: number[];
  /** Accepted writes by (client, idempotency key). */
  accepted: Map<string, WriteAnswer>;
  /** Each client's accepted writes (accessions) in the order it issued them (a client waits for each answer). */
  issued: Map<number, string[]>;
  replays: { key: string; original: string | null; answer: WriteAnswer }[];
  failures: string[];
  transportRetries: number;
  /** CPU of the clients' thread over the run (ms), null off Linux. */
  cpuMs: number | null;
}

const newStats = (): Stats => ({
  latencies: [],
  accepted: new Map(),
  issued: new Map(),
  replays: [],
  failures: [],
  transportRetries: 0,
  cpuMs: null,
});

/**
 * One POST on a keep-alive connection with node:http: the load generator shares the machine with the
 * service and the database, so it spends as little CPU per request as it can (fetch cost about three
 * times as much per request in this thread).
 */
function post(agent: http.Agent, url: URL, token: string, payload: Buffer): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": payload.length,
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
          } catch (error) {
            reject(error as Error);
          }
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

async function send(
  target: Target,
  token: string,
  input: Record<string, unknown>,
  stats: Stats,
): Promise<WriteAnswer | null> {
  const payload = Buffer.from(JSON.stringify({ query: RECORD, variables: { input } }));
  for (let attempt = 1; attempt <= MAX_TRANSPORT_ATTEMPTS; attempt += 1) {
    const started = performance.now();
    try {
      const body = (await post(target.agent, target.url, token, payload)) as {
        data?: { recordResearch: Record<string, unknown> };
        errors?: unknown[];
      };
      stats.latencies.push(performance.now() - started);
      const result = body.data?.recordResearch;
      if (!result || result.__typename !== "ResearchObjectPayload") {
        stats.failures.push(`${String(input.idempotencyKey)}: ${JSON.stringify(result ?? body.errors)}`);
        return null;
      }
      const object = result.researchObject as { id: string; accession: string };
      return { id: object.id, accession: object.accession, replayed: result.replayed as boolean };
    } catch (error) {
      // The request may or may not have committed: the same key makes the retry safe either way.
      stats.transportRetries += 1;
      if (attempt === MAX_TRANSPORT_ATTEMPTS)
        stats.failures.push(`${String(input.idempotencyKey)}: ${(error as Error).message}`);
    }
  }
  return null;
}

function note(stats: Stats, client: number, key: string, answers: (WriteAnswer | null)[]): void {
  const fresh = answers.filter((answer): answer is WriteAnswer => answer !== null && !answer.replayed);
  if (fresh.length > 1) stats.failures.push(`${key}: ${fresh.length} requests with one key were each accepted as new`);
  const original = fresh[0] ?? null;
  if (original) {
    stats.accepted.set(`${client}/${key}`, original);
    stats.issued.set(client, [...(stats.issued.get(client) ?? []), original.accession]);
  }
  for (const answer of answers)
    if (answer?.replayed) stats.replays.push({ key, original: original?.id ?? null, answer });
}

interface Target {
  url: URL;
  agent: http.Agent;
}

async function runClient(
  client: number,
  writes: number,
  options: ClientRun,
  context: RunContext,
  target: Target,
  stats: Stats,
) {
  const next = random(options.seed * 1_000 + client);
  const nextContent = random(options.seed * 1_000 + client + CONTENT_SEED_OFFSET);
  for (let index = 0; index < writes; index += 1) {
    const key = `bench-${context.runId}-w${index}`;
    const input = {
      projectId: context.projectIds[(client + index) % context.projectIds.length]!,
      ...benchRecord(nextContent, client * writes + index),
      idempotencyKey: key,
    };
    const roll = next();
    const token = context.tokens[client]!;
    if (roll < options.retryFraction * CONCURRENT_RETRY_SHARE) {
      note(
        stats,
        client,
        key,
        await Promise.all([send(target, token, input, stats), send(target, token, input, stats)]),
      );
    } else if (roll < options.retryFraction) {
      const first = await send(target, token, input, stats);
      note(stats, client, key, [first, await send(target, token, input, stats)]);
    } else {
      note(stats, client, key, [await send(target, token, input, stats)]);
    }
  }
}

/** All clients of one run, in this thread. */
async function runAll(run: ClientRun): Promise<Stats> {
  const stats = newStats();
  // Two sockets per client: a retry may be sent while its first request is still in flight.
  const target = {
    url: new URL(run.context.url),
    agent: new http.Agent({ keepAlive: true, maxSockets: run.clients * 2 }),
  };
  const cpuBefore = threadCpuMs();
  await Promise.all(
    Array.from({ length: run.clients }, (_, client) =>
      runClient(client, run.writesPerClient, run, run.context, target, stats),
    ),
  );
  target.agent.destroy();
  const cpuAfter = threadCpuMs();
  stats.cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  return stats;
}

/**
 * Runs the clients in a worker thread (this file, under the same TypeScript loader) and returns their
 * statistics. `begin` runs once the worker has loaded, just before its first request, so the caller's
 * clock and counters leave the worker's start-up out.
 */
export function runClientsInWorker(run: ClientRun, begin: () => void): Promise<Stats> {
  // Node 20 does not pass the TypeScript loader to workers: the worker registers tsx's, then imports this file.
  const boot = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: run });
  return new Promise((resolve, reject) => {
    worker.on("message", (message: "ready" | Stats) => {
      if (message === "ready") {
        begin();
        worker.postMessage("go");
      } else void worker.terminate().then(() => resolve(message));
    });
    worker.once("error", reject);
  });
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.once("message", () => void runAll(workerData as ClientRun).then((stats) => port.postMessage(stats)));
  port.postMessage("ready");
}
