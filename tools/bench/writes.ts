// Research write throughput: 8 concurrent GraphQL clients record research objects, some requests
// retried with the same idempotency key (after the answer, or while the first is still in flight),
// then an integrity check: objects = events = accepted writes, accessions and event sequences without
// gap or duplicate, per-problem order. On a server database pgbench (8 clients) runs on the same
// database in the same run, half just before the measured writes and half after, for the ratio (against
// the mean of the two); then the same workload with 1, 8 and 32 clients across 1
// and 50 problems, so a global serialisation point shows. Each run also reports how far the memory view
// trailed the writes it measured (view-lag.ts), the store's rate without HTTP at the run's client count and
// at 32 callers (store-ceiling.ts), the CPU a write may cost at the target beside what it spent, and on a
// server what the database read per stored record (table-reads.ts), where a plan that reads a whole table shows,
// and the most updated tables' size and dead rows at the end (table-sizes.ts), where a store left unvacuumed shows.
//
// npm run bench:writes [-- --writes 200 --clients 8 --retry-fraction 0.2 --seed 1 --matrix-writes 960 --pgbench-seconds 10 --warmup 100]
// The measured runs follow an unreported warm-up run on a project of its own: a service that has just
// started compiles its code and fills its caches during its first thousand requests or so, and a few
// seconds' run would measure that instead of the steady state.
// Uses DATABASE_URL when set, otherwise a fresh embedded database in a temp DATA_DIR (removed after).
import { execFile } from "node:child_process";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { projectUuid } from "../../src/features/research/domain/research-refs.js";
import type { RunningService } from "../../src/service.js";
import { runClientsInWorker, type RunContext, type Stats } from "./write-clients.js";
import { percentile } from "../../src/platform/lib/percentile.js";
import { answerHelp, exitWithUsage } from "../../src/cli/command-line.js";
import { startBenchService } from "./bench-service.js";
import { startCpuProfile, summariseProfile } from "./cpu-profile.js";
import { measureStoreCeiling } from "./store-ceiling.js";
import {
  cpuBudgetLine,
  cpuSnapshot,
  cpuSpent,
  databaseBackends,
  describeCpu,
  type CpuSpent,
} from "./cpu-accounting.js";
import { availableParallelism } from "node:os";
import { headSequence } from "../../src/events/change-events.js";
import { followViewLag } from "./view-lag.js";
import { describeTableReads, readTableReads } from "./table-reads.js";
import { describeTableSizes, readTableSizes } from "./table-sizes.js";

interface Options {
  writes: number;
  clients: number;
  retryFraction: number;
  seed: number;
  /** Writes per cell of the clients x problems matrix (split among the cell's clients); 0 skips it. */
  matrixWrites: number;
  /** Seconds of pgbench on the same database (server only); 0 skips it. */
  pgbenchSeconds: number;
  /** Where to write a CPU profile of a further run of the main workload (not the measured one); null: none. */
  profile: string | null;
  /** Writes per client of an unreported run before the measured one, so JIT compilation and cold caches stay out of it. */
  warmup: number;
}

const MATRIX_CLIENTS = [1, 8, 32] as const;
/** The in-process store ceiling: enough callers to keep a batch queued, enough writes for a few seconds. */
const CEILING_CALLERS = 32;
const CEILING_WRITES = 480;
/** The share of pgbench's rate the writes are to reach (issue 29). */
const TARGET_SHARE = 0.25;
const MATRIX_PROBLEMS = [1, 50] as const;
/** pgbench's scale is the client count (its documentation: a smaller scale measures its own row contention). */
const PGBENCH_CLIENTS = 8;

const USAGE = [
  "usage: npm run bench:writes [-- --writes N] [--clients N] [--retry-fraction 0..1] [--seed N] [--matrix-writes N] [--pgbench-seconds N]",
  "  --writes N           writes per client (200)",
  "  --clients N          concurrent GraphQL clients (8)",
  "  --retry-fraction F   share of requests retried with the same idempotency key (0.2)",
  "  --seed N             random seed (1)",
  "  --matrix-writes N    writes per cell of the clients x problems matrix (960; 0 skips)",
  "  --pgbench-seconds N  pgbench on a server database, half just before the measured writes and half after (10; 0 skips)",
  "  --profile FILE       after the measured run, profile the service thread over a further one and print where it goes",
  "  --warmup N           writes per client of an unreported run before the measured ones (100; 0 skips)",
  "  DATABASE_URL when set, otherwise a fresh embedded database in a temp DATA_DIR",
].join("\n");

function parseOptions(argv: string[]): Options {
  answerHelp(argv, USAGE);
  const options: Options = {
    writes: 200,
    clients: 8,
    retryFraction: 0.2,
    seed: 1,
    matrixWrites: 960,
    pgbenchSeconds: 10,
    profile: null,
    warmup: 100,
  };
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, raw] = [argv[index], argv[index + 1]];
    const value = Number(raw);
    if (flag === "--writes" && Number.isInteger(value) && value > 0 && value <= 100_000) options.writes = value;
    else if (flag === "--clients" && Number.isInteger(value) && value > 0 && value <= 64) options.clients = value;
    else if (flag === "--retry-fraction" && value >= 0 && value <= 1) options.retryFraction = value;
    else if (flag === "--seed" && Number.isInteger(value)) options.seed = value;
    else if (flag === "--matrix-writes" && Number.isInteger(value) && value >= 0 && value <= 100_000)
      options.matrixWrites = value;
    else if (flag === "--pgbench-seconds" && Number.isInteger(value) && value >= 0 && value <= 600)
      options.pgbenchSeconds = value;
    else if (flag === "--profile" && raw !== undefined && raw !== "") options.profile = raw;
    else if (flag === "--warmup" && Number.isInteger(value) && value >= 0 && value <= 100_000) options.warmup = value;
    else exitWithUsage(`bad ${flag} ${raw}`, USAGE);
  }
  return options;
}

function isContiguous(values: readonly bigint[]): boolean {
  return values.every((value, index) => index === 0 || value === values[index - 1]! + 1n);
}

function isIncreasing(values: readonly bigint[]): boolean {
  return values.every((value, index) => index === 0 || value > values[index - 1]!);
}

async function checkIntegrity(
  service: RunningService,
  projectIds: string[],
  stats: Stats,
  expectedWrites: number,
  firstSequence: bigint,
) {
  const prisma = service.services.db.prisma;
  const projects = projectIds.map((id) => projectUuid(id));
  const objects = await prisma.researchObject.findMany({
    where: { projectId: { in: projects } },
    select: { id: true, accession: true },
    orderBy: { accession: "asc" },
  });
  const recorded = await prisma.changeEvent.findMany({
    where: { projectId: { in: projects }, eventType: "research.recorded" },
    select: { resourceId: true, sequence: true, routingTargetId: true },
    orderBy: { sequence: "asc" },
  });
  const events = recorded.length;
  const sequences = (
    await prisma.changeEvent.findMany({
      where: { sequence: { gte: firstSequence } },
      select: { sequence: true },
      orderBy: { sequence: "asc" },
    })
  ).map((row) => row.sequence);
  const accessions = objects.map((object) => BigInt(object.accession));
  const acceptedIds = new Set([...stats.accepted.values()].map((answer) => answer.id));
  const acceptedAccessions = new Set([...stats.accepted.values()].map((answer) => answer.accession));
  const storedAccessions = new Set(objects.map((object) => `R${object.accession}`));
  // Order: within each problem, event order is accession order; and a client's later write (issued
  // after the earlier one was acknowledged) has the higher accession and the higher event sequence.
  // Answers carry global ids; the accession (`R12`) names the object in both the answer and the store.
  const accessionOf = new Map(objects.map((object) => [object.id, BigInt(object.accession)]));
  const sequenceOf = new Map(recorded.map((event) => [accessionOf.get(event.resourceId) ?? -1n, event.sequence]));
  const answered = (accession: string) => BigInt(accession.replace(/^R/i, ""));
  const byProblem = new Map<string, bigint[]>();
  for (const event of recorded)
    byProblem.set(event.routingTargetId ?? "", [
      ...(byProblem.get(event.routingTargetId ?? "") ?? []),
      accessionOf.get(event.resourceId) ?? -1n,
    ]);
  const problemOrdered = [...byProblem.values()].every(isIncreasing);
  const clientOrdered = [...stats.issued.values()].every(
    (issued) =>
      isIncreasing(issued.map(answered)) &&
      isIncreasing(issued.map((accession) => sequenceOf.get(answered(accession)) ?? -1n)),
  );
  const checks: [string, boolean, string][] = [
    [
      "every write accepted exactly once",
      stats.accepted.size === expectedWrites && acceptedIds.size === expectedWrites,
      `${stats.accepted.size} keys, ${acceptedIds.size} distinct objects, ${expectedWrites} writes`,
    ],
    [
      "objects in the database = accepted writes",
      objects.length === acceptedIds.size &&
        [...acceptedAccessions].every((accession) => storedAccessions.has(accession)),
      `${objects.length} objects`,
    ],
    ["research.recorded events = accepted writes", events === acceptedIds.size, `${events} events`],
    [
      "accessions contiguous, no duplicate",
      new Set(accessions).size === accessions.length && isContiguous(accessions),
      objects.length ? `R${objects[0]!.accession}..R${objects[objects.length - 1]!.accession}` : "none",
    ],
    [
      "event sequences contiguous",
      sequences[0] === firstSequence && isContiguous(sequences),
      sequences.length ? `${sequences[0]}..${sequences[sequences.length - 1]}` : "none",
    ],
    [
      "per-problem order: events in accession order; each client's writes in the order it made them",
      problemOrdered && clientOrdered,
      `${byProblem.size} problems, ${stats.issued.size} clients`,
    ],
    [
      "replays returned the original object",
      stats.replays.every((replay) => replay.original === replay.answer.id),
      `${stats.replays.length} replays`,
    ],
    ["no failed request", stats.failures.length === 0, stats.failures.slice(0, 3).join("; ") || "none"],
  ];
  return checks;
}

async function graphql<T>(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as T;
}

/** `count` projects on distinct problems, owned by the first operator; every operator is made a member. */
async function createProjects(
  service: RunningService,
  url: string,
  token: string,
  operatorIds: string[],
  problemRefs: string[],
  runId: string,
): Promise<string[]> {
  const prisma = service.services.db.prisma;
  const projectIds: string[] = [];
  for (const [index, problemRef] of problemRefs.entries()) {
    const answer = await graphql<{ data: { createProject: { project?: { id: string }; message?: string } } }>(
      url,
      token,
      `
        mutation ($input: CreateProjectInput!) {
          createProject(input: $input) {
            __typename
            ... on CreateProjectPayload {
              project {
                id
              }
            }
            ... on ResearchError {
              code
              message
            }
          }
        }
      `,
      { input: { problemRef, name: `Write benchmark ${runId} ${index}`, idempotencyKey: `bench-${runId}-p${index}` } },
    );
    const projectId = answer.data.createProject.project?.id;
    if (!projectId) throw new Error(`createProject failed: ${JSON.stringify(answer)}`);
    projectIds.push(projectId);
  }
  // Setup, not measured: members are added directly (addProjectMember would add one event each).
  await prisma.projectMember.createMany({
    data: projectIds.flatMap((projectId) =>
      operatorIds.map((operatorId) => ({ projectId: projectUuid(projectId), operatorId, role: "MEMBER" as const })),
    ),
    skipDuplicates: true,
  });
  return projectIds;
}

interface RunResult {
  writesPerSecond: number;
  /** Share of the run the service's event loop was busy (the clients run in a worker thread). */
  serviceLoopBusy: number;
  /** CPU time of this process (service and client thread) per request: a cost that contention does not inflate. */
  cpuMsPerRequest: number;
  cpu: CpuSpent;
  /** Writes per group-commit statement in the run (its replays and refusals included: each takes a place in a batch). */
  writesPerStatement: number;
  requests: number;
  seconds: number;
  latencies: number[];
  /** Per commit notice heard during the run: ms until a worker view's notice covered it. */
  viewLags: number[];
  stats: Stats;
  checks: [string, boolean, string][];
}

async function measure(
  service: RunningService,
  options: Options,
  context: RunContext,
  clients: number,
  writesPerClient: number,
): Promise<RunResult> {
  const prisma = service.services.db.prisma;
  const firstSequence = (await headSequence(prisma)) + 1n;
  let started = 0;
  const pool = service.services.db.kind === "server" ? service.services.db.pool : null;
  let loopBefore = performance.eventLoopUtilization();
  let cpuBefore = process.cpuUsage();
  let snapshotBefore = cpuSnapshot(await databaseBackends(pool));
  const batcher = service.services.researchWrites;
  let sentBefore = { ...batcher.sent };
  const viewLag = followViewLag(service.services.notifier);
  const stats = await runClientsInWorker(
    { context, clients, writesPerClient, retryFraction: options.retryFraction, seed: options.seed },
    () => {
      started = performance.now();
      loopBefore = performance.eventLoopUtilization();
      cpuBefore = process.cpuUsage();
      snapshotBefore = cpuSnapshot([...snapshotBefore.backends.keys()]);
      sentBefore = { ...batcher.sent };
    },
  );
  const statements = batcher.sent.statements - sentBefore.statements;
  const batchedWrites = batcher.sent.writes - sentBefore.writes;
  const loop = performance.eventLoopUtilization(loopBefore);
  const cpu = process.cpuUsage(cpuBefore);
  const viewLags = viewLag.stop().sort((a, b) => a - b);
  // Backends the pools opened during the run count from 0: their start-up is part of the load.
  const spent = cpuSpent(snapshotBefore, cpuSnapshot(await databaseBackends(pool)), stats.cpuMs);
  const seconds = (performance.now() - started) / 1000;
  const latencies = [...stats.latencies].sort((a, b) => a - b);
  const checks = await checkIntegrity(service, context.projectIds, stats, clients * writesPerClient, firstSequence);
  return {
    writesPerSecond: stats.accepted.size / seconds,
    serviceLoopBusy: loop.utilization,
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, stats.latencies.length),
    cpu: spent,
    writesPerStatement: batchedWrites / Math.max(1, statements),
    requests: stats.latencies.length,
    seconds,
    latencies,
    viewLags,
    stats,
    checks,
  };
}

const latencyLine = (latencies: number[]) =>
  `p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${(latencies[latencies.length - 1] ?? 0).toFixed(1)} ms`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env, maxBuffer: 10_000_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(" ")}: ${error.message} ${stderr}`)) : resolve(stdout),
    );
  });
}

/**
 * pgbench's TPC-B-like transaction, 8 clients, on the same database (its tables in schema `pgbench`, out of the
 * service's way); null when pgbench is not installed. The scale (branches) is the client count.
 */
async function pgbenchTps(
  databaseUrl: string,
  prisma: RunningService["services"]["db"]["prisma"],
  seconds: number,
  initialise: boolean,
): Promise<number | null> {
  const env = { ...process.env, PGOPTIONS: "-c search_path=pgbench" };
  try {
    if (initialise) {
      await prisma.$executeRawUnsafe("CREATE SCHEMA IF NOT EXISTS pgbench");
      await run("pgbench", ["-i", "-q", "-s", String(PGBENCH_CLIENTS), databaseUrl], env);
      return null;
    }
    const out = await run(
      "pgbench",
      [
        "-n",
        "-c",
        String(PGBENCH_CLIENTS),
        "-j",
        String(Math.min(PGBENCH_CLIENTS, 4)),
        "-T",
        String(seconds),
        databaseUrl,
      ],
      env,
    );
    const tps = /tps = ([\d.]+)/.exec(out);
    return tps ? Number(tps[1]) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || /ENOENT/.test((error as Error).message)) return null;
    throw error;
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const bench = await startBenchService("bench-writes");
  const { service, env, database } = bench;
  let failed = false;
  const report = (checks: [string, boolean, string][], prefix = "integrity") => {
    for (const [label, ok, detail] of checks) {
      console.log(`${prefix} ${ok ? "ok  " : "FAIL"} ${label} (${detail})`);
      failed ||= !ok;
    }
  };
  try {
    const prisma = service.services.db.prisma;
    const runId = Date.now().toString(36);
    const matrix = options.matrixWrites > 0;
    const operatorCount = Math.max(options.clients, ...(matrix ? MATRIX_CLIENTS : [1]));
    // One AGENT per client, as with real agents; their keys overlap, which scoping must allow.
    const operators = await Promise.all(
      Array.from({ length: operatorCount }, (_, client) =>
        createOperator({ prisma, name: `bench-writes-${runId}-${client}`, role: "AGENT" }),
      ),
    );
    const tokens = operators.map((operator) => operator.token);
    const operatorIds = operators.map((operator) => operator.operator.id);
    const url = service.server.url;
    const server = service.services.db.kind === "server" ? env.databaseUrl! : null;
    const pgbench = server && options.pgbenchSeconds > 0;
    if (pgbench) await pgbenchTps(server, prisma, 0, true);

    let warmup: RunResult | null = null;
    if (options.warmup > 0) {
      const warmupProjects = await createProjects(service, url, tokens[0]!, operatorIds, ["cp:erdos:1"], `${runId}-w`);
      const context = { url, tokens, projectIds: warmupProjects, runId: `${runId}-w` };
      warmup = await measure(service, options, context, options.clients, options.warmup);
    }
    const projectIds = await createProjects(service, url, tokens[0]!, operatorIds, ["cp:erdos:1"], runId);
    // pgbench runs half its time just before the measured writes and half just after them: this machine's
    // speed drifts within minutes, and one run on one side put the ratio wherever that side's phase was.
    const pgbenchBefore = pgbench ? Math.ceil(options.pgbenchSeconds / 2) : 0;
    const pgbenchAfter = pgbench ? options.pgbenchSeconds - pgbenchBefore : 0;
    const tpsBefore = pgbench ? await pgbenchTps(server, prisma, pgbenchBefore, false) : null;
    const main = await measure(service, options, { url, tokens, projectIds, runId }, options.clients, options.writes);
    // No second run when the first found no pgbench.
    const tpsAfter =
      tpsBefore !== null && pgbenchAfter > 0 ? await pgbenchTps(server!, prisma, pgbenchAfter, false) : null;
    console.log(`bench:writes on ${database}`);
    if (warmup)
      console.log(
        `warm-up (not measured): ${options.clients} clients x ${options.warmup} writes on a project of their own, ${warmup.writesPerSecond.toFixed(1)} writes/s; integrity ${warmup.checks.every(([, ok]) => ok) ? "passed" : "FAILED"}`,
      );
    if (warmup) failed ||= !warmup.checks.every(([, ok]) => ok);
    console.log(
      `${options.clients} clients (one AGENT operator each, same keys) x ${options.writes} writes, retry fraction ${options.retryFraction} (seed ${options.seed}): ${main.requests} requests, ${main.stats.replays.length} replays, ${main.stats.transportRetries} transport retries`,
    );
    console.log(
      `${main.writesPerSecond.toFixed(1)} writes/s (${(main.requests / main.seconds).toFixed(1)} requests/s) over ${main.seconds.toFixed(2)} s; latency ${latencyLine(main.latencies)}; service event loop busy ${(main.serviceLoopBusy * 100).toFixed(0)}%, process CPU ${main.cpuMsPerRequest.toFixed(2)} ms/request (service + clients); ${main.writesPerStatement.toFixed(1)} writes per group-commit statement`,
    );
    console.log(describeCpu(main.cpu, main.stats.accepted.size));
    console.log(
      `memory view lag (a commit's notice to the view's notice covering it), ${main.viewLags.length} commits: ${latencyLine(main.viewLags)}${env.runWorker ? "" : " (RUN_WORKER=false: another process's worker)"}`,
    );
    report(main.checks);

    // The same store without HTTP and GraphQL, so the request path's share shows (see store-ceiling.ts): with
    // as many callers as the run had clients, and with enough to keep a batch always queued.
    const writer = { id: operatorIds[0]!, name: operators[0]!.operator.name, role: "AGENT" as const };
    const ceilings: { callers: number; groupCommit: number }[] = [];
    for (const callers of [...new Set([options.clients, CEILING_CALLERS])]) {
      const ceilingProject = await createProjects(
        service,
        url,
        tokens[0]!,
        operatorIds,
        ["cp:erdos:1"],
        `${runId}-s${callers}`,
      );
      for (const run of await measureStoreCeiling(service, writer, ceilingProject[0]!, {
        writes: CEILING_WRITES,
        callers,
        runId: `${runId}-${callers}`,
      })) {
        if (run.mode === "group commit") ceilings.push({ callers, groupCommit: run.writesPerSecond });
        console.log(
          `store ceiling, ${run.mode} (${callers} concurrent recordResearch calls in process, no HTTP): ${run.writesPerSecond.toFixed(1)} writes/s, service loop CPU ${run.loopCpuMs === null ? "n/a" : run.loopCpuMs.toFixed(2)} ms/write, PostgreSQL CPU ${run.databaseCpuMs === null ? "n/a" : run.databaseCpuMs.toFixed(2)} ms/write, ${run.writesPerStatement.toFixed(1)} writes per statement`,
        );
      }
    }

    if (options.profile) {
      // A run of its own, so the profiler's cost stays out of the figures above.
      const profiledProjects = await createProjects(
        service,
        url,
        tokens[0]!,
        operatorIds,
        ["cp:erdos:1"],
        `${runId}-p`,
      );
      const profiling = await startCpuProfile();
      await measure(
        service,
        options,
        { url, tokens, projectIds: profiledProjects, runId: `${runId}-p` },
        options.clients,
        options.writes,
      );
      const profile = await profiling.stop(options.profile);
      console.log(
        `\nCPU profile of the service thread over a further run: ${options.profile}\n${summariseProfile(profile, 25)}`,
      );
    }

    if (pgbench) {
      if (tpsBefore === null) console.log("pgbench: not installed, no ratio");
      else {
        const tps = tpsAfter === null ? tpsBefore : (tpsBefore + tpsAfter) / 2;
        const after = tpsAfter === null ? "" : ` and ${tpsAfter.toFixed(0)} tps for ${pgbenchAfter} s after them`;
        console.log(
          `pgbench (TPC-B-like, scale ${PGBENCH_CLIENTS}, ${PGBENCH_CLIENTS} clients, same database): ${tpsBefore.toFixed(0)} tps for ${pgbenchBefore} s before the measured writes${after}; writes/s / their mean (${tps.toFixed(0)} tps) = ${((main.writesPerSecond / tps) * 100).toFixed(1)}% (target >= ${TARGET_SHARE * 100}%), p95 ${percentile(main.latencies, 0.95).toFixed(1)} ms (target < 50 ms)`,
        );
        console.log(
          `store ceiling / pgbench: ${ceilings.map(({ callers, groupCommit }) => `${((groupCommit / tps) * 100).toFixed(1)}% with ${callers} callers`).join(", ")} (the writes without HTTP and GraphQL)`,
        );
        console.log(cpuBudgetLine(main.cpu, main.stats.accepted.size, availableParallelism(), tps, TARGET_SHARE));
      }
    }

    if (matrix) {
      const refs = (
        await prisma.problem.findMany({
          where: {
            statement: { not: null },
            publicationState: { in: ["CATALOGUED", "PUBLISHED"] },
            collection: "erdos",
          },
          select: { stableId: true },
          orderBy: { number: "asc" },
          take: Math.max(...MATRIX_PROBLEMS) + 1,
        })
      )
        .map((problem) => problem.stableId)
        .filter((ref) => ref !== "cp:erdos:1");
      console.log(
        `\nmatrix: ${options.matrixWrites} writes per cell (split among its clients), retry fraction ${options.retryFraction}; integrity checked per cell`,
      );
      console.log("clients  problems  writes/s  p50 ms  p95 ms  p99 ms  loop busy  integrity");
      for (const problems of MATRIX_PROBLEMS) {
        for (const clients of MATRIX_CLIENTS) {
          // Fresh projects per cell, so each cell's integrity checks see only its own writes.
          const cellProjects = await createProjects(
            service,
            url,
            tokens[0]!,
            operatorIds,
            refs.slice(0, problems),
            `${runId}-c${clients}p${problems}`,
          );
          const writesPerClient = Math.max(1, Math.round(options.matrixWrites / clients));
          const cell = await measure(
            service,
            options,
            { url, tokens, projectIds: cellProjects, runId: `${runId}-c${clients}p${problems}` },
            clients,
            writesPerClient,
          );
          const ok = cell.checks.every(([, passed]) => passed);
          failed ||= !ok;
          console.log(
            `${String(clients).padStart(7)}  ${String(problems).padStart(8)}  ${cell.writesPerSecond.toFixed(1).padStart(8)}  ${percentile(cell.latencies, 0.5).toFixed(1).padStart(6)}  ${percentile(cell.latencies, 0.95).toFixed(1).padStart(6)}  ${percentile(cell.latencies, 0.99).toFixed(1).padStart(6)}  ${`${(cell.serviceLoopBusy * 100).toFixed(0)}%`.padStart(9)}  ${ok ? "passed" : "FAILED"}`,
          );
          if (!ok)
            report(
              cell.checks.filter(([, passed]) => !passed),
              `  cell ${clients}x${problems}`,
            );
        }
      }
    }
    console.log(`integrity: ${failed ? "FAILED" : "passed"}`);
    console.log(describeTableSizes(await readTableSizes(service.services.db.pool)));
  } finally {
    await bench.stop();
  }
  if (env.databaseUrl) console.log(describeTableReads(await readTableReads(env.databaseUrl)));
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
