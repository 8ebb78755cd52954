// Research write throughput: 8 concurrent GraphQL clients record research objects, some requests
// retried with the same idempotency key (after the answer, or while the first is still in flight),
// then an integrity check: objects = events = accepted writes, accessions without gap or duplicate.
//
// npm run bench:writes [-- --writes 200 --clients 8 --retry-fraction 0.2 --seed 1]
// Uses DATABASE_URL when set, otherwise a fresh embedded database in a temp DATA_DIR (removed after).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "../src/env.js";
import { createOperator } from "../src/modules/operators/operator.commands.js";
import { projectUuid } from "../src/modules/research/research-refs.js";
import { startService, type RunningService } from "../src/service.js";
import { seededRandom as random } from "../src/lib/seeded-random.js";
import { percentile } from "../src/lib/percentile.js";

interface Options {
  writes: number;
  clients: number;
  retryFraction: number;
  seed: number;
}

/** Attempts per request when the transport fails (connection reset, timeout); answers are never retried blindly. */
const MAX_TRANSPORT_ATTEMPTS = 3;
/** A quarter of the retried writes send their duplicate while the first request is still in flight. */
const CONCURRENT_RETRY_SHARE = 0.25;

function parseOptions(argv: string[]): Options {
  const options: Options = { writes: 200, clients: 8, retryFraction: 0.2, seed: 1 };
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, raw] = [argv[index], argv[index + 1]];
    const value = Number(raw);
    if (flag === "--writes" && Number.isInteger(value) && value > 0 && value <= 100_000) options.writes = value;
    else if (flag === "--clients" && Number.isInteger(value) && value > 0 && value <= 64) options.clients = value;
    else if (flag === "--retry-fraction" && value >= 0 && value <= 1) options.retryFraction = value;
    else if (flag === "--seed" && Number.isInteger(value)) options.seed = value;
    else throw new Error(`usage: bench-writes [--writes N (per client)] [--clients N] [--retry-fraction 0..1] [--seed N]; bad ${flag} ${raw}`);
  }
  return options;
}


const RECORD = `
  mutation Record($input: RecordResearchInput!) {
    recordResearch(input: $input) {
      __typename
      ... on ResearchError { code message }
      ... on ResearchObjectPayload { replayed researchObject { id accession } }
    }
  }`;

interface WriteAnswer {
  id: string;
  accession: string;
  replayed: boolean;
}

interface Stats {
  latencies: number[];
  /** Accepted writes by (client, idempotency key). */
  accepted: Map<string, WriteAnswer>;
  replays: { key: string; original: string | null; answer: WriteAnswer }[];
  failures: string[];
  transportRetries: number;
}

async function send(url: string, token: string, input: Record<string, unknown>, stats: Stats): Promise<WriteAnswer | null> {
  for (let attempt = 1; attempt <= MAX_TRANSPORT_ATTEMPTS; attempt += 1) {
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: RECORD, variables: { input } }),
      });
      const body = (await response.json()) as { data?: { recordResearch: Record<string, unknown> }; errors?: unknown[] };
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
      if (attempt === MAX_TRANSPORT_ATTEMPTS) stats.failures.push(`${String(input.idempotencyKey)}: ${(error as Error).message}`);
    }
  }
  return null;
}

function note(stats: Stats, client: number, key: string, answers: (WriteAnswer | null)[]): void {
  const fresh = answers.filter((answer): answer is WriteAnswer => answer !== null && !answer.replayed);
  if (fresh.length > 1) stats.failures.push(`${key}: ${fresh.length} requests with one key were each accepted as new`);
  const original = fresh[0] ?? null;
  if (original) stats.accepted.set(`${client}/${key}`, original);
  for (const answer of answers) if (answer?.replayed) stats.replays.push({ key, original: original?.id ?? null, answer });
}

async function runClient(client: number, options: Options, context: { url: string; token: string; projectId: string; runId: string }, stats: Stats) {
  const next = random(options.seed * 1_000 + client);
  for (let index = 0; index < options.writes; index += 1) {
    const key = `bench-${context.runId}-w${index}`;
    const input = {
      projectId: context.projectId, kind: index % 5 === 0 ? "NEGATIVE_TRACE" : "ATTEMPT", title: `Bench write ${client}.${index}`,
      body: `Client ${client} tries bound ${index} with the second moment method; run ${context.runId}.`,
      evidenceGrade: "ARGUED", branch: `bench/client-${client}`, idempotencyKey: key,
    };
    const roll = next();
    if (roll < options.retryFraction * CONCURRENT_RETRY_SHARE) {
      note(stats, client, key, await Promise.all([send(context.url, context.token, input, stats), send(context.url, context.token, input, stats)]));
    } else if (roll < options.retryFraction) {
      const first = await send(context.url, context.token, input, stats);
      note(stats, client, key, [first, await send(context.url, context.token, input, stats)]);
    } else {
      note(stats, client, key, [await send(context.url, context.token, input, stats)]);
    }
  }
}


function isContiguous(values: readonly bigint[]): boolean {
  return values.every((value, index) => index === 0 || value === values[index - 1]! + 1n);
}

async function checkIntegrity(service: RunningService, projectId: string, stats: Stats, expectedWrites: number, firstSequence: bigint) {
  const prisma = service.services.db.prisma;
  const objects = await prisma.researchObject.findMany({ where: { projectId }, select: { accession: true }, orderBy: { accession: "asc" } });
  const events = await prisma.changeEvent.count({ where: { projectId, eventType: "research.recorded" } });
  const sequences = (await prisma.changeEvent.findMany({ where: { sequence: { gte: firstSequence } }, select: { sequence: true }, orderBy: { sequence: "asc" } })).map((row) => row.sequence);
  const accessions = objects.map((object) => BigInt(object.accession));
  const acceptedIds = new Set([...stats.accepted.values()].map((answer) => answer.id));
  const acceptedAccessions = new Set([...stats.accepted.values()].map((answer) => answer.accession));
  const storedAccessions = new Set(objects.map((object) => `R${object.accession}`));
  const checks: [string, boolean, string][] = [
    ["every write accepted exactly once", stats.accepted.size === expectedWrites && acceptedIds.size === expectedWrites, `${stats.accepted.size} keys, ${acceptedIds.size} distinct objects, ${expectedWrites} writes`],
    ["objects in the database = accepted writes", objects.length === acceptedIds.size && [...acceptedAccessions].every((accession) => storedAccessions.has(accession)), `${objects.length} objects`],
    ["research.recorded events = accepted writes", events === acceptedIds.size, `${events} events`],
    ["accessions contiguous, no duplicate", new Set(accessions).size === accessions.length && isContiguous(accessions), objects.length ? `R${objects[0]!.accession}..R${objects[objects.length - 1]!.accession}` : "none"],
    ["event sequences contiguous", sequences[0] === firstSequence && isContiguous(sequences), sequences.length ? `${sequences[0]}..${sequences[sequences.length - 1]}` : "none"],
    ["replays returned the original object", stats.replays.every((replay) => replay.original === replay.answer.id), `${stats.replays.length} replays`],
    ["no failed request", stats.failures.length === 0, stats.failures.slice(0, 3).join("; ") || "none"],
  ];
  return checks;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const embeddedDir = process.env.DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), "rms-bench-writes-"));
  // The per-operator write limit protects a shared service; the benchmark measures the write path,
  // so it is off unless WRITE_RATE_LIMIT is set explicitly.
  const env = parseEnv({
    ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", WRITE_RATE_LIMIT: process.env.WRITE_RATE_LIMIT ?? "0",
    ...(embeddedDir ? { DATA_DIR: embeddedDir } : {}),
  });
  const service = await startService(env);
  let failed = false;
  try {
    const prisma = service.services.db.prisma;
    const runId = Date.now().toString(36);
    // One AGENT per client, as with real agents; their keys overlap, which scoping must allow.
    const tokens = await Promise.all(Array.from({ length: options.clients }, async (_, client) =>
      (await createOperator({ prisma, name: `bench-writes-${runId}-${client}`, role: "AGENT" })).token));
    const token = tokens[0]!;
    const url = service.server.url;
    const projectAnswer = (await (await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: `mutation($input: CreateProjectInput!) { createProject(input: $input) { __typename ... on CreateProjectPayload { project { id } } ... on ResearchError { code message } } }`,
        variables: { input: { problemRef: "cp:erdos:1", name: `Write benchmark ${runId}`, idempotencyKey: `bench-${runId}` } },
      }),
    })).json()) as { data: { createProject: { project?: { id: string }; message?: string } } };
    const projectId = projectAnswer.data.createProject.project?.id;
    if (!projectId) throw new Error(`createProject failed: ${JSON.stringify(projectAnswer)}`);

    const firstSequence = ((await prisma.changeEvent.aggregate({ _max: { sequence: true } }))._max.sequence ?? 0n) + 1n;
    const stats: Stats = { latencies: [], accepted: new Map(), replays: [], failures: [], transportRetries: 0 };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.clients }, (_, client) => runClient(client, options, { url, token: tokens[client]!, projectId, runId }, stats)));
    const seconds = (performance.now() - started) / 1000;

    const latencies = [...stats.latencies].sort((a, b) => a - b);
    const expectedWrites = options.clients * options.writes;
    const database = service.services.db.kind === "server" ? `server ${env.databaseUrl!.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@")}` : `embedded (PGlite) in ${embeddedDir}`;
    console.log(`bench:writes on ${database}`);
    console.log(`${options.clients} clients (one AGENT operator each, same keys) x ${options.writes} writes, retry fraction ${options.retryFraction} (seed ${options.seed}): ${stats.latencies.length} requests, ${stats.replays.length} replays, ${stats.transportRetries} transport retries`);
    console.log(`${(stats.accepted.size / seconds).toFixed(1)} writes/s (${(stats.latencies.length / seconds).toFixed(1)} requests/s) over ${seconds.toFixed(2)} s; latency p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(1)} ms`);
    for (const [label, ok, detail] of await checkIntegrity(service, projectUuid(projectId), stats, expectedWrites, firstSequence)) {
      console.log(`integrity ${ok ? "ok  " : "FAIL"} ${label} (${detail})`);
      failed ||= !ok;
    }
    console.log(`integrity: ${failed ? "FAILED" : "passed"}`);
  } finally {
    await service.stop();
    if (embeddedDir) await rm(embeddedDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
