// Idempotency keys are scoped to (operator, operation, project): a retry replays the original
// result and writes nothing; the same key with other content is a typed conflict; other operators,
// projects and operations may reuse a key freely; concurrent retries produce one object.
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor, createAgentProject, addProjectMembers } from "../factories/projects.js";
import {
  buildResearchInput,
  recordObject,
  recordObjectWithInput,
  relateObjects,
  supersedeObject,
} from "../factories/research.js";
import { uniqueToken } from "../factories/unique-token.js";
import {
  CREATE_PROJECT,
  RECORD_RESEARCH,
  type ProjectResult,
  type ResearchObjectResult,
} from "../helpers/documents/research.js";
import { isTypedError, mutate, mutateExpectingError } from "../helpers/mutations.js";
import { researchCounts } from "../helpers/research-rows.js";

describe.each(testDatabaseTargets())("scoped idempotency keys ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let project: ProjectResult;
  const prisma = () => running.service.services.db.prisma;

  beforeAll(async () => {
    ({ token, project } = await createAgentProject(running.service));
  });

  it("replays recordResearch: same object, replayed=true, no second row or event", async () => {
    const input = buildResearchInput(project.id, { idempotencyKey: "attempt-1", branch: "approach/retry" });
    const original = await recordObjectWithInput(running.service.url, token, input);
    const before = await researchCounts(prisma());
    const retry = await recordObjectWithInput(running.service.url, token, input);
    expect(original.replayed).toBe(false);
    expect(retry.replayed).toBe(true);
    expect(retry.researchObject).toEqual(original.researchObject);
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("replays a retry that spells absent optional fields as null or an empty list", async () => {
    const input = buildResearchInput(project.id, { idempotencyKey: `spelling-${uniqueToken()}` });
    const original = await recordObjectWithInput(running.service.url, token, input);
    const before = await researchCounts(prisma());
    const spelledOut = {
      ...input,
      branch: null,
      relations: [],
      supersedes: [],
      artifact: null,
      formal: null,
      metadata: {},
    };
    const retry = await mutate<{ replayed: boolean; researchObject: ResearchObjectResult }>(
      running.service.url,
      RECORD_RESEARCH,
      spelledOut,
      token,
    );
    expect(retry).toMatchObject({ replayed: true, researchObject: { id: original.researchObject.id } });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("treats the same key with different content as a typed conflict and writes nothing", async () => {
    const key = `conflict-${uniqueToken()}`;
    await recordObjectWithInput(
      running.service.url,
      token,
      buildResearchInput(project.id, { idempotencyKey: key, title: "First wording" }),
    );
    const before = await researchCounts(prisma());
    for (const change of [
      { title: "Second wording" },
      { evidenceGrade: "CONJECTURAL" },
      { kind: "ATTEMPT" },
      { branch: "approach/other" },
    ]) {
      const error = await mutateExpectingError(
        running.service.url,
        RECORD_RESEARCH,
        buildResearchInput(project.id, { idempotencyKey: key, title: "First wording", ...change }),
        token,
      );
      expect(error).toMatchObject({
        __typename: "ResearchIdempotencyConflictError",
        code: "IDEMPOTENCY_KEY_REUSED",
        key,
      });
    }
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("lets two operators use the same key in the same project", async () => {
    const created = await createOperatorWithToken(prisma(), "AGENT");
    const other = created.token;
    await addProjectMembers(running.service.url, token, project.id, [created.operator.name]);
    const key = `shared-${uniqueToken()}`;
    const mine = await recordObjectWithInput(
      running.service.url,
      token,
      buildResearchInput(project.id, { idempotencyKey: key, title: "Mine" }),
    );
    const theirs = await recordObjectWithInput(
      running.service.url,
      other,
      buildResearchInput(project.id, { idempotencyKey: key, title: "Theirs" }),
    );
    expect(mine.replayed).toBe(false);
    expect(theirs.replayed).toBe(false);
    expect(theirs.researchObject.id).not.toBe(mine.researchObject.id);
  });

  it("scopes a key to its project: the same key in another project is a new write", async () => {
    const otherProject = await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:3" });
    const key = `per-project-${uniqueToken()}`;
    const here = await recordObjectWithInput(
      running.service.url,
      token,
      buildResearchInput(project.id, { idempotencyKey: key, title: "Same title", body: "Same body" }),
    );
    const there = await recordObjectWithInput(
      running.service.url,
      token,
      buildResearchInput(otherProject.id, { idempotencyKey: key, title: "Same title", body: "Same body" }),
    );
    expect(there.replayed).toBe(false);
    expect(there.researchObject.project.id).toBe(otherProject.id);
    expect(there.researchObject.id).not.toBe(here.researchObject.id);
  });

  it("scopes a key to its operation: a createProject key does not collide with a recordResearch key", async () => {
    const key = `per-operation-${uniqueToken()}`;
    const created = await createProjectFor(running.service.url, token, { idempotencyKey: key });
    const recorded = await recordObjectWithInput(
      running.service.url,
      token,
      buildResearchInput(created.id, { idempotencyKey: key }),
    );
    expect(recorded.replayed).toBe(false);
  });

  it("replays createProject and refuses the same key with another name", async () => {
    const input = {
      problemRef: "cp:erdos:1",
      name: `Replayed ${uniqueToken()}`,
      idempotencyKey: `project-${uniqueToken()}`,
    };
    const original = await mutate<{ replayed: boolean; project: ProjectResult }>(
      running.service.url,
      CREATE_PROJECT,
      input,
      token,
    );
    const before = await researchCounts(prisma());
    const retry = await mutate<{ replayed: boolean; project: ProjectResult }>(
      running.service.url,
      CREATE_PROJECT,
      { ...input, problemRef: "Erdős 1" },
      token,
    );
    expect(retry).toEqual({ ...original, replayed: true });
    const conflict = await mutateExpectingError(
      running.service.url,
      CREATE_PROJECT,
      { ...input, name: "Another name" },
      token,
    );
    expect(conflict).toMatchObject({ __typename: "ResearchIdempotencyConflictError", code: "IDEMPOTENCY_KEY_REUSED" });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("replays relateResearch and supersedeResearch", async () => {
    const [older, newer] = [
      await recordObject(running.service.url, token, project.id),
      await recordObject(running.service.url, token, project.id),
    ];
    const relate = {
      from: newer.accession,
      to: older.accession,
      type: "DERIVED_FROM",
      idempotencyKey: `relate-${uniqueToken()}`,
    };
    const related = await relateObjects(running.service.url, token, relate);
    const supersede = {
      target: older.accession,
      supersededBy: newer.accession,
      idempotencyKey: `supersede-${uniqueToken()}`,
    };
    const superseded = await supersedeObject(running.service.url, token, supersede);
    const before = await researchCounts(prisma());
    expect(await relateObjects(running.service.url, token, relate)).toEqual({ ...related, replayed: true });
    expect(await supersedeObject(running.service.url, token, supersede)).toEqual({ ...superseded, replayed: true });
    expect(await researchCounts(prisma())).toEqual(before);
    const conflict = await relateObjects(running.service.url, token, { ...relate, type: "SUPPORTS" });
    expect(conflict).toMatchObject({ __typename: "ResearchIdempotencyConflictError" });
  });

  it("turns concurrent retries of one key into one object", async () => {
    const input = buildResearchInput(project.id, { idempotencyKey: `burst-${uniqueToken()}` });
    const before = await researchCounts(prisma());
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        mutate<{ replayed: boolean; researchObject: ResearchObjectResult }>(
          running.service.url,
          RECORD_RESEARCH,
          input,
          token,
        ),
      ),
    );
    const payloads = results.map((result) => {
      if (isTypedError(result)) throw new Error(`${result.code}: ${result.message}`);
      return result;
    });
    expect(new Set(payloads.map((payload) => payload.researchObject.id)).size).toBe(1);
    expect(payloads.filter((payload) => !payload.replayed)).toHaveLength(1);
    expect(await researchCounts(prisma())).toMatchObject({
      objects: before.objects + 1,
      events: before.events + 1,
      idempotencyRecords: before.idempotencyRecords + 1,
    });
  });
});
