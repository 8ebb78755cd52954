// Intake's trust boundaries through the API: statements without mathematical content are refused by
// rule; an exact identifier in a submission answers with that problem; a near copy of a catalogued
// statement pauses; curators reject, withdraw and merge; challenge periods end; projects need a statement.
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import type { CatalogueProblem } from "../../src/features/catalogue/domain/catalogue.types.js";
import { maintainProblemDocuments } from "../../src/features/discovery/projection/problem-documents.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { uniqueToken } from "../factories/unique-token.js";
import { orient } from "../helpers/orient.js";
import { gqlData } from "../helpers/graphql.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const SUBMIT = `mutation($input: SubmitProblemInput!) { submitProblem(input: $input) {
  __typename ... on SubmitProblemPayload { outcome matchedReference problem { stableId publicationState } candidates { problem { stableId } } }
  ... on ResearchStatementRefusedError { rule } ... on ResearchError { code message } } }`;
const PROBLEM_FIELDS = `stableId publicationState challengeDeadline mergedInto { stableId } projects { totalCount }`;
const CURATE = (name: string) => `mutation($input: CurateProblemInput!) { ${name}(input: $input) {
  __typename ... on CuratedProblemPayload { problem { ${PROBLEM_FIELDS} } }
  ... on ResearchProblemStateError { publicationState allowedStates } ... on ResearchError { code } } }`;
const MERGE = `mutation($input: CurateProblemInput!, $into: String!) { mergeProblem(input: $input, into: $into) {
  __typename ... on MergeProblemPayload { problem { ${PROBLEM_FIELDS} } merged { ${PROBLEM_FIELDS} } } ... on ResearchError { code } } }`;
const RESOLVE = `query($ref: String!) { problem(ref: $ref) { status problem { ${PROBLEM_FIELDS} } mergedFrom { stableId publicationState } } }`;
const CREATE_PROJECT = `mutation($input: CreateProjectInput!) { createProject(input: $input) {
  __typename ... on CreateProjectPayload { project { id problem { stableId } } } ... on ResearchError { code } } }`;
const RECORD = `mutation($input: RecordResearchInput!) { recordResearch(input: $input) {
  __typename ... on ResearchObjectPayload { researchObject { accession } } ... on ResearchError { code message } } }`;
const RECORD_PROBLEM = `query($ref: String!) { researchObject(ref: $ref) { problem { stableId } } }`;

type Result = Record<string, { __typename: string; code?: string; rule?: string; [field: string]: unknown }>;
interface ProblemView {
  stableId: string;
  publicationState: string;
  challengeDeadline: string | null;
  mergedInto: { stableId: string } | null;
  projects: { totalCount: number };
}

const statementOf = (token: string) => ({
  title: `Rainbow paths in ${token}-coloured tournaments`,
  statement: `Does every tournament on n vertices whose arcs are coloured with ${token} colours contain a rainbow directed path of length at least n/2?`,
});

describe.each(testDatabaseTargets())("intake trust boundaries ($name database)", (target) => {
  const running = useTestService(target);
  let agent: string;
  let curator: string;
  const prisma = () => running.service.services.db.prisma;

  beforeAll(async () => {
    agent = (await createOperatorWithToken(prisma(), "AGENT")).token;
    curator = (await createOperatorWithToken(prisma(), "CURATOR")).token;
  });

  const call = (query: string, variables: Record<string, unknown>, token?: string) =>
    gqlData<Result>(running.service.url, query, variables, token);
  const submit = async (input: Record<string, unknown>) =>
    (await call(SUBMIT, { input: { idempotencyKey: uniqueToken(), ...input } }, agent)).submitProblem!;
  const curate = async (name: string, problemRef: string, token = curator) =>
    (await call(CURATE(name), { input: { problemRef, reason: "checked by a curator" } }, token))[name]!;
  const resolve = async (ref: string) =>
    (
      await gqlData<{
        problem: {
          status: string;
          problem: ProblemView | null;
          mergedFrom: { stableId: string; publicationState: string } | null;
        };
      }>(running.service.url, RESOLVE, { ref })
    ).problem;
  const catalogue = async (overrides: Partial<CatalogueProblem>) => {
    const built = buildCatalogueProblem(overrides);
    await importCatalogue({ inlineViews, prisma: prisma(), problems: [built], afterWrite: maintainProblemDocuments });
    await running.service.services.discovery.refresh();
    return built;
  };
  const accepted = async () => {
    const input = { ...statementOf(uniqueToken()), idempotencyKey: uniqueToken() };
    let result = await submit(input);
    // Earlier tests' submissions are published look-alikes: confirm this one is distinct from them.
    if (result.outcome === "POSSIBLE_DUPLICATE") {
      result = await submit({
        ...input,
        idempotencyKey: uniqueToken(),
        confirmedDistinctFrom: (result.candidates as { problem: { stableId: string } }[]).map(
          (candidate) => candidate.problem.stableId,
        ),
      });
    }
    expect(result).toMatchObject({ outcome: "ACCEPTED" });
    return (result.problem as { stableId: string }).stableId;
  };

  it.each([
    ["x/x", "TOO_SHORT", { title: "x", statement: "x" }],
    ["a question without content", "NO_MATHEMATICAL_CONTENT", { title: "A question", statement: "Is it true?" }],
    ["20,000 sevens", "REPEATED_RUN", { title: "Digits", statement: "7".repeat(20_000) }],
    [
      "20,000 digits",
      "DIGIT_RUN",
      { title: "Digits", statement: Array.from({ length: 20_000 }, (_, index) => String((index * 7) % 10)).join("") },
    ],
  ])("refuses %s by rule %s and mints nothing", async (_label, rule, input) => {
    const before = await prisma().problem.count();
    expect(await submit(input)).toMatchObject({
      __typename: "ResearchStatementRefusedError",
      code: "STATEMENT_REFUSED",
      rule,
    });
    expect(await prisma().problem.count()).toBe(before);
  });

  it("answers an exact identifier in the text with that problem instead of minting one", async () => {
    const before = await prisma().problem.count();
    const result = await submit({
      title: "Sets with distinct subset sums",
      statement:
        "Erdős problem 1: must a set of n integers with distinct subset sums have a largest element at least c 2^n?",
    });
    expect(result).toMatchObject({
      outcome: "ALREADY_CATALOGUED",
      matchedReference: "Erdős problem 1",
      problem: { stableId: "cp:erdos:1" },
    });
    expect(
      await submit({
        title: "EP-20 restated",
        statement: "See cp:erdos:20 for the sunflower bound on families of k-sets.",
      }),
    ).toMatchObject({ outcome: "ALREADY_CATALOGUED", problem: { stableId: "cp:erdos:20" } });
    expect(await prisma().problem.count()).toBe(before);
  });

  it("pauses a near copy of a catalogued statement for review, end to end", async () => {
    const token = uniqueToken();
    const existing = await catalogue({
      publicationState: "CATALOGUED",
      title: `Chromatic thresholds of ${token} hypergraphs`,
      statement: `Is the chromatic threshold of every ${token} hypergraph family with bounded codegree strictly less than one half of its Turán density?`,
    });
    const result = await submit({
      title: `Chromatic threshold of ${token} hypergraphs`,
      statement: `Is the chromatic threshold of each ${token} hypergraph family of bounded codegree strictly below half its Turán density?`,
    });
    expect(result).toMatchObject({ outcome: "PAUSED_FOR_REVIEW", problem: { publicationState: "PENDING_REVIEW" } });
    expect(
      (result.candidates as { problem: { stableId: string } }[]).map((candidate) => candidate.problem.stableId),
    ).toContain(existing.stableId);
    const event = await prisma().changeEvent.findFirstOrThrow({
      where: { eventType: "problem.submitted" },
      orderBy: { sequence: "desc" },
    });
    expect(event.payload).toMatchObject({ outcome: "PAUSED_FOR_REVIEW", duplicateOf: [existing.stableId] });
  });

  it("rejects a submission and withdraws a problem, each with an event, refusing the wrong state and the wrong role", async () => {
    const submitted = await accepted();
    expect(await curate("rejectSubmission", submitted, agent)).toMatchObject({ __typename: "ResearchForbiddenError" });
    expect(await curate("rejectSubmission", submitted)).toMatchObject({
      problem: { publicationState: "REJECTED", challengeDeadline: null },
    });
    expect(await curate("rejectSubmission", submitted)).toMatchObject({
      __typename: "ResearchProblemStateError",
      code: "WRONG_PROBLEM_STATE",
      publicationState: "REJECTED",
    });
    expect(await curate("rejectSubmission", "cp:erdos:1")).toMatchObject({ code: "WRONG_PROBLEM_STATE" });
    expect(await curate("withdrawProblem", "cp:no-such:problem")).toMatchObject({
      __typename: "ResearchNotFoundError",
      code: "NOT_FOUND",
    });
    const published = (await catalogue({})).stableId;
    expect(await curate("withdrawProblem", published)).toMatchObject({ problem: { publicationState: "WITHDRAWN" } });
    expect(await curate("withdrawProblem", published)).toMatchObject({ code: "WRONG_PROBLEM_STATE" });
    const events = await prisma().changeEvent.findMany({
      where: { eventType: { in: ["problem.rejected", "problem.withdrawn"] } },
    });
    expect(events.map((event) => (event.payload as { stableId: string }).stableId)).toEqual(
      expect.arrayContaining([submitted, published]),
    );
    const project = await call(
      CREATE_PROJECT,
      { input: { problemRef: published, name: "After withdrawal", idempotencyKey: uniqueToken() } },
      agent,
    );
    expect(project.createProject).toMatchObject({ code: "PROBLEM_NOT_ACTIONABLE" });
  });

  it("merges a problem: its refs resolve to the survivor with a marker, and its projects and records follow", async () => {
    const merged = await catalogue({});
    const survivor = await catalogue({});
    const created = await call(
      CREATE_PROJECT,
      { input: { problemRef: merged.stableId, name: "Before the merge", idempotencyKey: uniqueToken() } },
      agent,
    );
    const projectId = (created.createProject as unknown as { project: { id: string } }).project.id;
    const recorded = await call(
      RECORD,
      {
        input: {
          projectId,
          kind: "CLAIM",
          title: "A finite witness exists",
          body: "Checked for all structures up to size 9.",
          idempotencyKey: uniqueToken(),
        },
      },
      agent,
    );
    const accession = (recorded.recordResearch as unknown as { researchObject: { accession: string } }).researchObject
      .accession;

    expect(
      (await call(MERGE, { input: { problemRef: merged.stableId, reason: "same" }, into: merged.slug }, curator))
        .mergeProblem,
    ).toMatchObject({ __typename: "ResearchMergeIntoSelfError", code: "MERGE_INTO_SELF" });
    expect(
      (await call(MERGE, { input: { problemRef: merged.stableId, reason: "same" }, into: survivor.stableId }, agent))
        .mergeProblem,
    ).toMatchObject({ __typename: "ResearchForbiddenError" });
    expect(
      (
        await call(
          MERGE,
          { input: { problemRef: "cp:no-such:problem", reason: "same" }, into: survivor.stableId },
          curator,
        )
      ).mergeProblem,
    ).toMatchObject({ code: "NOT_FOUND" });
    const result = await call(
      MERGE,
      { input: { problemRef: merged.stableId, reason: "the same statement" }, into: survivor.stableId },
      curator,
    );
    expect(result.mergeProblem).toMatchObject({
      problem: { stableId: survivor.stableId, projects: { totalCount: 1 } },
      merged: {
        stableId: merged.stableId,
        publicationState: "MERGED",
        mergedInto: { stableId: survivor.stableId },
        projects: { totalCount: 0 },
      },
    });
    for (const ref of [merged.stableId, merged.slug, merged.sources[0]!.recordId]) {
      expect(await resolve(ref)).toMatchObject({
        status: "RESOLVED",
        problem: { stableId: survivor.stableId },
        mergedFrom: { stableId: merged.stableId, publicationState: "MERGED" },
      });
    }
    expect((await resolve(survivor.stableId)).mergedFrom).toBeNull();
    expect(
      (
        await gqlData<{ researchObject: { problem: { stableId: string } } }>(running.service.url, RECORD_PROBLEM, {
          ref: accession,
        })
      ).researchObject.problem.stableId,
    ).toBe(survivor.stableId);
    const envelope = await orient(running.service.url, {
      problemRef: merged.stableId,
      problem: "Prove the stated bound",
    });
    expect(envelope.envelope.stableId).toBe(survivor.stableId);
    expect(
      (await call(MERGE, { input: { problemRef: survivor.stableId, reason: "again" }, into: merged.stableId }, curator))
        .mergeProblem,
    ).toMatchObject({ code: "MERGE_INTO_SELF" });
    const events = await prisma().changeEvent.findMany({
      where: { eventType: { in: ["problem.merged", "problem.merge_received"] } },
    });
    expect(
      events.filter((event) => (event.payload as { mergedStableId: string }).mergedStableId === merged.stableId),
    ).toHaveLength(2);
  });

  it("ends a challenge period whose deadline passed: reads say so at once, the sweep records it with an event", async () => {
    const unchallenged = await accepted();
    const challenged = await accepted();
    await prisma().advisory.create({
      data: {
        problem: { connect: { stableId: challenged } },
        kind: "STATEMENT_INTEGRITY",
        message: "the bound is misquoted",
        blocking: false,
      },
    });
    await prisma().problem.updateMany({
      where: { stableId: { in: [unchallenged, challenged] } },
      data: { challengeDeadline: new Date(Date.now() - 60_000) },
    });

    expect((await resolve(unchallenged)).problem).toMatchObject({ publicationState: "PUBLISHED" });
    expect((await resolve(challenged)).problem).toMatchObject({ publicationState: "PENDING_REVIEW" });
    const open = await orient(running.service.url, {
      problemRef: unchallenged,
      problem: "Prove the stated bound",
      intent: "PROVE",
    });
    expect(open.envelope).toMatchObject({
      publicationState: "PUBLISHED",
      actionability: { actionable: true, challengeDeadline: null },
    });
    expect(open.envelope.actionability.reasons.join(" ")).toMatch(/challenge period ended .* now PUBLISHED/);
    const paused = await orient(running.service.url, {
      problemRef: challenged,
      problem: "Prove the stated bound",
      intent: "PROVE",
    });
    expect(paused.envelope).toMatchObject({ publicationState: "PENDING_REVIEW", actionability: { actionable: false } });

    expect(await running.service.services.challengePeriods.sweep()).toBeGreaterThanOrEqual(2);
    const stored = await prisma().problem.findMany({
      where: { stableId: { in: [unchallenged, challenged] } },
      orderBy: { stableId: "asc" },
    });
    expect(Object.fromEntries(stored.map((row) => [row.stableId, row.publicationState]))).toEqual({
      [unchallenged]: "PUBLISHED",
      [challenged]: "PENDING_REVIEW",
    });
    const events = await prisma().changeEvent.findMany({ where: { eventType: "problem.challenge_period_ended" } });
    expect(events.map((event) => (event.payload as { stableId: string }).stableId)).toEqual(
      expect.arrayContaining([unchallenged, challenged]),
    );
    expect(await running.service.services.challengePeriods.sweep()).toBe(0);
  });

  it("refuses a project on a catalogued problem without a statement", async () => {
    const bare = await catalogue({ publicationState: "CATALOGUED", statement: null });
    const refused = await call(
      CREATE_PROJECT,
      { input: { problemRef: bare.stableId, name: "Nothing to prove", idempotencyKey: uniqueToken() } },
      agent,
    );
    expect(refused.createProject).toMatchObject({
      __typename: "ResearchInvalidInputError",
      code: "PROBLEM_NOT_ACTIONABLE",
    });
    const stated = await catalogue({ publicationState: "CATALOGUED" });
    const created = await call(
      CREATE_PROJECT,
      { input: { problemRef: stated.stableId, name: "Something to prove", idempotencyKey: uniqueToken() } },
      agent,
    );
    expect(created.createProject).toMatchObject({
      __typename: "CreateProjectPayload",
      project: { problem: { stableId: stated.stableId } },
    });
  });
});
