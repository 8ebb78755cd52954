// Bad input on the research write path: unknown refs, wrong kinds, oversized bodies, relations to
// missing objects, superseding a superseded object, malformed artifacts and formal records, expired or
// forged tokens. Each gets a typed error, and no row, event, counter value or document is written.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import {
  MAX_BODY_CHARS,
  MAX_METADATA_CHARS,
  MAX_PROJECT_NAME_CHARS,
  MAX_RELATIONS_PER_WRITE,
  MAX_REPLAY_FIELD_CHARS,
  MAX_SUPERSEDES_PER_WRITE,
  MAX_TITLE_CHARS,
} from "../../src/features/research/domain/research.limits.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createAgentProject } from "../factories/projects.js";
import { buildResearchInput, recordObject, supersedeObject } from "../factories/research.js";
import { uniqueToken } from "../factories/unique-token.js";
import {
  CREATE_PROJECT,
  RECORD_RESEARCH,
  RELATE_RESEARCH,
  SUPERSEDE_RESEARCH,
  type ProjectResult,
  type ResearchObjectResult,
} from "../helpers/documents/research.js";
import { mutateExpectingError } from "../helpers/mutations.js";
import { accessionNumber, researchCounts } from "../helpers/research-rows.js";
import { gql } from "../helpers/graphql.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const SHA = "b".repeat(64);
/** A project id no project has. */
const MISSING_PROJECT = "00000000-0000-4000-8000-00000000dead";

describe.each(testDatabaseTargets())("bad research input is refused and writes nothing ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let project: ProjectResult;
  let current: ResearchObjectResult;
  let superseded: ResearchObjectResult;
  let withdrawnStableId: string;
  const prisma = () => running.service.services.db.prisma;

  /** Everything a write could change: row counts plus the counters (accessions and event sequence). */
  const snapshot = async () => ({
    counts: await researchCounts(prisma()),
    counters: (await prisma().counter.findMany({ orderBy: { name: "asc" } })).map(
      (counter) => `${counter.name}=${counter.value}`,
    ),
  });

  beforeAll(async () => {
    ({ token, project } = await createAgentProject(running.service));
    current = await recordObject(running.service.url, token, project.id);
    superseded = await recordObject(running.service.url, token, project.id);
    const successor = await recordObject(running.service.url, token, project.id);
    await supersedeObject(running.service.url, token, {
      target: superseded.accession,
      supersededBy: successor.accession,
    });
    const withdrawn = buildCatalogueProblem({ publicationState: "WITHDRAWN" });
    await importCatalogue({ inlineViews, prisma: prisma(), problems: [withdrawn] });
    withdrawnStableId = withdrawn.stableId;
  });

  const record = (overrides: Record<string, unknown>) => () => buildResearchInput(project.id, overrides);

  const typedCases: [string, string, () => Record<string, unknown>, Record<string, unknown>][] = [
    [
      "createProject: unknown problem number",
      CREATE_PROJECT,
      () => ({ problemRef: "99999", name: "x", idempotencyKey: uniqueToken() }),
      { __typename: "ResearchNotFoundError", code: "NOT_FOUND" },
    ],
    [
      "createProject: unknown stable id",
      CREATE_PROJECT,
      () => ({ problemRef: "cp:erdos:999999", name: "x", idempotencyKey: uniqueToken() }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "createProject: free text",
      CREATE_PROJECT,
      () => ({ problemRef: "a conjecture about sum-distinct sets", name: "x", idempotencyKey: uniqueToken() }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "createProject: empty ref",
      CREATE_PROJECT,
      () => ({ problemRef: " ", name: "x", idempotencyKey: uniqueToken() }),
      { __typename: "ResearchInvalidInputError" },
    ],
    [
      "createProject: withdrawn problem",
      CREATE_PROJECT,
      () => ({ problemRef: withdrawnStableId, name: "x", idempotencyKey: uniqueToken() }),
      { code: "PROBLEM_NOT_ACTIONABLE" },
    ],
    [
      "createProject: empty name",
      CREATE_PROJECT,
      () => ({ problemRef: "cp:erdos:1", name: "  ", idempotencyKey: uniqueToken() }),
      { __typename: "ResearchInvalidInputError", field: "name" },
    ],
    [
      "createProject: name over the limit",
      CREATE_PROJECT,
      () => ({ problemRef: "cp:erdos:1", name: "n".repeat(MAX_PROJECT_NAME_CHARS + 1), idempotencyKey: uniqueToken() }),
      { field: "name" },
    ],
    [
      "createProject: empty idempotency key",
      CREATE_PROJECT,
      () => ({ problemRef: "cp:erdos:1", name: "x", idempotencyKey: "" }),
      { field: "idempotencyKey" },
    ],
    [
      "recordResearch: unknown project",
      RECORD_RESEARCH,
      () => buildResearchInput(randomUUID()),
      { __typename: "ResearchNotFoundError", code: "NOT_FOUND" },
    ],
    [
      "recordResearch: malformed project id",
      RECORD_RESEARCH,
      () => buildResearchInput("not-a-project"),
      { __typename: "ResearchInvalidInputError", code: "INVALID_ID" },
    ],
    ["recordResearch: empty title", RECORD_RESEARCH, record({ title: "   " }), { field: "title" }],
    [
      "recordResearch: title over the limit",
      RECORD_RESEARCH,
      record({ title: "t".repeat(MAX_TITLE_CHARS + 1) }),
      { code: "INPUT_TOO_LARGE", field: "title" },
    ],
    ["recordResearch: empty body", RECORD_RESEARCH, record({ body: " \n " }), { field: "body" }],
    [
      "recordResearch: body over the limit",
      RECORD_RESEARCH,
      record({ body: "b".repeat(MAX_BODY_CHARS + 1) }),
      { code: "INPUT_TOO_LARGE", field: "body" },
    ],
    [
      "recordResearch: metadata over the limit",
      RECORD_RESEARCH,
      record({ metadata: { blob: "m".repeat(MAX_METADATA_CHARS) } }),
      { code: "INPUT_TOO_LARGE", field: "metadata" },
    ],
    ["recordResearch: metadata not an object", RECORD_RESEARCH, record({ metadata: [1, 2] }), { field: "metadata" }],
    [
      "recordResearch: malformed branch",
      RECORD_RESEARCH,
      record({ branch: "Approach/Second Moment!" }),
      { field: "branch" },
    ],
    ["recordResearch: too deep a branch", RECORD_RESEARCH, record({ branch: "a/b/c/d/e" }), { field: "branch" }],
    [
      "recordResearch: too many relations",
      RECORD_RESEARCH,
      () =>
        buildResearchInput(project.id, {
          relations: Array.from({ length: MAX_RELATIONS_PER_WRITE + 1 }, () => ({
            type: "CITES",
            target: current.accession,
          })),
        }),
      { code: "INPUT_TOO_LARGE", field: "relations" },
    ],
    [
      "recordResearch: too many superseded objects",
      RECORD_RESEARCH,
      () =>
        buildResearchInput(project.id, {
          supersedes: Array.from({ length: MAX_SUPERSEDES_PER_WRITE + 1 }, () => current.accession),
        }),
      { code: "INPUT_TOO_LARGE", field: "supersedes" },
    ],
    [
      "recordResearch: relation to a missing accession",
      RECORD_RESEARCH,
      record({ relations: [{ type: "SUPPORTS", target: "R999999" }] }),
      { __typename: "ResearchNotFoundError", ref: "R999999" },
    ],
    [
      // The project is checked first, though its relation targets are read at the same time.
      "recordResearch: unknown project with a relation to a missing accession",
      RECORD_RESEARCH,
      () => buildResearchInput(MISSING_PROJECT, { relations: [{ type: "SUPPORTS", target: "R999999" }] }),
      { __typename: "ResearchNotFoundError", ref: MISSING_PROJECT },
    ],
    [
      "recordResearch: unknown project with a blank relation target",
      RECORD_RESEARCH,
      () => buildResearchInput(MISSING_PROJECT, { relations: [{ type: "SUPPORTS", target: "  " }] }),
      { __typename: "ResearchNotFoundError", ref: MISSING_PROJECT },
    ],
    [
      "recordResearch: relation to a missing slug",
      RECORD_RESEARCH,
      record({ relations: [{ type: "SUPPORTS", target: "no-such-object" }] }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "recordResearch: relation to a missing uuid",
      RECORD_RESEARCH,
      record({ relations: [{ type: "DEPENDS_ON", target: randomUUID() }] }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "recordResearch: a good relation then a missing one",
      RECORD_RESEARCH,
      () =>
        buildResearchInput(project.id, {
          relations: [
            { type: "SUPPORTS", target: current.accession },
            { type: "SUPPORTS", target: "R999998" },
          ],
        }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "recordResearch: superseding a missing object",
      RECORD_RESEARCH,
      record({ supersedes: ["R999999"] }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "recordResearch: superseding a superseded object",
      RECORD_RESEARCH,
      () => buildResearchInput(project.id, { supersedes: [superseded.accession] }),
      { __typename: "ResearchAlreadySupersededError", code: "ALREADY_SUPERSEDED" },
    ],
    [
      "supersedeResearch: already superseded",
      SUPERSEDE_RESEARCH,
      () => ({ target: superseded.accession, supersededBy: current.accession, idempotencyKey: uniqueToken() }),
      { __typename: "ResearchAlreadySupersededError" },
    ],
    [
      "supersedeResearch: missing target",
      SUPERSEDE_RESEARCH,
      () => ({ target: "R999999", supersededBy: current.accession, idempotencyKey: uniqueToken() }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "supersedeResearch: reason over the limit",
      SUPERSEDE_RESEARCH,
      () => ({
        target: current.accession,
        supersededBy: superseded.accession,
        reason: "r".repeat(2_001),
        idempotencyKey: uniqueToken(),
      }),
      { code: "INPUT_TOO_LARGE" },
    ],
    [
      "relateResearch: missing target",
      RELATE_RESEARCH,
      () => ({ from: current.accession, to: "R999999", type: "SUPPORTS", idempotencyKey: uniqueToken() }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "relateResearch: missing source",
      RELATE_RESEARCH,
      () => ({ from: randomUUID(), to: current.accession, type: "SUPPORTS", idempotencyKey: uniqueToken() }),
      { __typename: "ResearchNotFoundError" },
    ],
    [
      "recordResearch: ARTIFACT without replay material",
      RECORD_RESEARCH,
      record({ kind: "ARTIFACT" }),
      { code: "MALFORMED_ARTIFACT" },
    ],
    [
      "recordResearch: artifact without uri or command",
      RECORD_RESEARCH,
      record({ kind: "ARTIFACT", artifact: { environment: "python 3.12" } }),
      { code: "MALFORMED_ARTIFACT" },
    ],
    [
      "recordResearch: artifact hash that is not sha256",
      RECORD_RESEARCH,
      record({ kind: "ARTIFACT", artifact: { command: "make", expectedOutputHash: "abc123" } }),
      { code: "MALFORMED_ARTIFACT", field: "artifact.expectedOutputHash" },
    ],
    [
      "recordResearch: artifact hash without its command",
      RECORD_RESEARCH,
      record({ kind: "ARTIFACT", artifact: { uri: "https://example.org/a", expectedOutputHash: SHA } }),
      { code: "MALFORMED_ARTIFACT", field: "artifact.command" },
    ],
    [
      "recordResearch: artifact with a relative uri",
      RECORD_RESEARCH,
      record({ kind: "ARTIFACT", artifact: { uri: "results/out.txt" } }),
      { code: "MALFORMED_ARTIFACT", field: "artifact.uri" },
    ],
    [
      "recordResearch: artifact command over the limit",
      RECORD_RESEARCH,
      record({ kind: "ARTIFACT", artifact: { command: "c".repeat(MAX_REPLAY_FIELD_CHARS + 1) } }),
      { code: "INPUT_TOO_LARGE", field: "artifact.command" },
    ],
    [
      "recordResearch: malformed artifact on a CLAIM",
      RECORD_RESEARCH,
      record({ artifact: { description: "no way to replay" } }),
      { code: "MALFORMED_ARTIFACT" },
    ],
    [
      "recordResearch: FORMALIZATION without a formal record",
      RECORD_RESEARCH,
      record({ kind: "FORMALIZATION" }),
      { code: "MALFORMED_FORMAL_RECORD" },
    ],
    [
      "recordResearch: empty formal record",
      RECORD_RESEARCH,
      record({ kind: "FORMALIZATION", formal: { pinnedWorld: "repo@abc" } }),
      { code: "MALFORMED_FORMAL_RECORD" },
    ],
    [
      "recordResearch: goal without a pinned world",
      RECORD_RESEARCH,
      record({ kind: "FORMALIZATION", formal: { goal: "⊢ True" } }),
      { code: "MALFORMED_FORMAL_RECORD", field: "formal.pinnedWorld" },
    ],
    [
      "recordResearch: idempotency key over the limit",
      RECORD_RESEARCH,
      record({ idempotencyKey: "k".repeat(201) }),
      { field: "idempotencyKey" },
    ],
  ];

  it.each(typedCases)("%s: typed error, nothing written", async (_label, document, input, expected) => {
    const built = input();
    const before = await snapshot();
    expect(await mutateExpectingError(running.service.url, document, built, token)).toMatchObject(expected);
    expect(await snapshot()).toEqual(before);
  });

  const invalidRequests: [string, string, () => Record<string, unknown>][] = [
    ["an unknown kind", RECORD_RESEARCH, record({ kind: "THEOREM" })],
    ["a lower-case kind", RECORD_RESEARCH, record({ kind: "claim" })],
    ["an unknown evidence grade", RECORD_RESEARCH, record({ evidenceGrade: "PROBABLY" })],
    ["an unknown relation type", RECORD_RESEARCH, record({ relations: [{ type: "LIKES", target: "R1" }] })],
    ["a missing body", RECORD_RESEARCH, () => ({ ...buildResearchInput(project.id), body: undefined })],
    [
      "an unknown relation type in relateResearch",
      RELATE_RESEARCH,
      () => ({ from: "R1", to: "R2", type: "IMPLIES", idempotencyKey: uniqueToken() }),
    ],
  ];

  it.each(invalidRequests)(
    "refuses %s as a request error with a client code, nothing written",
    async (_label, document, input) => {
      const built = input();
      const before = await snapshot();
      const response = await gql(running.service.url, document, { input: built }, token);
      expect(response.data).toBeNull();
      expect(response.errors?.[0]?.extensions?.code).toMatch(/^(BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED)$/);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each([
    [
      "expired",
      async () =>
        (
          await createOperator({
            prisma: prisma(),
            name: `expired-${uniqueToken()}`,
            role: "AGENT",
            expiresAt: new Date(Date.now() - 1_000),
          })
        ).token,
      "TOKEN_EXPIRED",
    ],
    ["forged", async () => `rms_${"x".repeat(32)}`, "UNAUTHENTICATED"],
    ["forged with a real prefix of a valid token", async () => `${token.slice(0, -2)}zz`, "UNAUTHENTICATED"],
  ])("refuses an %s token, nothing written", async (_label, tokenFor, code) => {
    const callerToken = await tokenFor();
    const before = await snapshot();
    expect(
      await mutateExpectingError(running.service.url, RECORD_RESEARCH, buildResearchInput(project.id), callerToken),
    ).toMatchObject({ __typename: "ResearchAuthenticationError", code });
    expect(await snapshot()).toEqual(before);
  });

  it("accepts a body exactly at the limit, and the next accession follows without a gap after all the refusals", async () => {
    const last = await prisma().researchObject.aggregate({ _max: { accession: true } });
    const object = await recordObject(running.service.url, token, project.id, { body: "b".repeat(MAX_BODY_CHARS) });
    expect(accessionNumber(object.accession)).toBe(last._max.accession! + 1);
  });
});
