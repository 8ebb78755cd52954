// Write latency with and without subscribers: C clients each record research objects one after another
// (a client waits for each answer) with no subscriber, then with S graphql-ws subscribers on the same
// project, each its own operator and socket, so every write is delivered to all S. Prints p50/p95 of both,
// the ratio p50(S)/p50(0), change-table reads per notice (counted by the change feed), every SQL statement
// per write in both phases (a per-subscriber query shows as the difference), whether every subscriber
// received every event, and how long after a write's answer its event reached the last subscriber. The
// subscribers run in a child process (subscription-clients.ts), so their parsing does not share the service's
// event loop; the service runs in this process.
//
// npm run bench:subscriptions [-- --writes 50 --clients 4 --subscribers 200 --rounds 4 --warmup 10 --profile FILE]
// Uses DATABASE_URL when set, otherwise a fresh embedded database in a temp DATA_DIR (removed after).
import { fork, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { projectUuid } from "../../src/features/research/domain/research-refs.js";
import type { RunningService } from "../../src/service.js";
import { percentile } from "../../src/platform/lib/percentile.js";
import { readCommandLine, exitWithUsage } from "../../src/cli/command-line.js";
import { countQueries, type QueryCounter } from "../../test/helpers/query-counter.js";
import { epochMs, type ChildMessage, type ParentMessage } from "./subscription-clients.js";
import { RECORD, startBenchService } from "./bench-service.js";
import { benchRecord } from "./bench-records.js";
import { seededRandom } from "../../src/platform/lib/seeded-random.js";
import { headSequence } from "../../src/events/change-events.js";
import { startCpuProfile, summariseProfile } from "./cpu-profile.js";
import { decodeNodeId } from "../../src/graphql/global-ids.js";
import { ownProcessCpuMs } from "./cpu-accounting.js";

const USAGE = [
  "usage: npm run bench:subscriptions [-- --writes N] [--clients N] [--subscribers N] [--rounds N] [--warmup N] [--profile FILE]",
  "  --writes N       writes per client per phase (50)",
  "  --clients N      concurrent writing clients, each waiting for its answer before the next write (4)",
  "  --subscribers N  graphql-ws subscribers on the written project, one operator and socket each (200)",
  "  --rounds N       rounds of (no subscribers, then N subscribers), order alternating; latencies pooled per phase (4)",
  "  --warmup N       unmeasured writes per client before the first round (10)",
  "  --profile FILE   after the rounds, profile the service thread over a further phase with subscribers and print where it goes",
  "  DATABASE_URL when set, otherwise a fresh embedded database in a temp DATA_DIR",
].join("\n");

/** What a research agent follows: its project's events, with what each is about. */
const SUBSCRIPTION = `
  subscription Follow($projectId: ID!, $after: BigInt!) {
    researchEvents(projectId: $projectId, afterSequence: $after) {
      sequence eventType resourceType resourceId payload
      subject { title kind accession state projectName problemStableId problemTitle }
    }
  }`;

/** How long subscribers get to receive every event after the last write is answered. */
const DELIVERY_TIMEOUT_MS = 120_000;

interface Options {
  writes: number;
  clients: number;
  subscribers: number;
  rounds: number;
  warmup: number;
  /** Where to write a CPU profile of a further subscribed phase (not a measured one); null: none. */
  profile: string | null;
}

function parseOptions(argv: string[]): Options {
  const count = (name: string, raw: string | undefined, fallback: number, min: number, max: number) => {
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) exitWithUsage(`bad --${name} ${raw}`, USAGE);
    return value;
  };
  const { values } = readCommandLine(
    {
      args: argv,
      options: {
        writes: { type: "string" },
        clients: { type: "string" },
        subscribers: { type: "string" },
        rounds: { type: "string" },
        warmup: { type: "string" },
        profile: { type: "string" },
      },
    },
    USAGE,
  );
  return {
    writes: count("writes", values.writes, 50, 1, 10_000),
    clients: count("clients", values.clients, 4, 1, 64),
    subscribers: count("subscribers", values.subscribers, 200, 1, 5_000),
    rounds: count("rounds", values.rounds, 4, 1, 20),
    warmup: count("warmup", values.warmup, 10, 0, 1_000),
    profile: values.profile || null,
  };
}

interface Bench {
  service: RunningService;
  url: string;
  writerTokens: string[];
  projectId: string;
  counter: QueryCounter;
  failures: string[];
  /** The next write's idempotency key and its number (which seeds its content). */
  nextKey: () => { key: string; index: number };
}

async function graphql<T>(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as T;
}

/** One write: its latency, and its object with when its answer came (epoch ms) for the delivery lag. */
async function write(bench: Bench, client: number): Promise<{ latency: number; objectId: string | null; at: number }> {
  const { key, index } = bench.nextKey();
  const started = performance.now();
  const answer = await graphql<{
    data?: { recordResearch: { __typename: string; researchObject?: { id: string } } };
    errors?: unknown;
  }>(bench.url, bench.writerTokens[client]!, RECORD, {
    // Varied records, as agents write them: text that differs only in its numbers is a flood the
    // trust classifier quarantines, and the fan-out would be set against a write no agent makes (bench-records.ts).
    input: { projectId: bench.projectId, ...benchRecord(seededRandom(index), index), idempotencyKey: key },
  });
  const latency = performance.now() - started;
  const object = answer.data?.recordResearch.researchObject;
  if (answer.data?.recordResearch.__typename !== "ResearchObjectPayload" || !object)
    bench.failures.push(`${key}: ${JSON.stringify(answer.data?.recordResearch ?? answer.errors)}`);
  return { latency, objectId: object ? decodeNodeId(object.id).id : null, at: epochMs() };
}

interface Phase {
  latencies: number[];
  /** When each write's answer came (epoch ms), by its object's uuid. */
  answered: Map<string, number>;
  writes: number;
  statements: string[];
  notices: number;
  feedReads: number;
  /** CPU time of this process (the service and the writing clients) during the phase. */
  serviceCpuMs: number;
  /** CPU time of the subscribers' process during the phase (0 without subscribers). */
  subscriberCpuMs: number;
}

/** Writes and times them; `settle` (delivery to the subscribers) still counts toward the statements. */
async function measure(bench: Bench, writesPerClient: number, settle = async () => undefined): Promise<Phase> {
  const feed = bench.service.services.changeFeed;
  const before = feed.counts();
  const cpuBefore = ownProcessCpuMs();
  bench.counter.reset();
  const latencies: number[] = [];
  const answered = new Map<string, number>();
  await Promise.all(
    Array.from({ length: bench.writerTokens.length }, async (_, client) => {
      for (let index = 0; index < writesPerClient; index += 1) {
        const { latency, objectId, at } = await write(bench, client);
        latencies.push(latency);
        if (objectId) answered.set(objectId, at);
      }
    }),
  );
  await settle();
  const serviceCpuMs = ownProcessCpuMs() - cpuBefore;
  const statements = [...bench.counter.statements];
  const after = feed.counts();
  return {
    latencies,
    answered,
    writes: latencies.length,
    statements,
    notices: after.notices - before.notices,
    feedReads: after.tableReads - before.tableReads,
    serviceCpuMs,
    subscriberCpuMs: 0,
  };
}

/** The subscribers' child process, with a request/answer helper over IPC (one question at a time). */
function startClients(): { child: ChildProcess; ask: (message: ParentMessage) => Promise<ChildMessage> } {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "subscription-clients.ts");
  const child = fork(file, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let pending: { resolve: (answer: ChildMessage) => void; reject: (error: Error) => void } | null = null;
  child.on("message", (answer) => pending?.resolve(answer as ChildMessage));
  child.on("exit", (code) => pending?.reject(new Error(`the subscriber process exited (${code})`)));
  const ask = (message: ParentMessage) =>
    new Promise<ChildMessage>((resolve, reject) => {
      pending = { resolve, reject };
      child.send(message);
    });
  return { child, ask };
}

/** A fresh project on one problem, its writers made members directly (setup, not measured). */
async function createProject(bench: Bench, writers: { operator: { id: string } }[], name: string): Promise<string> {
  const created = await graphql<{ data: { createProject: { project?: { id: string } } } }>(
    bench.url,
    bench.writerTokens[0]!,
    `
      mutation ($input: CreateProjectInput!) {
        createProject(input: $input) {
          ... on CreateProjectPayload {
            project {
              id
            }
          }
        }
      }
    `,
    { input: { problemRef: "cp:erdos:1", name: `Subscription bench ${name}`, idempotencyKey: `bench-${name}` } },
  );
  const projectId = created.data.createProject.project?.id;
  if (!projectId) throw new Error(`createProject failed: ${JSON.stringify(created)}`);
  await bench.service.services.db.prisma.projectMember.createMany({
    data: writers.map((writer) => ({
      projectId: projectUuid(projectId),
      operatorId: writer.operator.id,
      role: "MEMBER" as const,
    })),
    skipDuplicates: true,
  });
  return projectId;
}

/** Events on the project after `after`: what each subscriber must receive. */
async function projectEvents(bench: Bench, after: bigint): Promise<number> {
  return bench.service.services.db.prisma.changeEvent.count({
    where: { projectId: projectUuid(bench.projectId), sequence: { gt: after } },
  });
}

/** Polls the subscribers until each has `expected` events, or the time is up; returns the last counts. */
async function awaitDelivery(ask: (message: ParentMessage) => Promise<ChildMessage>, expected: number) {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  for (;;) {
    const answer = await ask({ type: "counts" });
    if (answer.type !== "counts") throw new Error(`unexpected answer ${answer.type}`);
    if (answer.counts.every((count) => count >= expected) || Date.now() > deadline || answer.errors.length)
      return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface SubscribedPhase extends Phase {
  delivered: string;
  deliveredOk: boolean;
  /** Per write: from its answer to its event reaching the last subscriber (ms; negative if that came first). */
  deliveryLags: number[];
}

/** Opens the subscribers, primes them with one write, measures, checks delivery, closes them. */
async function measureSubscribed(bench: Bench, options: Options, tokens: string[]): Promise<SubscribedPhase> {
  const after = await headSequence(bench.service.services.db.prisma);
  const { child, ask } = startClients();
  try {
    const opened = await ask({
      type: "open",
      url: bench.url,
      tokens,
      subscriptionsPerSocket: 1,
      query: SUBSCRIPTION,
      variables: { projectId: bench.projectId, after: after.toString() },
    });
    if (opened.type !== "opened" || opened.subscriptions !== options.subscribers)
      throw new Error(`subscriptions not opened: ${JSON.stringify(opened)}`);
    // One unmeasured write that every subscriber must receive: then all of them are live and caught up.
    await write(bench, 0);
    const primed = await awaitDelivery(ask, await projectEvents(bench, after));
    if (primed.type !== "counts" || primed.errors.length) throw new Error(`priming failed: ${JSON.stringify(primed)}`);
    let final: ChildMessage = primed;
    const subscriberCpuBefore = primed.cpuMs;
    let expected = 0;
    const phase = await measure(bench, options.writes, async () => {
      expected = await projectEvents(bench, after);
      final = await awaitDelivery(ask, expected);
    });
    const counts = final.type === "counts" ? final.counts : [];
    const errors = final.type === "counts" ? final.errors : [];
    const complete = counts.filter((count) => count === expected).length;
    const lastArrivals = new Map(final.type === "counts" ? final.lastArrivals : []);
    const deliveryLags = [...phase.answered].flatMap(([id, at]) => {
      const arrived = lastArrivals.get(id);
      return arrived === undefined ? [] : [arrived - at];
    });
    return {
      ...phase,
      deliveryLags,
      subscriberCpuMs: final.type === "counts" ? final.cpuMs - subscriberCpuBefore : 0,
      deliveredOk: complete === options.subscribers && errors.length === 0,
      delivered: `${complete}/${options.subscribers} subscribers received exactly the ${expected} events (min ${Math.min(...counts)}, max ${Math.max(...counts)})${errors.length ? `; errors: ${errors.join(" | ")}` : ""}`,
    };
  } finally {
    await ask({ type: "close" }).catch(() => undefined);
    child.kill();
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const sorted = (values: number[]) => [...values].sort((left, right) => left - right);

/** Statements per write by the table they read or write first, e.g. `change_events 1.00`. */
function statementMix(phase: Phase): string {
  const byTable = new Map<string, number>();
  for (const statement of phase.statements) {
    const table = /"public"\."(\w+)"/.exec(statement)?.[1] ?? statement.trim().split(/\s+/)[0]!.toUpperCase();
    byTable.set(table, (byTable.get(table) ?? 0) + 1);
  }
  return [...byTable.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, 8)
    .map(([table, count]) => `${table} ${(count / phase.writes).toFixed(2)}`)
    .join(", ");
}

function pooled<T extends Phase>(phases: T[]): Phase {
  return {
    latencies: phases.flatMap((phase) => phase.latencies),
    answered: new Map(phases.flatMap((phase) => [...phase.answered])),
    writes: phases.reduce((sum, phase) => sum + phase.writes, 0),
    statements: phases.flatMap((phase) => phase.statements),
    notices: phases.reduce((sum, phase) => sum + phase.notices, 0),
    feedReads: phases.reduce((sum, phase) => sum + phase.feedReads, 0),
    serviceCpuMs: phases.reduce((sum, phase) => sum + phase.serviceCpuMs, 0),
    subscriberCpuMs: phases.reduce((sum, phase) => sum + phase.subscriberCpuMs, 0),
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const bench = await startBenchService("bench-subscriptions");
  const { service, database } = bench;
  let failed = false;
  try {
    const prisma = service.services.db.prisma;
    const runId = Date.now().toString(36);
    const makeOperators = (prefix: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, index) =>
          createOperator({ prisma, name: `bench-subs-${runId}-${prefix}${index}`, role: "AGENT" }),
        ),
      );
    const writers = await makeOperators("w", options.clients);
    const readers = await makeOperators("r", options.subscribers);
    const url = service.server.url;
    let keys = 0;
    const bench: Bench = {
      service,
      url,
      writerTokens: writers.map((writer) => writer.token),
      projectId: "",
      counter: countQueries(service.services.db.pool),
      failures: [],
      nextKey: () => {
        keys += 1;
        return { key: `bench-${runId}-${keys}`, index: keys };
      },
    };
    const inNewProject = async (label: string) => {
      bench.projectId = await createProject(bench, writers, `${runId}-${label}`);
    };
    await inNewProject("warmup");
    await measure(bench, options.warmup);

    // Each phase writes to a project of its own (a project's memory grows with its records, and so does the
    // cost of a write to it), and the order alternates per round, so neither phase gains from going first.
    const quiet: Phase[] = [];
    const busy: SubscribedPhase[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      const order = round % 2 === 0 ? ["quiet", "busy"] : ["busy", "quiet"];
      for (const phase of order) {
        await inNewProject(`${phase}${round}`);
        if (phase === "quiet") quiet.push(await measure(bench, options.writes));
        else
          busy.push(
            await measureSubscribed(
              bench,
              options,
              readers.map((reader) => reader.token),
            ),
          );
      }
    }
    const none = pooled(quiet);
    const some = pooled(busy);
    const p50 = (phase: Phase) => percentile(sorted(phase.latencies), 0.5);
    const p95 = (phase: Phase) => percentile(sorted(phase.latencies), 0.95);
    console.log(`bench:subscriptions on ${database}`);
    console.log(
      `${options.clients} writing clients x ${options.writes} writes per phase, ${options.rounds} rounds; ${options.subscribers} subscribers (researchEvents on the written project, with subject; one operator and socket each) in a child process, the service in this one`,
    );
    console.log(`0 subscribers:   write p50 ${ms(p50(none))}, p95 ${ms(p95(none))} (${none.writes} writes)`);
    console.log(
      `${options.subscribers} subscribers: write p50 ${ms(p50(some))}, p95 ${ms(p95(some))} (${some.writes} writes)`,
    );
    console.log(
      `ratio p50(${options.subscribers})/p50(0) = ${(p50(some) / p50(none)).toFixed(2)} (target <= 1.5); per round (p50 0 -> ${options.subscribers}): ${quiet.map((phase, round) => `${p50(phase).toFixed(0)} -> ${p50(busy[round]!).toFixed(0)} ms = ${(p50(busy[round]!) / p50(phase)).toFixed(2)}`).join(", ")}`,
    );
    const lags = sorted(busy.flatMap((phase) => phase.deliveryLags));
    console.log(
      `delivery to the last of the ${options.subscribers} subscribers, after the write's answer: p50 ${ms(percentile(lags, 0.5))}, p95 ${ms(percentile(lags, 0.95))} (${lags.length} writes)`,
    );
    console.log(
      `change-table reads by the feed per notice: ${(some.feedReads / Math.max(1, some.notices)).toFixed(2)} (${some.feedReads} reads, ${some.notices} notices)`,
    );
    console.log(
      `SQL statements per write: ${(none.statements.length / none.writes).toFixed(2)} with 0 subscribers, ${(some.statements.length / some.writes).toFixed(2)} with ${options.subscribers}`,
    );
    console.log(
      `CPU per write: service process ${(none.serviceCpuMs / none.writes).toFixed(1)} ms with 0 subscribers, ${(some.serviceCpuMs / some.writes).toFixed(1)} ms with ${options.subscribers}; subscribers' process ${(some.subscriberCpuMs / some.writes).toFixed(1)} ms (same machine, ${availableParallelism()} cores)`,
    );
    console.log(`  by table, 0 subscribers: ${statementMix(none)}`);
    console.log(`  by table, ${options.subscribers} subscribers: ${statementMix(some)}`);
    for (const [round, phase] of busy.entries()) {
      console.log(`delivery, round ${round + 1}: ${phase.deliveredOk ? "ok  " : "FAIL"} ${phase.delivered}`);
      failed ||= !phase.deliveredOk;
    }
    if (bench.failures.length) {
      console.log(`failed writes: ${bench.failures.length} (${bench.failures.slice(0, 3).join("; ")})`);
      failed = true;
    }
    if (options.profile) {
      // A phase of its own, so the profiler's cost stays out of the figures above.
      await inNewProject("profile");
      const profiling = await startCpuProfile();
      await measureSubscribed(
        bench,
        options,
        readers.map((reader) => reader.token),
      );
      const profile = await profiling.stop(options.profile);
      console.log(
        `\nCPU profile of the service thread over a further phase with ${options.subscribers} subscribers: ${options.profile}\n${summariseProfile(profile, 25)}`,
      );
    }
  } finally {
    await bench.stop();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
