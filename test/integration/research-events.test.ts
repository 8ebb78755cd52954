// `researchEvents` over graphql-ws: every committed research event is delivered once, in sequence
// order, filtered by problem or project; a client that reconnects with its last sequence catches up
// with exactly the events it missed.
import type { Client } from "graphql-ws";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor } from "../factories/projects.js";
import { recordObject, relateObjects, supersedeObject } from "../factories/research.js";
import type { ProjectResult } from "../helpers/documents/research.js";
import {
  EventCollector,
  isContiguous,
  sequencesOf,
  subscriptionClient,
  type ReceivedEvent,
} from "../helpers/event-collector.js";
import { headSequence } from "../helpers/research-rows.js";

describe.each(testDatabaseTargets())("researchEvents subscription ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let projectA: ProjectResult;
  let projectB: ProjectResult;
  let otherProblemProject: ProjectResult;
  const clients: Client[] = [];
  const prisma = () => running.service.services.db.prisma;
  const newClient = () => {
    const client = subscriptionClient(running.service.url);
    clients.push(client);
    return client;
  };

  /** Committed events after `after` matching the filter, as the subscription should deliver them. */
  const committedAfter = async (after: bigint, where: { routingTargetId?: string; projectId?: string } = {}) =>
    (
      await prisma().changeEvent.findMany({
        where: { ...where, sequence: { gt: after } },
        orderBy: { sequence: "asc" },
      })
    ).map((row) => ({
      sequence: row.sequence.toString(),
      routingTargetId: row.routingTargetId,
      projectId: row.projectId,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      eventType: row.eventType,
      payloadVersion: row.payloadVersion,
      payload: row.payload,
    })) as ReceivedEvent[];

  /** A burst of writes on the three projects: records, a relation, a supersession. */
  const writeMixed = async () => {
    const a1 = await recordObject(running.service.url, token, projectA.id, { branch: "approach/events" });
    await recordObject(running.service.url, token, otherProblemProject.id);
    const b1 = await recordObject(running.service.url, token, projectB.id);
    const a2 = await recordObject(running.service.url, token, projectA.id, {
      relations: [{ type: "SUPPORTS", target: a1.accession }],
    });
    await relateObjects(running.service.url, token, { from: b1.accession, to: a1.accession, type: "CITES" });
    await supersedeObject(running.service.url, token, { target: a1.accession, supersededBy: a2.accession });
  };

  beforeAll(async () => {
    token = (await createOperatorWithToken(prisma(), "AGENT")).token;
    projectA = await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:1" });
    projectB = await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:1" });
    otherProblemProject = await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:3" });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  it("delivers a problem's events once, in sequence order, and nothing of other problems", async () => {
    const after = await headSequence(prisma());
    const collector = new EventCollector(newClient(), { problemRef: "Erdős 1", afterSequence: after });
    await writeMixed();
    const expected = await committedAfter(after, { routingTargetId: projectA.routingTargetId });
    expect(expected).toHaveLength(6);
    await collector.waitFor(expected.length);
    const received = await collector.settle();
    expect(received).toEqual(expected);
    const sequences = sequencesOf(received);
    expect(sequences).toEqual([...sequences].sort((x, y) => (x < y ? -1 : 1)));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(
      received.every((event) => event.routingTargetId === projectA.routingTargetId && event.payloadVersion === 1),
    ).toBe(true);
    expect(received.map((event) => event.eventType)).toEqual(
      expect.arrayContaining(["research.recorded", "research.related", "research.superseded"]),
    );
  });

  it("filters by project (Relay id or raw uuid)", async () => {
    const projectUuid = (await prisma().project.findFirstOrThrow({ where: { slug: projectB.slug } })).id;
    const after = await headSequence(prisma());
    const byGlobalId = new EventCollector(newClient(), { projectId: projectB.id, afterSequence: after });
    const byUuid = new EventCollector(newClient(), { projectId: projectUuid, afterSequence: after });
    await writeMixed();
    const expected = await committedAfter(after, { projectId: projectUuid });
    expect(expected.length).toBeGreaterThanOrEqual(2);
    await byGlobalId.waitFor(expected.length);
    await byUuid.waitFor(expected.length);
    expect(await byGlobalId.settle()).toEqual(expected);
    expect(await byUuid.settle(0)).toEqual(expected);
  });

  it("delivers the whole stream contiguously without a filter, including concurrent writes", async () => {
    const after = await headSequence(prisma());
    const collector = new EventCollector(newClient(), { afterSequence: after });
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        recordObject(running.service.url, token, index % 2 ? projectA.id : otherProblemProject.id),
      ),
    );
    const expected = await committedAfter(after);
    expect(expected).toHaveLength(10);
    await collector.waitFor(10);
    const received = await collector.settle();
    expect(received).toEqual(expected);
    expect(sequencesOf(received)[0]).toBe(after + 1n);
    expect(isContiguous(sequencesOf(received))).toBe(true);
  });

  it("starts from the head when no afterSequence is given", async () => {
    await recordObject(running.service.url, token, projectA.id);
    const collector = new EventCollector(newClient(), { projectId: projectA.id });
    // Let the subscription read the head before writing, so the write is the first event it sees.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await headSequence(prisma());
    await recordObject(running.service.url, token, projectA.id);
    await collector.waitFor(1);
    expect(await collector.settle()).toEqual(
      await committedAfter(after, { routingTargetId: projectA.routingTargetId }),
    );
  });

  it("lets a client that reconnects with its last sequence catch up with no gap and no duplicate", async () => {
    const problemFilter = { routingTargetId: projectA.routingTargetId };
    const start = await headSequence(prisma());
    const firstClient = newClient();
    const first = new EventCollector(firstClient, { problemRef: "cp:erdos:1", afterSequence: start });
    for (let index = 0; index < 3; index += 1) await recordObject(running.service.url, token, projectA.id);
    const seen = await first.waitFor(3);
    first.stop();
    await firstClient.dispose();
    const lastSeen = seen[seen.length - 1]!.sequence;

    // Written while disconnected, on this problem and another.
    for (let index = 0; index < 4; index += 1) {
      await recordObject(running.service.url, token, projectA.id);
      await recordObject(running.service.url, token, otherProblemProject.id);
    }
    const missed = await committedAfter(BigInt(lastSeen), problemFilter);
    expect(missed).toHaveLength(4);

    const second = new EventCollector(newClient(), { problemRef: "cp:erdos:1", afterSequence: lastSeen });
    await second.waitFor(4);
    const caughtUp = await second.settle();
    expect(caughtUp).toEqual(missed);
    expect([...seen, ...caughtUp]).toEqual(await committedAfter(start, problemFilter));

    // And it keeps following live writes after catching up.
    await recordObject(running.service.url, token, projectA.id);
    const live = await second.waitFor(5);
    expect(BigInt(live[4]!.sequence)).toBeGreaterThan(BigInt(caughtUp[3]!.sequence));
  });

  it("reports an unknown problem ref as an error on the subscription", async () => {
    const collector = new EventCollector(newClient(), { problemRef: "cp:erdos:999999", afterSequence: 0n });
    await expect(collector.waitFor(1, 5_000)).rejects.toThrow(/No single problem|NOT_FOUND/);
  });
});
