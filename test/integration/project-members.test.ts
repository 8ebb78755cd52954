// Projects have owners and members: only they write into a project, supersede its records or relate
// from them; owners manage members; a CURATOR may always. Reads stay open; idempotency keeps working.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken, type OperatorWithToken } from "../factories/operators.js";
import { addProjectMembers, createProjectFor } from "../factories/projects.js";
import { buildResearchInput, fetchResearchObject, recordObject } from "../factories/research.js";
import {
  ADD_PROJECT_MEMBER,
  RECORD_RESEARCH,
  RELATE_RESEARCH,
  REMOVE_PROJECT_MEMBER,
  SUPERSEDE_RESEARCH,
  type ProjectResult,
} from "../helpers/documents/research.js";
import { mutate, mutateExpectingError } from "../helpers/mutations.js";
import { researchCounts } from "../helpers/research-rows.js";

describe.each(testDatabaseTargets())("project owners and members ($name database)", (target) => {
  const running = useTestService(target);
  const prisma = () => running.service.services.db.prisma;
  let owner: OperatorWithToken;
  let stranger: OperatorWithToken;
  let project: ProjectResult;

  beforeAll(async () => {
    owner = await createOperatorWithToken(prisma(), "AGENT");
    stranger = await createOperatorWithToken(prisma(), "AGENT");
    project = await createProjectFor(running.service.url, owner.token);
  });

  it("makes the creator the owner", async () => {
    const result = await mutate<{ project: { members: { operatorName: string; role: string }[] } }>(
      running.service.url,
      ADD_PROJECT_MEMBER,
      { projectId: project.id, operatorName: owner.operator.name, role: "OWNER" },
      owner.token,
    );
    expect(result).toMatchObject({ __typename: "ProjectMembershipPayload", changed: false });
    expect((result as { project: { members: unknown[] } }).project.members).toEqual([
      { operatorName: owner.operator.name, role: "OWNER" },
    ]);
  });

  it("refuses another agent's write, supersession and relation with NOT_PROJECT_MEMBER, writing nothing", async () => {
    const mine = await recordObject(running.service.url, owner.token, project.id);
    const theirProject = await createProjectFor(running.service.url, stranger.token);
    const theirs = await recordObject(running.service.url, stranger.token, theirProject.id);
    const before = await researchCounts(prisma());
    const refusals = [
      await mutateExpectingError(running.service.url, RECORD_RESEARCH, buildResearchInput(project.id), stranger.token),
      await mutateExpectingError(
        running.service.url,
        SUPERSEDE_RESEARCH,
        { target: mine.accession, supersededBy: theirs.accession, idempotencyKey: "s1" },
        stranger.token,
      ),
      await mutateExpectingError(
        running.service.url,
        RELATE_RESEARCH,
        { from: mine.accession, to: theirs.accession, type: "CITES", idempotencyKey: "r1" },
        stranger.token,
      ),
      await mutateExpectingError(
        running.service.url,
        RECORD_RESEARCH,
        buildResearchInput(theirProject.id, { supersedes: [mine.accession] }),
        stranger.token,
      ),
    ];
    expect(refusals.map((error) => error.code)).toEqual([
      "NOT_PROJECT_MEMBER",
      "NOT_PROJECT_MEMBER",
      "NOT_PROJECT_MEMBER",
      "NOT_PROJECT_MEMBER",
    ]);
    expect(refusals[0]!.message).toContain("addProjectMember");
    expect(await researchCounts(prisma())).toEqual(before);
    expect((await fetchResearchObject(running.service.url, mine.accession))?.state).toBe("CURRENT");
  });

  it("lets a member write once the owner adds it, and refuses again after removal", async () => {
    const member = await createOperatorWithToken(prisma(), "AGENT");
    await expect(
      mutateExpectingError(running.service.url, RECORD_RESEARCH, buildResearchInput(project.id), member.token),
    ).resolves.toMatchObject({ code: "NOT_PROJECT_MEMBER" });
    await addProjectMembers(running.service.url, owner.token, project.id, [member.operator.name]);
    const input = buildResearchInput(project.id);
    const written = await mutate(running.service.url, RECORD_RESEARCH, input, member.token);
    expect(written).toMatchObject({ __typename: "ResearchObjectPayload", replayed: false });
    expect(await mutate(running.service.url, RECORD_RESEARCH, input, member.token)).toMatchObject({ replayed: true });
    const removed = await mutate(
      running.service.url,
      REMOVE_PROJECT_MEMBER,
      { projectId: project.id, operatorName: member.operator.name },
      owner.token,
    );
    expect(removed).toMatchObject({ __typename: "ProjectMembershipPayload", changed: true });
    await expect(
      mutateExpectingError(running.service.url, RECORD_RESEARCH, buildResearchInput(project.id), member.token),
    ).resolves.toMatchObject({ code: "NOT_PROJECT_MEMBER" });
  });

  it("lets only owners manage members, and keeps the last owner", async () => {
    const member = await createOperatorWithToken(prisma(), "AGENT");
    await addProjectMembers(running.service.url, owner.token, project.id, [member.operator.name]);
    const byMember = await mutateExpectingError(
      running.service.url,
      ADD_PROJECT_MEMBER,
      { projectId: project.id, operatorName: stranger.operator.name },
      member.token,
    );
    expect(byMember.code).toBe("NOT_PROJECT_OWNER");
    const lastOwner = await mutateExpectingError(
      running.service.url,
      REMOVE_PROJECT_MEMBER,
      { projectId: project.id, operatorName: owner.operator.name },
      owner.token,
    );
    expect(lastOwner.code).toBe("LAST_OWNER");
    const unknown = await mutateExpectingError(
      running.service.url,
      ADD_PROJECT_MEMBER,
      { projectId: project.id, operatorName: "nobody-by-this-name" },
      owner.token,
    );
    expect(unknown.code).toBe("OPERATOR_NOT_FOUND");
  });

  it("lets a CURATOR write into and supersede in any project", async () => {
    const curator = await createOperatorWithToken(prisma(), "CURATOR");
    const mine = await recordObject(running.service.url, owner.token, project.id);
    const fix = await recordObject(running.service.url, curator.token, project.id);
    expect(
      await mutate(
        running.service.url,
        SUPERSEDE_RESEARCH,
        { target: mine.accession, supersededBy: fix.accession, idempotencyKey: "curator-fix" },
        curator.token,
      ),
    ).toMatchObject({
      __typename: "ResearchObjectPayload",
    });
  });
});
