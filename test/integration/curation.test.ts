// Intake and curation through the API: a new statement is minted in its challenge period and is
// discoverable at once; a restatement of a published problem asks the caller to compare; a catalogued
// match pauses for review; publishing and advisories need a curator and change what the catalogue says.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { gqlData } from "../helpers/graphql.js";

const SUBMIT = `mutation($input: SubmitProblemInput!) { submitProblem(input: $input) {
  __typename ... on SubmitProblemPayload { outcome replayed problem { stableId publicationState challengeDeadline } candidates { problem { stableId } } }
  ... on ResearchError { code } } }`;
const PUBLISH = `mutation($ref: String!) { publishProblem(problemRef: $ref) {
  __typename ... on PublishProblemPayload { changed problem { publicationState challengeDeadline } } ... on ResearchError { code } } }`;
const RAISE = `mutation($input: RaiseAdvisoryInput!) { raiseAdvisory(input: $input) {
  __typename ... on AdvisoryPayload { advisory { id blocking } } ... on ResearchError { code } } }`;
const RESOLVE = `mutation($id: ID!) { resolveAdvisory(advisoryId: $id, resolution: "statement checked against the source") {
  __typename ... on AdvisoryPayload { advisory { resolvedAt } } ... on ResearchError { code } } }`;
const INTEGRITY = `query($ref: String!) { problem(ref: $ref) { problem { sourceIntegrity { blocking advisories { kind } } } } }`;

type Submit = {
  submitProblem: {
    __typename: string;
    outcome?: string;
    replayed?: boolean;
    code?: string;
    problem?: { stableId: string; publicationState: string; challengeDeadline: string | null } | null;
    candidates?: { problem: { stableId: string } }[];
  };
};

const NEW_STATEMENT = {
  title: "Monochromatic four-cycles in hypercube edge colourings",
  statement:
    "Is there a 3-colouring of the edges of the hypercube Q_n with no monochromatic 4-cycle for every n at least 5?",
};

describe.each(testDatabaseTargets())("intake and curation ($name database)", (target) => {
  const running = useTestService(target);
  let agent: string;
  let curator: string;

  beforeAll(async () => {
    agent = (await createOperatorWithToken(running.service.services.db.prisma, "AGENT")).token;
    curator = (await createOperatorWithToken(running.service.services.db.prisma, "CURATOR")).token;
  });

  const submit = (input: Record<string, unknown>, token = agent) =>
    gqlData<Submit>(running.service.url, SUBMIT, { input }, token);

  it("accepts a new statement into its challenge period, replays a retry, and discovery finds it", async () => {
    const first = await submit({ ...NEW_STATEMENT, idempotencyKey: "sub-new" });
    expect(first.submitProblem).toMatchObject({
      outcome: "ACCEPTED",
      replayed: false,
      problem: { publicationState: "CHALLENGE_PERIOD" },
    });
    const deadline = new Date(first.submitProblem.problem!.challengeDeadline!).getTime();
    expect(deadline - Date.now()).toBeGreaterThan(13 * 86_400_000);
    const retry = await submit({ ...NEW_STATEMENT, idempotencyKey: "sub-new" });
    expect(retry.submitProblem).toMatchObject({
      replayed: true,
      problem: { stableId: first.submitProblem.problem!.stableId },
    });
    await running.service.services.discovery.refresh();
    const found = await gqlData<{ discoverProblems: { candidates: { problem: { stableId: string } }[] } }>(
      running.service.url,
      `{ discoverProblems(text: "hypercube edge 3-colouring without a monochromatic 4-cycle") { ... on ProblemDiscovery { candidates { problem { stableId } } } } }`,
    );
    expect(found.discoverProblems.candidates[0]?.problem.stableId).toBe(first.submitProblem.problem!.stableId);
  });

  it("asks the caller to compare when a published problem matches, and accepts after confirmation", async () => {
    const restated = {
      title: "Sum-distinct sets",
      statement:
        "If all subset sums of a set A of n positive integers up to N are distinct, must N be at least a constant times 2^n?",
    };
    const first = await submit({ ...restated, idempotencyKey: "sub-dup" });
    expect(first.submitProblem).toMatchObject({ outcome: "POSSIBLE_DUPLICATE", problem: null });
    const candidates = first.submitProblem.candidates!.map((candidate) => candidate.problem.stableId);
    expect(candidates).toContain("cp:erdos:1");
    const confirmed = await submit({
      ...restated,
      confirmedDistinctFrom: candidates,
      idempotencyKey: "sub-dup-confirmed",
    });
    expect(confirmed.submitProblem.outcome).toBe("ACCEPTED");
  });

  it("refuses intake and curation without the right role, writing nothing", async () => {
    const before = await running.service.services.db.prisma.problem.count();
    const anonymous = await submit({ ...NEW_STATEMENT, idempotencyKey: "sub-anon" }, "");
    expect(anonymous.submitProblem).toMatchObject({ __typename: "ResearchAuthenticationError" });
    const publish = await gqlData<{ publishProblem: { __typename: string } }>(
      running.service.url,
      PUBLISH,
      { ref: "cp:erdos:1" },
      agent,
    );
    expect(publish.publishProblem.__typename).toBe("ResearchForbiddenError");
    expect(await running.service.services.db.prisma.problem.count()).toBe(before);
  });

  it("publishes a challenge-period problem and refuses one with no statement", async () => {
    const submitted = await submit({
      title: "Odd perfect numbers modulo twelve",
      statement: "Must every odd perfect number be congruent to 1 modulo 12 or 9 modulo 36?",
      idempotencyKey: "sub-publish",
    });
    const ref = submitted.submitProblem.problem!.stableId;
    const published = await gqlData<{
      publishProblem: { changed: boolean; problem: { publicationState: string; challengeDeadline: string | null } };
    }>(running.service.url, PUBLISH, { ref }, curator);
    expect(published.publishProblem).toMatchObject({
      changed: true,
      problem: { publicationState: "PUBLISHED", challengeDeadline: null },
    });
    const catalogued = await running.service.services.db.prisma.problem.findFirstOrThrow({
      where: { publicationState: "CATALOGUED" },
    });
    const refused = await gqlData<{ publishProblem: { __typename: string; code: string } }>(
      running.service.url,
      PUBLISH,
      { ref: catalogued.stableId },
      curator,
    );
    expect(refused.publishProblem).toEqual({ __typename: "ResearchInvalidInputError", code: "NO_STATEMENT" });
  });

  it("raises a blocking advisory that problem(ref) reports, and resolves it", async () => {
    const raised = await gqlData<{ raiseAdvisory: { advisory: { id: string; blocking: boolean } } }>(
      running.service.url,
      RAISE,
      {
        input: {
          problemRef: "erdos-1",
          kind: "statement_integrity",
          message: "the constant is stated two ways",
          blocking: true,
        },
      },
      curator,
    );
    expect(raised.raiseAdvisory.advisory.blocking).toBe(true);
    const open = await gqlData<{
      problem: { problem: { sourceIntegrity: { blocking: boolean; advisories: { kind: string }[] } } };
    }>(running.service.url, INTEGRITY, { ref: "erdos-1" });
    expect(open.problem.problem.sourceIntegrity).toEqual({
      blocking: true,
      advisories: [{ kind: "STATEMENT_INTEGRITY" }],
    });
    const resolved = await gqlData<{ resolveAdvisory: { advisory: { resolvedAt: string | null } } }>(
      running.service.url,
      RESOLVE,
      { id: raised.raiseAdvisory.advisory.id },
      curator,
    );
    expect(resolved.resolveAdvisory.advisory.resolvedAt).not.toBeNull();
    const again = await gqlData<{ resolveAdvisory: { __typename: string; code: string } }>(
      running.service.url,
      RESOLVE,
      { id: raised.raiseAdvisory.advisory.id },
      curator,
    );
    expect(again.resolveAdvisory).toEqual({ __typename: "ResearchConflictError", code: "ADVISORY_RESOLVED" });
    const closed = await gqlData<{ problem: { problem: { sourceIntegrity: { blocking: boolean } } } }>(
      running.service.url,
      INTEGRITY,
      { ref: "erdos-1" },
    );
    expect(closed.problem.problem.sourceIntegrity.blocking).toBe(false);
  });
});
