// Two services on one PostgreSQL database: an event written through either is delivered to
// subscribers of the other (LISTEN/NOTIFY carries the "new events up to N" notice). Tested with two
// service instances in this process and with a second service in a separate OS process.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/env.js";
import { createLogger } from "../../src/logger.js";
import { startService, type RunningService } from "../../src/service.js";
import {
  createServerDatabase,
  testDatabaseTargets,
  type ServerDatabase,
  testServiceEnv,
} from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";
import type { ProjectResult, ResearchObjectResult } from "../helpers/documents/research.js";
import { EventCollector, subscriptionClient } from "../helpers/event-collector.js";
import { headSequence } from "../helpers/research-rows.js";

const serverTarget = testDatabaseTargets().find((target) => target.name === "server");
if (!serverTarget) {
  console.warn(
    "[test] research-two-processes: skipped on the embedded database. PGlite is a single session owned by one process, " +
      "so two service processes cannot share it; set TEST_DATABASE_URL to test LISTEN/NOTIFY delivery across processes.",
  );
}

function startOnDatabase(url: string): Promise<RunningService> {
  const env = testServiceEnv({ DATABASE_URL: url });
  return startService(env, { dataDir: null, logger: createLogger("silent") });
}

/** `npm start` in a child process on `url`; resolves with its GraphQL URL once it logs "service ready". */
async function startChildService(url: string): Promise<{ child: ChildProcess; graphqlUrl: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      CATALOGUE: "demo",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const graphqlUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child service did not start: ${stderr.join("")}`)), 60_000);
    child.once("exit", (code) => reject(new Error(`child service exited with ${code}: ${stderr.join("")}`)));
    lines.on("line", (line) => {
      const match = /"message":"service ready".*"url":"([^"]+)"|"url":"([^"]+)".*"message":"service ready"/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? match[2]!);
      }
    });
  });
  return { child, graphqlUrl };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

describe.skipIf(!serverTarget)("two services on one PostgreSQL database deliver each other's events", () => {
  let database: ServerDatabase;
  let serviceA: RunningService;
  let serviceB: RunningService;
  let child: { child: ChildProcess; graphqlUrl: string } | undefined;
  let token: string;
  let project: ProjectResult;
  const clients: Client[] = [];
  const client = (url: string) => {
    const created = subscriptionClient(url);
    clients.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createServerDatabase(serverTarget!.name === "server" ? serverTarget!.url : "");
    // One after the other: the first start loads the fixture catalogue, the second finds it loaded.
    serviceA = await startOnDatabase(database.url);
    serviceB = await startOnDatabase(database.url);
    token = (await createOperatorWithToken(serviceA.services.db.prisma, "AGENT")).token;
    project = await createProjectFor(serviceA.server.url, token);
  });

  afterAll(async () => {
    await Promise.all(clients.map((created) => created.dispose()));
    if (child) await stopChild(child.child);
    await serviceA?.stop();
    await serviceB?.stop();
    await database?.drop();
  });

  /** Subscribes through `reader`, writes `count` objects through `writer`, returns what arrived. */
  async function writeThroughReadFrom(writerUrl: string, readerUrl: string, count: number) {
    const after = await headSequence(serviceA.services.db.prisma);
    const collector = new EventCollector(client(readerUrl), { projectId: project.id, afterSequence: after });
    // Let the subscription catch up and wait on the notifier, so delivery depends on the notice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const written: ResearchObjectResult[] = [];
    for (let index = 0; index < count; index += 1) written.push(await recordObject(writerUrl, token, project.id));
    const received = await collector.waitFor(count);
    const extra = await collector.settle();
    collector.stop();
    return { written, received, extra };
  }

  it("delivers on B what was written through A", async () => {
    const { written, received, extra } = await writeThroughReadFrom(serviceA.server.url, serviceB.server.url, 3);
    expect(extra).toHaveLength(3);
    expect(received.map((event) => event.payload.accession)).toEqual(written.map((object) => object.accession));
    expect(received.every((event) => event.eventType === "research.recorded")).toBe(true);
  });

  it("delivers on A what was written through B", async () => {
    const { written, received, extra } = await writeThroughReadFrom(serviceB.server.url, serviceA.server.url, 3);
    expect(extra).toHaveLength(3);
    expect(received.map((event) => event.payload.accession)).toEqual(written.map((object) => object.accession));
  });

  it("delivers one stream to both when both write concurrently", async () => {
    const after = await headSequence(serviceA.services.db.prisma);
    const onA = new EventCollector(client(serviceA.server.url), { problemRef: "cp:erdos:1", afterSequence: after });
    const onB = new EventCollector(client(serviceB.server.url), { problemRef: "cp:erdos:1", afterSequence: after });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        recordObject(index % 2 ? serviceA.server.url : serviceB.server.url, token, project.id),
      ),
    );
    const fromA = await onA.waitFor(8);
    const fromB = await onB.waitFor(8);
    expect(fromA).toEqual(fromB);
    const sequences = fromA.map((event) => BigInt(event.sequence));
    expect(sequences).toEqual(Array.from({ length: 8 }, (_, index) => after + 1n + BigInt(index)));
    expect(await onA.settle()).toHaveLength(8);
  });

  it("delivers across separate OS processes (a second `npm start` on the same database)", async () => {
    child = await startChildService(database.url);
    const toChild = await writeThroughReadFrom(serviceA.server.url, child.graphqlUrl, 2);
    expect(toChild.extra).toHaveLength(2);
    expect(toChild.received.map((event) => event.payload.accession)).toEqual(
      toChild.written.map((object) => object.accession),
    );
    const fromChild = await writeThroughReadFrom(child.graphqlUrl, serviceB.server.url, 2);
    expect(fromChild.extra).toHaveLength(2);
    expect(fromChild.received.map((event) => event.payload.accession)).toEqual(
      fromChild.written.map((object) => object.accession),
    );
  });

  it("keeps delivering after the LISTEN connection is dropped by the server (runs last: it cuts the listeners)", async () => {
    const pool = serviceA.services.db.pool;
    const { rowCount } = await pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    expect(rowCount).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { written, received } = await writeThroughReadFrom(serviceA.server.url, serviceB.server.url, 2);
    expect(received.map((event) => event.payload.accession)).toEqual(written.map((object) => object.accession));
  });
});
