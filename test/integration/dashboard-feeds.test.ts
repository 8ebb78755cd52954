// The dashboard's feeds over graphql-ws: `dashboardEvents` replays the last events and streams new ones
// in batches whose subjects (title, kind, project, problem) cost one statement, not one per event;
// `serviceMonitor` pushes the head, events per minute, the worker's batches and lag history as they move.
import type { Client } from "graphql-ws";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";
import type { ProjectResult } from "../helpers/documents/research.js";
import { subscriptionClient } from "../helpers/event-collector.js";
import { gqlData } from "../helpers/graphql.js";
import { countQueries } from "../helpers/query-counter.js";
import { MEMORY_VIEW } from "../../src/features/memory/domain/memory.constants.js";
import { LAG_BUCKETS } from "../../src/projections/service-monitor.js";
import { announceRebuild } from "../../src/projections/rebuild-progress.js";
import { headSequence } from "../../src/events/change-events.js";

const DASHBOARD_EVENTS = `
  subscription DashboardEvents($problemRef: String, $projectId: ID, $replay: Int) {
    dashboardEvents(problemRef: $problemRef, projectId: $projectId, replayLast: $replay) {
      sequence eventType resourceType resourceId
      subject { title kind accession state projectId projectName problemStableId problemTitle }
    }
  }`;

const SERVICE_MONITOR = `
  subscription Monitor {
    serviceMonitor {
      headSequence
      views { view status lagEvents peakLagEvents peakAt lagHistory { firstBucketAt bucketSeconds values } }
      eventsPerMinute { bucketSeconds values }
      worker { inProcess batches eventsApplied lastBatchAt lastBatchMs errors backlogEvents }
      rebuilds { view outcome }
    }
  }`;

interface Subject {
  title: string | null;
  kind: string;
  accession: string | null;
  projectName: string | null;
  problemStableId: string | null;
  problemTitle: string | null;
}
interface DashboardEvent {
  sequence: string;
  eventType: string;
  resourceType: string;
  resourceId: string;
  subject: Subject;
}
interface Monitor {
  headSequence: string;
  views: {
    view: string;
    status: string;
    lagEvents: string;
    peakLagEvents: number;
    lagHistory: { bucketSeconds: number; values: (number | null)[] };
  }[];
  eventsPerMinute: { bucketSeconds: number; values: (number | null)[] };
  worker: {
    inProcess: boolean;
    batches: number;
    eventsApplied: number;
    lastBatchAt: string | null;
    lastBatchMs: number | null;
    errors: number;
    backlogEvents: string;
  };
  rebuilds: { view: string; outcome: string }[];
}

/** Every payload a subscription sends, and a way to wait for one that passes a test. */
function collect<T>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const received: T[] = [];
  const errors: unknown[] = [];
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (result) => (result.errors ? errors.push(result.errors) : received.push(result.data as T)),
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return {
    received,
    errors,
    stop,
    async until(test: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (errors.length) throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
        const found = received.find(test);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching payload in ${received.length}: ${JSON.stringify(received.at(-1))}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

async function waitUntilFresh(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const data = await gqlData<{ freshness: { views: { status: string }[] } }>(
      url,
      "{ freshness { views { status } } }",
    );
    if (data.freshness.views.every((view) => view.status === "FRESH")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the derived views did not become fresh");
}

describe.each(testDatabaseTargets())("dashboard feeds ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let project: ProjectResult;
  const clients: Client[] = [];
  const newClient = () => {
    const client = subscriptionClient(running.service.url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    token = (await createOperatorWithToken(running.service.services.db.prisma, "AGENT")).token;
    project = await createProjectFor(running.service.url, token, { name: "Feeds project" });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.dispose()));
  });

  it("replays the last events in one batch, each with its subject, in one subject statement", async () => {
    const objects = [];
    for (let index = 0; index < 12; index += 1)
      objects.push(await recordObject(running.service.url, token, project.id, { title: `Replayed claim ${index}` }));
    // The in-process worker reads the new records by id too (memory checkpoints): count only once it has caught up.
    await waitUntilFresh(running.service.url);
    const counter = countQueries(running.service.services.db.pool);
    const feed = collect<{ dashboardEvents: DashboardEvent[] }>(newClient(), DASHBOARD_EVENTS, {
      projectId: project.id,
      replay: 10,
    });
    const [batch] = [(await feed.until(() => true)).dashboardEvents];
    expect(batch!.map((event) => event.subject.title)).toEqual(objects.slice(2).map((object) => object.title));
    expect(batch![0]!.subject).toMatchObject({
      kind: "CLAIM",
      accession: objects[2]!.accession,
      projectName: "Feeds project",
      problemStableId: "cp:erdos:1",
    });
    expect(batch![0]!.subject.problemTitle).toBeTruthy();
    // Subjects of the whole batch: one statement (research objects, projects and problems by id), and no
    // other read of those tables by id.
    const subjectReads = counter.statements.filter((statement) => statement.includes(") AS objects,"));
    expect(subjectReads).toHaveLength(1);
    const byId = (table: string) =>
      counter.statements.filter((statement) => statement.includes(`"${table}"`) && /"id" IN \(/.test(statement));
    expect([byId("research_objects"), byId("projects"), byId("problems")]).toEqual([[], [], []]);
    feed.stop();
  });

  it("streams new events live, filtered by problem", async () => {
    const feed = collect<{ dashboardEvents: DashboardEvent[] }>(newClient(), DASHBOARD_EVENTS, {
      problemRef: "cp:erdos:1",
    });
    // A subscription with nothing to replay sends nothing until a write: give it time to start.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const other = await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:3", name: "Elsewhere" });
    await recordObject(running.service.url, token, other.id, { title: "Not for this feed" });
    const object = await recordObject(running.service.url, token, project.id, { title: "Live claim" });
    const live = await feed.until((payload) =>
      payload.dashboardEvents.some((event) => event.subject.title === "Live claim"),
    );
    expect(live.dashboardEvents.find((event) => event.subject.title === "Live claim")!.subject.accession).toBe(
      object.accession,
    );
    const titles = feed.received.flatMap((payload) => payload.dashboardEvents.map((event) => event.subject.title));
    expect(titles).not.toContain("Not for this feed");
    expect(titles).not.toContain("Elsewhere");
  });

  it("refuses a replay above its limit", async () => {
    const feed = collect<{ dashboardEvents: DashboardEvent[] }>(newClient(), DASHBOARD_EVENTS, { replay: 1_000 });
    await expect.poll(() => feed.errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(feed.errors)).toContain("replayLast must be 0-100");
  });

  it("pushes the monitor: head, events per minute, worker batches and an hour of lag buckets", async () => {
    const monitor = collect<{ serviceMonitor: Monitor }>(newClient(), SERVICE_MONITOR);
    const first = (await monitor.until(() => true)).serviceMonitor;
    expect(first.views.map((view) => view.lagHistory.values.length)).toEqual(first.views.map(() => LAG_BUCKETS));
    expect(first.views[0]!.lagHistory.bucketSeconds).toBe(10);
    expect(first.eventsPerMinute.bucketSeconds).toBe(60);
    expect(first.worker.inProcess).toBe(true);
    const counted = (payload: Monitor) =>
      payload.eventsPerMinute.values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    const before = counted(first);
    const objects = await Promise.all(
      [1, 2, 3, 4, 5].map((index) =>
        recordObject(running.service.url, token, project.id, { title: `Monitored claim ${index}` }),
      ),
    );
    const sequence = await headSequence(running.service.services.db.prisma);
    const caughtUp = (
      await monitor.until(
        (payload) =>
          BigInt(payload.serviceMonitor.headSequence) >= sequence &&
          payload.serviceMonitor.worker.backlogEvents === "0" &&
          counted(payload.serviceMonitor) >= before + objects.length,
      )
    ).serviceMonitor;
    expect(caughtUp.worker.batches).toBeGreaterThan(first.worker.batches);
    expect(caughtUp.worker.lastBatchAt).not.toBeNull();
    expect(caughtUp.worker.errors).toBe(0);
    expect(caughtUp.views.find((view) => view.view === MEMORY_VIEW)!.peakLagEvents).toBeGreaterThan(0);
    monitor.stop();
  });

  // The CLI in another process announces its rebuild by NOTIFY; a server database carries it to every service.
  it.runIf(target.name === "server")(
    "shows a rebuild another process announces, with its stage, counts and outcome",
    async () => {
      const monitor = collect<{
        serviceMonitor: Omit<Monitor, "rebuilds"> & {
          rebuilds: { view: string; outcome: string; stage: string; done: number; total: number; inProcess: boolean }[];
        };
      }>(
        newClient(),
        SERVICE_MONITOR.replace("rebuilds { view outcome }", "rebuilds { view outcome stage done total inProcess }"),
      );
      await monitor.until(() => true);
      const announced = announceRebuild(running.service.services.db.pool, MEMORY_VIEW);
      announced.progress("memberships", 1_500, 4_000);
      const progressing = await monitor.until((payload) =>
        payload.serviceMonitor.rebuilds.some((rebuild) => rebuild.stage === "memberships"),
      );
      expect(progressing.serviceMonitor.rebuilds).toContainEqual({
        view: MEMORY_VIEW,
        outcome: "RUNNING",
        stage: "memberships",
        done: 1_500,
        total: 4_000,
        inProcess: false,
      });
      await announced.finished({
        view: MEMORY_VIEW,
        servingVersion: 1,
        builtVersion: 2,
        highWaterMark: 10n,
        diff: [],
        failures: ["member counts differ"],
        switched: false,
        dryRun: false,
        durationMs: 5,
      });
      await monitor.until((payload) => payload.serviceMonitor.rebuilds.some((rebuild) => rebuild.outcome === "FAILED"));
      monitor.stop();
    },
  );
});
