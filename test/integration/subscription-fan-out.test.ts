// Many subscribers of one project over graphql-ws: each receives every event of the project, the same
// content for all, and nothing of another project; the change table is read once per notice and each
// event's subject once per notice, whatever the number of subscribers (no query per subscriber).
import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";
import type { ProjectResult } from "../helpers/documents/research.js";
import { countQueries } from "../helpers/query-counter.js";
import { headSequence } from "../helpers/research-rows.js";

const FOLLOW = `
  subscription Follow($projectId: ID!, $after: BigInt!) {
    researchEvents(projectId: $projectId, afterSequence: $after) {
      sequence eventType resourceId payload
      subject { title kind accession projectName problemStableId }
    }
  }`;

const SOCKETS = 5;
const PER_SOCKET = 4;
/** The subject loader's read (src/events/event-subjects.ts): one statement for a batch of events. */
const SUBJECT_READ = "FROM research_objects o WHERE o.id = ANY($1::uuid[])) AS objects";

interface Delivered {
  sequence: string;
  eventType: string;
  resourceId: string;
  payload: unknown;
  subject: { title: string | null; kind: string; accession: string | null; projectName: string | null };
}

/** One subscription's deliveries, with a wait for a count. */
function follow(client: Client, variables: Record<string, unknown>) {
  const received: Delivered[] = [];
  const errors: unknown[] = [];
  client.subscribe<{ researchEvents: Delivered }>(
    { query: FOLLOW, variables },
    {
      next: (result) => (result.errors ? errors.push(result.errors) : received.push(result.data!.researchEvents)),
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return { received, errors };
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabaseTargets())("subscription fan-out ($name database)", (target) => {
  const running = useTestService(target);
  const clients: Client[] = [];
  let writer: string;
  let project: ProjectResult;
  let otherProject: ProjectResult;

  beforeAll(async () => {
    const prisma = running.service.services.db.prisma;
    writer = (await createOperatorWithToken(prisma, "AGENT")).token;
    project = await createProjectFor(running.service.url, writer, { problemRef: "cp:erdos:1" });
    otherProject = await createProjectFor(running.service.url, writer, { problemRef: "cp:erdos:1" });
  });

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  it("delivers every event to every subscriber with one change-table read and one subject read per notice", async () => {
    const { prisma, pool } = running.service.services.db;
    const feed = running.service.services.changeFeed;
    const after = (await headSequence(prisma)).toString();
    const subscribers: ReturnType<typeof follow>[] = [];
    // Each socket is another operator, so sharing crosses callers as it would between agents.
    for (let socket = 0; socket < SOCKETS; socket += 1) {
      const { token } = await createOperatorWithToken(prisma, "AGENT");
      const client = createClient({
        url: running.service.url.replace(/^http/, "ws"),
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
      });
      clients.push(client);
      for (let index = 0; index < PER_SOCKET; index += 1)
        subscribers.push(follow(client, { projectId: project.id, after }));
    }
    // The same operation on another project, on one of the sockets: it must see none of these events.
    const other = follow(clients[0]!, { projectId: otherProject.id, after });

    // Live and caught up: every subscriber has the first write's event.
    await recordObject(running.service.url, writer, project.id);
    await until(() => subscribers.every((subscriber) => subscriber.received.length === 1), "the first event");

    const counter = countQueries(pool);
    const before = feed.counts();
    const titles = [];
    for (let index = 0; index < 3; index += 1) {
      const object = await recordObject(running.service.url, writer, project.id);
      titles.push(object.title);
      await until(
        () => subscribers.every((subscriber) => subscriber.received.length === index + 2),
        `event ${index + 2}`,
      );
    }
    const counts = feed.counts();
    const notices = counts.notices - before.notices;
    const statements = [...counter.statements];
    counter.reset();

    expect(subscribers.every((subscriber) => subscriber.errors.length === 0)).toBe(true);
    const projectUuid = (await prisma.project.findFirstOrThrow({ where: { slug: project.slug } })).id;
    const committed = await prisma.changeEvent.findMany({
      where: { projectId: projectUuid, sequence: { gt: BigInt(after) } },
      orderBy: { sequence: "asc" },
    });
    expect(committed).toHaveLength(4);
    expect(subscribers[0]!.received.map((event) => event.sequence)).toEqual(
      committed.map((event) => event.sequence.toString()),
    );
    // The same content for all twenty, subjects included.
    for (const subscriber of subscribers) expect(subscriber.received).toEqual(subscribers[0]!.received);
    expect(subscribers[0]!.received.slice(1).map((event) => event.subject.title)).toEqual(titles);
    expect(other.received).toEqual([]);
    // One read of new rows per notice at most (notices arriving during a read share the next one). A notice
    // heard just before the first count (the projection's, after the first write) can have its read start
    // after it, so the reads may exceed the notices counted here by one; twenty subscribers reading for
    // themselves would exceed them by far more.
    expect(notices).toBeGreaterThanOrEqual(3);
    expect(counts.tableReads - before.tableReads).toBeGreaterThanOrEqual(1);
    expect(counts.tableReads - before.tableReads).toBeLessThanOrEqual(notices + 1);
    // Each of them is the shared read of the change table (nextEvents, which the projection worker's
    // refreshes send too) on the pool, never a Prisma query of the change table.
    const sharedReads = statements.filter((statement) =>
      statement.includes("FROM change_events e WHERE e.sequence > $1"),
    );
    expect(sharedReads.length).toBeGreaterThanOrEqual(counts.tableReads - before.tableReads);
    expect(statements.filter((statement) => statement.includes('FROM "public"."change_events"'))).toEqual([]);
    // Subjects: one statement per event batch for all subscribers, never one per subscriber.
    const subjectReads = statements.filter((statement) => statement.includes(SUBJECT_READ)).length;
    expect(subjectReads).toBeGreaterThanOrEqual(1);
    expect(subjectReads).toBeLessThanOrEqual(3);
  });
});
