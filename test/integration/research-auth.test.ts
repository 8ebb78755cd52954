// Operators and roles on the research write path: every write needs an AGENT (or higher) token;
// anonymous, forged, malformed, expired, revoked and under-privileged callers get a typed error and
// nothing is written. Tokens are stored only as their sha256 digest.
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../../src/features/operators/commands/operator.commands.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor, createAgentProject, addProjectMembers } from "../factories/projects.js";
import { buildResearchInput, recordObject } from "../factories/research.js";
import { uniqueToken } from "../factories/unique-token.js";
import {
  CREATE_PROJECT,
  RECORD_RESEARCH,
  RELATE_RESEARCH,
  SUPERSEDE_RESEARCH,
  type ProjectResult,
  type ResearchObjectResult,
} from "../helpers/documents/research.js";
import { mutate, mutateExpectingError } from "../helpers/mutations.js";
import { researchCounts } from "../helpers/research-rows.js";
import { gql } from "../helpers/graphql.js";

describe.each(testDatabaseTargets())("research writes need an authorised operator ($name database)", (target) => {
  const running = useTestService(target);
  let agentToken: string;
  let project: ProjectResult;
  let first: ResearchObjectResult;
  let second: ResearchObjectResult;
  const prisma = () => running.service.services.db.prisma;

  /** One input per write mutation, valid for an AGENT, so only the caller decides the outcome. */
  const writes = (): [string, string, () => Record<string, unknown>][] => [
    [
      "createProject",
      CREATE_PROJECT,
      () => ({ problemRef: "cp:erdos:1", name: `P ${uniqueToken()}`, idempotencyKey: uniqueToken() }),
    ],
    ["recordResearch", RECORD_RESEARCH, () => buildResearchInput(project.id)],
    [
      "relateResearch",
      RELATE_RESEARCH,
      () => ({ from: second.accession, to: first.accession, type: "SUPPORTS", idempotencyKey: uniqueToken() }),
    ],
    [
      "supersedeResearch",
      SUPERSEDE_RESEARCH,
      () => ({ target: first.accession, supersededBy: second.accession, idempotencyKey: uniqueToken() }),
    ],
  ];

  beforeAll(async () => {
    ({ token: agentToken, project } = await createAgentProject(running.service));
    first = await recordObject(running.service.url, agentToken, project.id);
    second = await recordObject(running.service.url, agentToken, project.id);
  });

  const callers: [string, () => Promise<string | undefined>, Record<string, unknown>][] = [
    ["anonymous", async () => undefined, { __typename: "ResearchAuthenticationError", code: "UNAUTHENTICATED" }],
    [
      "a forged token",
      async () => `rms_${uniqueToken()}${uniqueToken()}`,
      { __typename: "ResearchAuthenticationError", code: "UNAUTHENTICATED" },
    ],
    [
      "an expired token",
      async () =>
        (
          await createOperator({
            prisma: prisma(),
            name: `expired-${uniqueToken()}`,
            role: "AGENT",
            expiresAt: new Date(Date.now() - 60_000),
          })
        ).token,
      { __typename: "ResearchAuthenticationError", code: "TOKEN_EXPIRED" },
    ],
    [
      "a revoked token",
      async () => {
        const created = await createOperatorWithToken(prisma(), "AGENT");
        await prisma().operator.update({ where: { id: created.operator.id }, data: { revokedAt: new Date() } });
        return created.token;
      },
      { __typename: "ResearchAuthenticationError", code: "UNAUTHENTICATED" },
    ],
    [
      "a READER token",
      async () => (await createOperatorWithToken(prisma(), "READER")).token,
      { __typename: "ResearchForbiddenError", code: "FORBIDDEN", requiredRole: "AGENT" },
    ],
  ];

  describe.each(callers)("%s", (_label, tokenFor, expected) => {
    it.each(writes().map(([name], index) => [name, index] as const))(
      "gets a typed error from %s and writes nothing",
      async (_name, index) => {
        const token = await tokenFor();
        const [, document, input] = writes()[index]!;
        const before = await researchCounts(prisma());
        expect(await mutateExpectingError(running.service.url, document, input(), token)).toMatchObject(expected);
        expect(await researchCounts(prisma())).toEqual(before);
      },
    );
  });

  it("refuses a malformed Authorization header with a typed error", async () => {
    const before = await researchCounts(prisma());
    const response = await fetch(running.service.url, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Token ${agentToken}` },
      body: JSON.stringify({ query: RECORD_RESEARCH, variables: { input: buildResearchInput(project.id) } }),
    });
    const body = (await response.json()) as { data: { recordResearch: { __typename: string; code: string } } };
    expect(body.data.recordResearch).toMatchObject({
      __typename: "ResearchAuthenticationError",
      code: "UNAUTHENTICATED",
    });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("lets a token that expires in the future write", async () => {
    const { operator, token } = await createOperator({
      prisma: prisma(),
      name: `later-${uniqueToken()}`,
      role: "AGENT",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await addProjectMembers(running.service.url, agentToken, project.id, [operator.name]);
    expect(await mutate(running.service.url, RECORD_RESEARCH, buildResearchInput(project.id), token)).toMatchObject({
      __typename: "ResearchObjectPayload",
      replayed: false,
    });
  });

  it.each(["AGENT", "CURATOR", "ADMIN"] as const)("lets a %s write (roles are ordered)", async (role) => {
    const { token } = await createOperatorWithToken(prisma(), role);
    const created = await createProjectFor(running.service.url, token);
    const object = await recordObject(running.service.url, token, created.id);
    expect(object.project.id).toBe(created.id);
  });

  it("stores only the sha256 digest of a token, never the token itself", async () => {
    const { operator, token } = await createOperatorWithToken(prisma(), "AGENT");
    expect(token).toMatch(/^rms_[\w-]{20,}$/);
    const row = await prisma().operator.findUniqueOrThrow({ where: { id: operator.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    const { rows } = await running.service.services.db.pool.query<{ dump: string }>(
      "SELECT row_to_json(o)::text AS dump FROM operators o WHERE id = $1",
      [operator.id],
    );
    expect(rows[0]!.dump).not.toContain(token);
  });

  it("keeps reads anonymous", async () => {
    const response = await gql<{ researchObject: { accession: string } | null }>(
      running.service.url,
      `query($ref: String!) { researchObject(ref: $ref) { accession } }`,
      { ref: first.accession },
    );
    expect(response.data?.researchObject?.accession).toBe(first.accession);
  });
});
