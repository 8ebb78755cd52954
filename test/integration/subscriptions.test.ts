import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { loadFixtureCatalogue } from "../../src/features/catalogue/domain/fixture-catalogue.js";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createProjectionRegistry } from "../../src/projectors.js";
import { headSequence } from "../../src/events/change-events.js";

const { inlineViews } = createProjectionRegistry();

const RESEARCH_EVENTS = `
  subscription Events($after: BigInt!) {
    researchEvents(afterSequence: $after) { sequence eventType resourceType resourceId }
  }`;

interface ResearchEvent {
  sequence: string;
  eventType: string;
  resourceType: string;
  resourceId: string;
}

/** Subscribes and collects events until `count` arrived (or the time limit passes). */
async function takeEvents(
  client: Client,
  after: string,
  count: number,
  onSubscribed?: () => Promise<void>,
): Promise<ResearchEvent[]> {
  const events: ResearchEvent[] = [];
  const iterator = client.iterate<{ researchEvents: ResearchEvent }>({ query: RESEARCH_EVENTS, variables: { after } });
  const collecting = (async () => {
    for await (const result of iterator) {
      if (result.errors) throw new Error(JSON.stringify(result.errors));
      events.push(result.data!.researchEvents);
      if (events.length >= count) break;
    }
  })();
  await onSubscribed?.();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`received ${events.length} of ${count} events: ${JSON.stringify(events)}`)),
      15_000,
    );
  });
  try {
    await Promise.race([collecting, timeout]);
  } finally {
    clearTimeout(timer);
    await iterator.return?.();
  }
  return events;
}

describe.each(testDatabaseTargets())("researchEvents subscription over graphql-ws ($name database)", (target) => {
  const running = useTestService(target);
  let client: Client;

  beforeAll(async () => {
    client = createClient({
      url: running.service.url.replace(/^http/, "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
  });

  // Runs before useTestService's afterAll (vitest runs afterAll hooks in reverse order), so the service stops last.
  afterAll(async () => {
    await client?.dispose();
  });

  it("replays the fixture import's problem.created events in sequence order", async () => {
    const fixtureSize = loadFixtureCatalogue().length;
    const events = await takeEvents(client, "0", fixtureSize);
    expect(events).toHaveLength(fixtureSize);
    expect(events.every((event) => event.eventType === "problem.created" && event.resourceType === "problem")).toBe(
      true,
    );
    const sequences = events.map((event) => BigInt(event.sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(sequences).size).toBe(fixtureSize);
  });

  it("delivers the event of a problem imported while subscribed", async () => {
    const prisma = running.service.services.db.prisma;
    const head = await headSequence(prisma);
    const problem = buildCatalogueProblem();
    const events = await takeEvents(client, head.toString(), 1, async () => {
      // Write after the subscription has caught up, so the event comes through the notifier path.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const report = await importCatalogue({ inlineViews, prisma, problems: [problem] });
      // Only the write use cases publish; a direct import has to announce its events itself.
      await running.service.services.notifier.publish(BigInt(report.lastEventSequence!));
    });
    const created = await prisma.problem.findUniqueOrThrow({ where: { stableId: problem.stableId } });
    expect(events).toEqual([
      {
        sequence: (head + 1n).toString(),
        eventType: "problem.created",
        resourceType: "problem",
        resourceId: created.id,
      },
    ]);
  });
});
