// A retried recordResearch reads its answer from the store without redoing the write (recent-claims.ts): a retry
// after the answer and a retry sent while the first is still being written never reach the group commit, and
// still answer as the store says (the stored row, a conflict for another request under the key, a refusal for
// a writer removed since). Where this process knows nothing of the key (a restart, another process) the retry
// goes through the write's statement as before, and a hint the store does not bear out is an ordinary write.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  recordResearch,
  type RecordResearchInput,
  type RecordResearchProps,
} from "../../src/features/research/commands/record-research.command.js";
import { RecentClaims } from "../../src/features/research/commands/recent-claims.js";
import { writeProps } from "../../src/features/research/commands/write-props.js";
import { projectUuid } from "../../src/features/research/domain/research-refs.js";
import { IdempotencyConflictError } from "../../src/features/research/domain/research.errors.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { addProjectMembers, createProjectFor } from "../factories/projects.js";
import { uniqueToken } from "../factories/unique-token.js";
import { REMOVE_PROJECT_MEMBER } from "../helpers/documents/research.js";
import { mutate } from "../helpers/mutations.js";
import { researchCounts } from "../helpers/research-rows.js";

describe.each(testDatabaseTargets())("retried research writes ($name database)", (target) => {
  const handle = useTestService(target);
  const prisma = () => handle.service.services.db.prisma;
  afterEach(() => vi.restoreAllMocks());

  /** A writer's props with their own RecentClaims and a count of the writes that reached the group commit. */
  async function writer(role: "AGENT" | "CURATOR" = "AGENT") {
    const { token, operator } = await createOperatorWithToken(prisma(), role);
    const project = await createProjectFor(handle.service.url, token);
    const props: RecordResearchProps = {
      ...writeProps(handle.service.services, { id: operator.id, name: operator.name, role }),
      recentClaims: new RecentClaims(),
      input: undefined as unknown as RecordResearchInput,
    };
    // The service's one batcher: counted from here, for this test only (restored after each).
    const batched = vi.spyOn(props.batcher!, "write");
    batched.mockClear();
    const input = (overrides: Partial<RecordResearchInput> = {}): RecordResearchInput => ({
      projectId: projectUuid(project.id),
      kind: "ATTEMPT",
      title: `Retried attempt ${uniqueToken()}`,
      body: "We bound the sum with the second moment method; the variance term is the obstacle.",
      evidenceGrade: "ARGUED",
      idempotencyKey: `retry-${uniqueToken()}`,
      ...overrides,
    });
    return { token, operator, project, props, batched, input };
  }

  it("answers a retry after the answer from the store, without writing", async () => {
    const { props, batched, input } = await writer();
    const request = input();
    const first = await recordResearch({ ...props, input: request });
    const before = await researchCounts(prisma());
    const again = await recordResearch({ ...props, input: request });
    expect([first.replayed, again.replayed]).toEqual([false, true]);
    expect(batched).toHaveBeenCalledTimes(1);
    expect(again.object).toEqual(await prisma().researchObject.findUniqueOrThrow({ where: { id: first.object.id } }));
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("holds a retry sent while the first write runs until it answers, then replays it", async () => {
    const { props, batched, input } = await writer();
    const request = input();
    const before = await researchCounts(prisma());
    const answers = await Promise.all([1, 2, 3].map(() => recordResearch({ ...props, input: request })));
    expect(answers.map((answer) => answer.replayed)).toEqual([false, true, true]);
    expect(new Set(answers.map((answer) => answer.object.id)).size).toBe(1);
    expect(batched).toHaveBeenCalledTimes(1);
    expect(await researchCounts(prisma())).toMatchObject({ objects: before.objects + 1 });
  });

  it("answers another request under a claimed key with a conflict, without writing", async () => {
    const { props, batched, input } = await writer();
    const request = input();
    await recordResearch({ ...props, input: request });
    await expect(recordResearch({ ...props, input: { ...request, title: "Another title" } })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    expect(batched).toHaveBeenCalledTimes(1);
  });

  it("refuses a retry from a writer removed from the project since", async () => {
    const owner = await writer();
    const member = await createOperatorWithToken(prisma(), "AGENT");
    await addProjectMembers(handle.service.url, owner.token, owner.project.id, [member.operator.name]);
    const props = {
      ...owner.props,
      operator: { id: member.operator.id, name: member.operator.name, role: "AGENT" as const },
    };
    const request = owner.input();
    expect((await recordResearch({ ...props, input: request })).replayed).toBe(false);
    await mutate(
      handle.service.url,
      REMOVE_PROJECT_MEMBER,
      { projectId: owner.project.id, operatorName: member.operator.name },
      owner.token,
    );
    await expect(recordResearch({ ...props, input: request })).rejects.toMatchObject({ code: "NOT_PROJECT_MEMBER" });
  });

  it("replays through the write's statement where this process knows nothing of the key", async () => {
    const { props, batched, input } = await writer();
    const request = input();
    const first = await recordResearch({ ...props, input: request });
    const restarted = { ...props, recentClaims: new RecentClaims() };
    const again = await recordResearch({ ...restarted, input: request });
    expect(again).toMatchObject({ replayed: true, object: { id: first.object.id } });
    expect(batched).toHaveBeenCalledTimes(2);
  });

  it("writes as usual when a key it holds as claimed is not in the store", async () => {
    const { props, operator, input } = await writer();
    const request = input();
    props.recentClaims!.remember({
      operatorId: operator.id,
      operation: "recordResearch",
      scope: request.projectId,
      key: request.idempotencyKey,
    });
    const written = await recordResearch({ ...props, input: request });
    expect(written.replayed).toBe(false);
    expect(await prisma().researchObject.count({ where: { id: written.object.id } })).toBe(1);
  });
});
