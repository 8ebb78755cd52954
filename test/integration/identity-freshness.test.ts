// problem(ref) answers from the in-memory identity index, which must follow the catalogue: once an
// import (renamed problem, added alias, a new problem sharing an alias), a withdrawal or a merge commits
// and is announced, the next request answers what the database says; another service on the same
// server database follows once the notice reaches it. The demo problems are the ones the index loaded at start.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import type { CatalogueProblem } from "../../src/features/catalogue/domain/catalogue.types.js";
import { loadFixtureCatalogue } from "../../src/features/catalogue/domain/fixture-catalogue.js";
import { resolveProblemRefs } from "../../src/features/identity/domain/resolve-problem-ref.js";
import { createProjectionRegistry } from "../../src/projectors.js";
import { testDatabaseTargets, useSecondService, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { uniqueToken } from "../factories/unique-token.js";
import { gqlData } from "../helpers/graphql.js";
import { createAgentProject } from "../factories/projects.js";
import { recordObject } from "../factories/research.js";
import { headSequence } from "../../src/events/change-events.js";
import { CATALOGUE_CATCH_UP_EVERY, type EventNotifier } from "../../src/events/notifier.js";

const { inlineViews } = createProjectionRegistry();

/** Resolves once `ms` pass without a notice (the service has nothing left to announce). */
function quiet(notifier: EventNotifier, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(done, ms);
    const unsubscribe = notifier.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(done, ms);
    });
    function done() {
      unsubscribe();
      resolve();
    }
  });
}
/** Problems of the demo catalogue: the index loaded them at start, so only a notice can change what it says of them. */
const demo = (stableId: string) => loadFixtureCatalogue().find((problem) => problem.stableId === stableId)!;

// Scalars only under `problem`: the rows come from the index too, so a stale row would show here.
const RESOLVE = `query ($ref: String!) { problem(ref: $ref) {
  status matchedBy problem { stableId title updatedAt } candidates { stableId title } mergedFrom { stableId }
} }`;
const CURATE = (name: string) => `mutation ($input: CurateProblemInput!) { ${name}(input: $input) {
  __typename ... on CuratedProblemPayload { problem { publicationState } } } }`;
const MERGE = `mutation ($input: CurateProblemInput!, $into: String!) { mergeProblem(input: $input, into: $into) {
  __typename } }`;

interface Resolution {
  status: string;
  matchedBy: string | null;
  problem: { stableId: string; title: string; updatedAt: string } | null;
  candidates: { stableId: string; title: string }[];
  mergedFrom: { stableId: string } | null;
}

describe.each(testDatabaseTargets())("problem(ref) follows the catalogue ($name database)", (target) => {
  const running = useTestService(target);
  const prisma = () => running.service.services.db.prisma;
  let curator: string;

  beforeAll(async () => {
    curator = (await createOperatorWithToken(prisma(), "CURATOR")).token;
  });

  const resolve = async (ref: string, url = running.service.url) =>
    (await gqlData<{ problem: Resolution }>(url, RESOLVE, { ref })).problem;

  /** Imports and announces the write, as `npm run import` does. */
  const importAnnounced = async (problems: CatalogueProblem[]) => {
    const report = await importCatalogue({ inlineViews, prisma: prisma(), problems });
    if (report.lastEventSequence) await running.service.services.notifier.publish(BigInt(report.lastEventSequence));
  };

  /** What the database says for `ref`: the resolution rule over the stored rows, and the stored row. */
  const stored = async (ref: string) => {
    const [resolution] = await resolveProblemRefs(prisma(), [ref]);
    const row = resolution!.problemId
      ? await prisma().problem.findUniqueOrThrow({ where: { id: resolution!.problemId } })
      : null;
    return {
      status: resolution!.status,
      matchedBy: resolution!.matchedBy,
      problem: row && { stableId: row.stableId, title: row.title, updatedAt: row.updatedAt.toISOString() },
    };
  };

  const expectSameAsDatabase = async (ref: string) => {
    const answered = await resolve(ref);
    expect(answered, ref).toMatchObject(await stored(ref));
    return answered;
  };

  it("answers a renamed problem's new title and alias on the next request, and no longer its old alias", async () => {
    const original = demo("cp:erdos:143");
    const oldAlias = original.aliases[0]!;
    expect(await expectSameAsDatabase(oldAlias)).toMatchObject({ status: "RESOLVED", matchedBy: "ALIAS" });
    const alias = `Renamed conjecture ${uniqueToken()}`;
    const renamed = { ...original, title: `Renamed ${original.title}`, aliases: [alias] };
    await importAnnounced([renamed]);
    for (const ref of [original.stableId, alias, renamed.title]) {
      expect(await expectSameAsDatabase(ref)).toMatchObject({
        status: "RESOLVED",
        problem: { stableId: original.stableId, title: renamed.title },
      });
    }
    expect(await expectSameAsDatabase(oldAlias)).toMatchObject({ status: "NOT_FOUND", problem: null });
  });

  it("answers AMBIGUOUS once an imported problem takes a loaded problem's alias, with both rows", async () => {
    const owner = demo("cp:erdos:52");
    const alias = owner.aliases[0]!;
    expect(await resolve(alias)).toMatchObject({ status: "RESOLVED", problem: { stableId: owner.stableId } });
    const second = buildCatalogueProblem({ aliases: [alias] });
    await importAnnounced([second]);
    const resolution = await expectSameAsDatabase(alias);
    expect(resolution).toMatchObject({ status: "AMBIGUOUS", matchedBy: "ALIAS", problem: null });
    expect(resolution.candidates).toEqual(
      [owner, second]
        .map((problem) => ({ stableId: problem.stableId, title: problem.title }))
        .sort((a, b) => (a.stableId < b.stableId ? -1 : 1)),
    );
  });

  it("answers a withdrawal's and a merge's rows on the next request after the mutation", async () => {
    const [withdrawn, merged, survivor] = ["cp:erdos:4", "cp:erdos:6", "cp:erdos:7"].map(demo);
    for (const problem of [withdrawn!, merged!, survivor!]) await expectSameAsDatabase(problem.stableId);
    const curate = (query: string, variables: Record<string, unknown>) =>
      gqlData<Record<string, { __typename: string }>>(running.service.url, query, variables, curator);

    expect(
      (await curate(CURATE("withdrawProblem"), { input: { problemRef: withdrawn!.stableId, reason: "duplicate" } }))
        .withdrawProblem,
    ).toMatchObject({ problem: { publicationState: "WITHDRAWN" } });
    await expectSameAsDatabase(withdrawn!.stableId); // the row's updatedAt moved with the withdrawal

    expect(
      (
        await curate(MERGE, {
          input: { problemRef: merged!.stableId, reason: "the same statement" },
          into: survivor!.stableId,
        })
      ).mergeProblem,
    ).toMatchObject({ __typename: "MergeProblemPayload" });
    expect(await expectSameAsDatabase(merged!.stableId)).toMatchObject({
      status: "RESOLVED",
      problem: { stableId: survivor!.stableId },
      mergedFrom: { stableId: merged!.stableId },
    });
  });

  // What makes "the next request" exact on a server database too: no wait for LISTEN to bring the notice back.
  it("hears its own notice before publish returns", async () => {
    const notifier = running.service.services.notifier;
    const head = await headSequence(prisma());
    const heard: bigint[] = [];
    const unsubscribe = notifier.subscribe((sequence) => heard.push(sequence));
    try {
      const publishing = notifier.publish(head);
      expect(heard).toEqual([head]);
      await publishing;
    } finally {
      unsubscribe();
    }
  });

  it("the catalogue indexes skip research and view notices, and read once after CATALOGUE_CATCH_UP_EVERY of them", async () => {
    const { notifier, db } = running.service.services;
    // The earlier tests' writes still send notices (their projection refreshes, their LISTEN echoes): one
    // heard among the skipped notices below would take the count's place, so start once they are over.
    await quiet(notifier, 300);
    await resolve("cp:erdos:1"); // the index is current: no refresh is pending
    const head = await headSequence(prisma());
    const query = vi.spyOn(db.pool, "query");
    const reads = (name: string) =>
      query.mock.calls.filter(([config]) => (config as { name?: string } | undefined)?.name === name).length;
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    const both = () => [reads("identity-new-events"), reads("discovery-new-events")];
    try {
      // A notice without a topic may carry catalogue events: both read (and start counting skips anew).
      notifier.committed(head + 1n, null);
      await vi.waitFor(() => expect(both()).toEqual([1, 1]));
      // Notices beyond the indexes' marks, as research writes and projection refreshes send them.
      for (let index = 2; index <= CATALOGUE_CATCH_UP_EVERY; index += 1)
        notifier.committed(head + BigInt(index), index % 2 ? "research" : "views");
      await settle();
      expect(both()).toEqual([1, 1]);
      // The CATALOGUE_CATCH_UP_EVERY-th skipped notice in a row: one read, so the marks keep up.
      notifier.committed(head + BigInt(CATALOGUE_CATCH_UP_EVERY + 1), "research");
      await vi.waitFor(() => expect(both()).toEqual([2, 2]));
    } finally {
      query.mockRestore();
    }
  });

  it("discovery's freshness counts only the catalogue events it has still to apply", async () => {
    const discovery = running.service.services.discovery;
    const { token, project } = await createAgentProject(running.service);
    for (let index = 0; index < 3; index += 1) await recordObject(running.service.url, token, project.id);
    // Research events after the index's mark: nothing to apply, so no lag and a mark at the head.
    const quiet = await discovery.freshness();
    expect(quiet.lagEvents).toBe(0);
    expect(quiet.highWaterMark).toBe(await headSequence(prisma()));
    // A catalogue write nobody announced: one event to apply, the mark just before it.
    const before = await headSequence(prisma());
    const report = await importCatalogue({ inlineViews, prisma: prisma(), problems: [buildCatalogueProblem()] });
    const behind = await discovery.freshness();
    expect(behind.lagEvents).toBe(Number(BigInt(report.lastEventSequence!) - before));
    expect(behind.highWaterMark).toBe(before);
    expect(behind.headSequence).toBe(BigInt(report.lastEventSequence!));
  });

  it("still finds a problem whose import was not announced: a miss asks the database", async () => {
    const unannounced = buildCatalogueProblem();
    await importCatalogue({ inlineViews, prisma: prisma(), problems: [unannounced] });
    expect(await expectSameAsDatabase(unannounced.slug)).toMatchObject({
      status: "RESOLVED",
      matchedBy: "SLUG",
      problem: { stableId: unannounced.stableId },
    });
  });

  describe.skipIf(target.name !== "server")("a second service on the same database", () => {
    const second = useSecondService(running);

    it("answers a rename made through the first service once its notice arrives", async () => {
      const original = demo("cp:erdos:90");
      const renamed = { ...original, title: `Renamed ${original.title}`, aliases: [`Remote ${uniqueToken()}`] };
      expect(await resolve(original.stableId, second.service.server.url)).toMatchObject({
        problem: { title: original.title },
      });
      await importAnnounced([renamed]);
      await vi.waitFor(
        async () =>
          expect(await resolve(original.stableId, second.service.server.url)).toMatchObject({
            problem: { title: renamed.title },
          }),
        { timeout: 10_000, interval: 50 },
      );
      expect(await resolve(original.aliases[0]!, second.service.server.url)).toMatchObject({ status: "NOT_FOUND" });
    });
  });
});
