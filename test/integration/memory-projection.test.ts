// The memory-branches projector against both databases: replay equivalence with a rebuild, a crash in
// the middle of a refresh, concurrent workers, and keyset paging over 1,000 members.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../../src/generated/prisma/client.js";
import type { EventNotifier } from "../../src/events/notifier.js";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { createProject } from "../../src/features/research/commands/create-project.command.js";
import { recordResearch } from "../../src/features/research/commands/record-research.command.js";
import { branchId } from "../../src/features/memory/domain/branch-derivation.js";
import { readMemberPage } from "../../src/features/memory/queries/member-page.query.js";
import { MemberCursorKey } from "../../src/features/memory/domain/cursor-secret.js";
import { InvalidCursorError } from "../../src/features/memory/domain/memory.errors.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import { refreshOnce } from "../../src/projections/refresh.js";
import { drainView } from "../../src/projections/worker.js";
import { serializeMemoryVersion } from "../../src/features/memory/projection/memory-serialize.js";
import { seedResearchObjects } from "../../tools/seed/memory-seed.js";
import { rebuildView } from "../../src/projections/rebuild.js";
import { createMemoryProjector } from "../../src/features/memory/projection/memory-projector.js";
import { MemberTextCache } from "../../src/features/memory/projection/member-text-cache.js";
import { openTestDatabase, testDatabaseTargets, type TestDatabase } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { uniqueToken } from "../factories/unique-token.js";
import { createProjectionRegistry } from "../../src/projectors.js";
import { headSequence } from "../../src/events/change-events.js";
import { CHANNEL } from "../../src/events/notifier.js";
import pg from "pg";
import { quarantineResearch, releaseResearch } from "../../src/features/research/commands/quarantine.command.js";
import { seededRandom } from "../../src/platform/lib/seeded-random.js";
import { sql } from "../../src/platform/db/sql.js";

const { inlineViews } = createProjectionRegistry();
// Writes hand their text analysis to this projector, as the service's do: its checkpoints must equal a rebuild's,
// which analyses every member from its text.
const memberTexts = new MemberTextCache();
const memoryProjector = createMemoryProjector(memberTexts);

const silentNotifier: EventNotifier = {
  publish: async () => undefined,
  subscribe: () => () => undefined,
  subscribeRebuildProgress: () => () => undefined,
  subscribeOperatorChanges: () => () => undefined,
  statementChannel: null,
  committed: () => undefined,
  close: async () => undefined,
};

async function servingMemoryVersion(prisma: PrismaClient): Promise<number> {
  return (await prisma.projectionPointer.findUniqueOrThrow({ where: { view: "memory-branches" } })).servingVersion;
}

describe.each(testDatabaseTargets())("memory-branches projection ($name database)", (target) => {
  let database: TestDatabase;
  let prisma: PrismaClient;
  let operator: Awaited<ReturnType<typeof createOperatorWithToken>>["operator"];

  async function newProject(): Promise<string> {
    const problem = buildCatalogueProblem();
    await importCatalogue({ inlineViews, prisma, problems: [problem], afterWrite: maintainProblemDocuments });
    const { project } = await createProject({
      prisma,
      notifier: silentNotifier,
      inlineViews,
      operator,
      input: { problemRef: problem.stableId, name: `Memory ${uniqueToken()}`, idempotencyKey: uniqueToken() },
    });
    return project.id;
  }

  async function recordObject(
    projectId: string,
    input: {
      kind: "CLAIM" | "ATTEMPT" | "NEGATIVE_TRACE";
      title: string;
      body?: string;
      branch?: string;
      supersedes?: string[];
      evidenceGrade?: "ARGUED" | "SOURCE_BACKED";
    },
  ) {
    const result = await recordResearch({
      prisma,
      pool: database.db.pool,
      notifier: silentNotifier,
      inlineViews,
      operator,
      analysedTexts: memberTexts,
      input: {
        projectId,
        body: `${input.title}. Details follow.`,
        evidenceGrade: "ARGUED",
        idempotencyKey: uniqueToken(),
        ...input,
      },
    });
    return result.object;
  }

  async function record(...args: Parameters<typeof recordObject>): Promise<string> {
    return (await recordObject(...args)).id;
  }

  async function expectEqualsRebuild(): Promise<void> {
    const before = await servingMemoryVersion(prisma);
    const incremental = await serializeMemoryVersion(prisma, before);
    const report = await rebuildView(prisma, memoryProjector);
    expect(report.failures).toEqual([]);
    expect(report.switched).toBe(true);
    expect(report.diff.every((table) => table.added + table.removed + table.changed === 0)).toBe(true);
    expect(await serializeMemoryVersion(prisma, report.builtVersion)).toBe(incremental);
  }

  beforeAll(async () => {
    database = await openTestDatabase(target);
    prisma = database.db.prisma;
    operator = (await createOperatorWithToken(prisma, "AGENT")).operator;
  });

  afterAll(async () => {
    await database?.cleanup();
  });

  it("a rebuild from scratch equals the incrementally maintained state", async () => {
    const projectId = await newProject();
    const first = await record(projectId, {
      kind: "CLAIM",
      title: "Second moment bound",
      branch: "approach/second-moment",
    });
    await record(projectId, { kind: "NEGATIVE_TRACE", title: "Greedy colouring fails", branch: "approach/greedy" });
    await drainView(database.db.pool, memoryProjector, { batchSize: 2 });
    await record(projectId, {
      kind: "CLAIM",
      title: "Sharper second moment bound",
      branch: "approach/second-moment",
      supersedes: [first],
    });
    await record(projectId, { kind: "ATTEMPT", title: "Entropy attempt" });
    await drainView(database.db.pool, memoryProjector, { batchSize: 3 });
    const version = await servingMemoryVersion(prisma);
    const root = await prisma.checkpoint.findUniqueOrThrow({
      where: { version_branchId: { version, branchId: branchId(projectId, "project") } },
    });
    expect([root.memberCount, root.currentCount]).toEqual([4, 3]);
    expect(root.summary).not.toContain("Second moment bound.");
    await expectEqualsRebuild();
  });

  it("a branch takes the winning kind and its earliest member's time, whichever batch brings them", async () => {
    const projectId = await newProject();
    const sources = branchId(projectId, "sources");
    const branchRow = async () => {
      const version = await servingMemoryVersion(prisma);
      return prisma.memoryBranch.findUniqueOrThrow({ where: { version_id: { version, id: sources } } });
    };
    // A record named onto `sources` without being source-backed derives an approach of that name.
    const approach = await recordObject(projectId, { kind: "ATTEMPT", title: "Named onto sources", branch: "sources" });
    await drainView(database.db.pool, memoryProjector);
    expect((await branchRow()).kind).toBe("APPROACH");
    // A later batch: a source-backed record wins the name, and a member that commits after the branch
    // exists but was created before its first member (an out-of-order commit) moves its time earlier.
    const source = await recordObject(projectId, {
      kind: "CLAIM",
      title: "Backed claim",
      evidenceGrade: "SOURCE_BACKED",
    });
    const earlier = new Date(approach.createdAt.getTime() - 60_000);
    await prisma.researchObject.update({ where: { id: source.id }, data: { createdAt: earlier } });
    await drainView(database.db.pool, memoryProjector);
    const branch = await branchRow();
    expect(branch.kind).toBe("SOURCE");
    expect(branch.createdAt.getTime()).toBe(earlier.getTime());
    await expectEqualsRebuild();
  });

  it("windows kept between refreshes follow records, supersessions, quarantines and releases", async () => {
    // One projector refreshes a random stream in small batches, so most batches reuse the windows it
    // kept; after each stage its view must equal a rebuild, which reads every window from the records.
    const projectId = await newProject();
    const curator = (await createOperatorWithToken(prisma, "CURATOR")).operator;
    const projector = createMemoryProjector();
    await drainView(database.db.pool, projector);
    const next = seededRandom(29);
    const live: { id: string; accession: string }[] = [];
    const quarantined: string[] = [];
    const branches = ["approach/window-a", "approach/window-b", "approach/window-a/deeper"];
    for (let stage = 0; stage < 3; stage += 1) {
      for (let step = 0; step < 30; step += 1) {
        const roll = next();
        const curation = { prisma, notifier: silentNotifier, inlineViews, operator: curator };
        if (roll < 0.12 && live.length > 2) {
          const [victim] = live.splice(Math.floor(next() * live.length), 1);
          await quarantineResearch({ ...curation, accession: victim!.accession, reason: "stage test" });
          quarantined.push(victim!.accession);
        } else if (roll < 0.2 && quarantined.length > 0) {
          const accession = quarantined.shift()!;
          const released = await releaseResearch({ ...curation, accession });
          if (released.state === "CURRENT") live.push({ id: released.id, accession });
        } else {
          const supersedes =
            roll < 0.35 && live.length > 0 ? [live.splice(Math.floor(next() * live.length), 1)[0]!.id] : [];
          const object = await recordObject(projectId, {
            kind: "CLAIM",
            title: `Stage ${stage} step ${step} bound`,
            body: `Window ${stage}.${step}: the ${step % 2 ? "entropy" : "moment"} argument. Details follow.`,
            branch: branches[Math.floor(next() * branches.length)]!,
            supersedes,
          });
          const written = { id: object.id, accession: `R${object.accession}` };
          // Repetitive text is quarantined at write (the classifier's flood rule): it can only be released.
          if (object.state === "QUARANTINED") quarantined.push(written.accession);
          else live.push(written);
        }
        if (step % 4 === 3) await refreshOnce(database.db.pool, projector, { batchSize: 1 + Math.floor(next() * 5) });
      }
      await drainView(database.db.pool, projector, { batchSize: 3 });
      await expectEqualsRebuild();
    }
  });

  it("a drain stops at the first batch shorter than it asked for, without a further empty read", async () => {
    const projectId = await newProject();
    await drainView(database.db.pool, memoryProjector);
    for (const title of ["Drain one", "Drain two", "Drain three"]) await record(projectId, { kind: "ATTEMPT", title });
    const seen: [string, number, boolean][] = [];
    const applied = await drainView(database.db.pool, memoryProjector, {
      batchSize: 2,
      onRefresh: (result) => seen.push([result.status, result.applied, result.caughtUp]),
    });
    expect(applied).toBe(3);
    expect(seen).toEqual([
      ["applied", 2, false],
      ["applied", 1, true],
    ]);
    const after: string[] = [];
    await drainView(database.db.pool, memoryProjector, { onRefresh: (result) => after.push(result.status) });
    expect(after).toEqual(["idle"]);
  });

  it.runIf(target.name === "server")(
    "a refresh given the notice channel announces its new mark to other processes at its commit",
    async () => {
      const projectId = await newProject();
      await drainView(database.db.pool, memoryProjector);
      await record(projectId, { kind: "ATTEMPT", title: "Announced attempt" });
      const listener = new pg.Client({ connectionString: database.db.connectionString });
      await listener.connect();
      try {
        const heard: string[] = [];
        listener.on("notification", (message) => heard.push(message.payload ?? ""));
        await listener.query(`LISTEN ${CHANNEL}`);
        const result = await refreshOnce(database.db.pool, memoryProjector, { noticeChannel: CHANNEL });
        expect(result.status).toBe("applied");
        // Topic `views`: the refresh appended no event, so catalogue readers skip it.
        await expect.poll(() => heard, { timeout: 5_000 }).toContain(`${result.highWaterMark}:views`);
      } finally {
        await listener.end();
      }
    },
  );

  it("a refresh commits without waiting for its WAL flush, and only the refresh does", async () => {
    // A refresh's view is derived from the durable stream, so a crash may lose it whole and it is replayed;
    // waiting for the flush only slowed the writes that share the WAL (docs/operations.md).
    const projectId = await newProject();
    await drainView(database.db.pool, memoryProjector);
    await record(projectId, { kind: "CLAIM", title: "Commit mode claim" });
    const modes: string[] = [];
    const observed = {
      ...memoryProjector,
      catchUp: async (...args: Parameters<typeof memoryProjector.catchUp>) => {
        const [tx] = args;
        const [row] = await tx.query<{ mode: string }>(sql`SELECT current_setting('synchronous_commit') AS mode`);
        modes.push(row!.mode);
        return memoryProjector.catchUp(...args);
      },
    };
    expect((await refreshOnce(database.db.pool, observed)).status).toBe("applied");
    expect(modes).toEqual(["off"]);
    const { rows } = await database.db.pool.query<{ mode: string }>(
      "SELECT current_setting('synchronous_commit') AS mode",
    );
    expect(rows[0]!.mode).toBe("on");
  });

  it("a crash in the middle of a refresh leaves nothing applied and is replayed", async () => {
    const projectId = await newProject();
    await drainView(database.db.pool, memoryProjector);
    await record(projectId, { kind: "CLAIM", title: "Crash test claim", branch: "approach/crash" });
    const version = await servingMemoryVersion(prisma);
    const markBefore = (
      await prisma.projectionState.findUniqueOrThrow({ where: { view_version: { view: "memory-branches", version } } })
    ).highWaterMark;
    const membersBefore = await prisma.branchMembership.count({ where: { version } });
    await expect(
      refreshOnce(database.db.pool, memoryProjector, {
        beforeCommit: () => {
          throw new Error("simulated crash");
        },
      }),
    ).rejects.toThrow("simulated crash");
    const state = await prisma.projectionState.findUniqueOrThrow({
      where: { view_version: { view: "memory-branches", version } },
    });
    expect(state.highWaterMark).toBe(markBefore);
    expect(await prisma.branchMembership.count({ where: { version } })).toBe(membersBefore);
    await drainView(database.db.pool, memoryProjector);
    expect(
      (
        await prisma.projectionState.findUniqueOrThrow({
          where: { view_version: { view: "memory-branches", version } },
        })
      ).highWaterMark,
    ).toBe(await headSequence(prisma));
    await expectEqualsRebuild();
  });

  it("concurrent workers apply every event exactly once", async () => {
    const projectId = await newProject();
    await drainView(database.db.pool, memoryProjector);
    const from = await headSequence(prisma);
    await seedResearchObjects(prisma, { projectId, count: 300, branches: ["approach/a", "approach/b/c", null] });
    const events = Number((await headSequence(prisma)) - from);
    const applied = await Promise.all(
      Array.from({ length: 4 }, () => drainView(database.db.pool, memoryProjector, { batchSize: 20 })),
    );
    expect(applied.reduce((total, count) => total + count, 0)).toBe(events);
    await expectEqualsRebuild();
  });

  it("counts stay exact when supersessions commit before their members are applied, across batches", async () => {
    const projectId = await newProject();
    await drainView(database.db.pool, memoryProjector);
    // 100 older members, then 150 newer ones on the same branch; the newer ones are all superseded
    // before the worker sees them, so the summary window has to reach past them to the older ones.
    await seedResearchObjects(prisma, {
      projectId,
      count: 100,
      branches: ["approach/window"],
      startAt: new Date("2026-02-01T00:00:00Z"),
    });
    const newer = await seedResearchObjects(prisma, {
      projectId,
      count: 150,
      branches: ["approach/window"],
      startAt: new Date("2026-03-01T00:00:00Z"),
    });
    for (let start = 0; start < newer.length; start += 19) {
      await record(projectId, {
        kind: "CLAIM",
        title: `Replacement ${start}`,
        branch: "approach/replacements",
        supersedes: newer.slice(start, start + 19),
      });
    }
    // Small batches first (supersessions land in later batches than their members), then the rest as a backlog.
    await refreshOnce(database.db.pool, memoryProjector, { batchSize: 40 });
    await refreshOnce(database.db.pool, memoryProjector, { batchSize: 70 });
    await drainView(database.db.pool, memoryProjector);
    const version = await servingMemoryVersion(prisma);
    const window = await prisma.checkpoint.findUniqueOrThrow({
      where: { version_branchId: { version, branchId: branchId(projectId, "approach/window") } },
    });
    expect([window.memberCount, window.currentCount]).toEqual([250, 100]);
    expect(window.summary).toContain("Seeded finding");
    const root = await prisma.checkpoint.findUniqueOrThrow({
      where: { version_branchId: { version, branchId: branchId(projectId, "project") } },
    });
    expect([root.memberCount, root.currentCount]).toEqual([258, 108]);
    await expectEqualsRebuild();
  });

  it("pages over 1,000 members with no duplicate or gap, and rejects foreign or tampered cursors", async () => {
    const projectId = await newProject();
    const ids = await seedResearchObjects(prisma, {
      projectId,
      count: 1_000,
      branches: ["approach/big"],
      startAt: new Date("2026-01-01T00:00:00Z"),
    });
    await drainView(database.db.pool, memoryProjector);
    const expected = (
      await prisma.researchObject.findMany({
        where: { id: { in: ids } },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true },
      })
    ).map((row) => row.id);
    const id = branchId(projectId, "approach/big");
    const cursorKey = new MemberCursorKey(prisma);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await readMemberPage(prisma, cursorKey, { id, first: 12, after });
      expect(page.memberIds.length).toBeLessThanOrEqual(12);
      seen.push(...page.memberIds);
      after = page.nextMemberCursor;
      pages += 1;
    } while (after);
    expect(pages).toBe(Math.ceil(1_000 / 12));
    expect(seen).toEqual(expected);
    const firstPage = await readMemberPage(prisma, cursorKey, { id, first: 12, after: null });
    const cursor = firstPage.nextMemberCursor!;
    await expect(
      readMemberPage(prisma, cursorKey, { id: branchId(projectId, "approach"), first: 12, after: cursor }),
    ).rejects.toBeInstanceOf(InvalidCursorError);
    const [payload, signature] = cursor.split(".");
    const altered = `${payload!.slice(0, -2)}AA.${signature}`;
    await expect(readMemberPage(prisma, cursorKey, { id, first: 12, after: altered })).rejects.toMatchObject({
      code: "INVALID_CURSOR",
    });
  });
});
