// Group commit of recordResearch's autocommit writes (ResearchWriteBatcher), on
// both databases: writes queued behind a batch share one statement, keep their arrival order and their
// own claims, and one faulty write fails alone.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { CHANNEL, type EventNotifier, type NoticeTopic } from "../../src/events/notifier.js";
import { ResearchWriteBatcher } from "../../src/features/research/commands/research-write-batcher.js";
import type { StatementInput, VerdictFields } from "../../src/features/research/domain/record-research.statement.js";
import { projectUuid } from "../../src/features/research/domain/research-refs.js";
import { testDatabaseTargets, useTestService, type TestService } from "../helpers/databases.js";
import { createProjectFor } from "../factories/projects.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { uniqueToken } from "../factories/unique-token.js";
import { FLOOD_NEAR_DUPLICATES } from "../../src/features/research/domain/classify-record-text.js";

interface Writer {
  operatorId: string;
  projectId: string;
  problemId: string;
}

const CURRENT_VERDICT: VerdictFields = {
  state: "CURRENT",
  trustFlags: [],
  quarantineReason: null,
  stateBeforeQuarantine: null,
  quarantined: false,
  eligible: true,
  event: { state: "CURRENT" },
};
const FLOODED_VERDICT: VerdictFields = {
  state: "QUARANTINED",
  trustFlags: ["REPETITIVE:near-duplicate-flood"],
  quarantineReason: "trust classifier: REPETITIVE:near-duplicate-flood",
  stateBeforeQuarantine: "CURRENT",
  quarantined: true,
  eligible: false,
  event: { state: "QUARANTINED", trustFlags: ["REPETITIVE:near-duplicate-flood"] },
};

/** A claiming write as recordResearch hands it to the batcher, for `writer` in its project. */
function buildStatementInput(
  writer: Writer,
  overrides: { key?: string; relationTo?: string; shape?: string; curates?: boolean } = {},
): StatementInput {
  const id = randomUUID();
  const token = uniqueToken();
  return {
    claim: {
      operatorId: writer.operatorId,
      operation: "recordResearch",
      scope: writer.projectId,
      key: overrides.key ?? `group-${token}`,
      requestHash: token,
      curates: overrides.curates ?? false,
    },
    object: {
      id,
      slugSuffix: `group-${token}`,
      contentHash: token,
      projectId: writer.projectId,
      kind: "ATTEMPT",
      title: `Group commit ${token}`,
      body: `Attempt ${token}.`,
      evidenceGrade: "ARGUED",
      branchName: null,
      metadata: {},
      artifact: null,
      formal: null,
      goalFingerprint: null,
      goalShapeFingerprint: null,
      createdById: writer.operatorId,
      textShape: overrides.shape ?? token,
      declarationName: null,
    },
    verdicts: { usual: CURRENT_VERDICT, flooded: FLOODED_VERDICT },
    relations: overrides.relationTo
      ? [{ id: randomUUID(), toId: overrides.relationTo, type: "DEPENDS_ON", note: null }]
      : [],
    supersessions: [],
    events: [
      {
        routingTargetId: null,
        projectId: null,
        resourceType: "research_object",
        resourceId: null,
        eventType: "research.recorded",
        payloadVersion: 1,
        payload: { title: `Group commit ${token}` },
        operatorId: writer.operatorId,
        accessionKey: "accession",
        withVerdict: true,
      },
    ],
    document: { fields: { title: { group: 1 } }, terms: ["group"], length: 1 },
  };
}

/** The service's notifier, counting the commits announced through it and their topics. */
function countingNotifier(notifier: EventNotifier): {
  notifier: EventNotifier;
  announced: bigint[];
  topics: (NoticeTopic | null | undefined)[];
} {
  const announced: bigint[] = [];
  const topics: (NoticeTopic | null | undefined)[] = [];
  return {
    announced,
    topics,
    notifier: {
      ...notifier,
      statementChannel: notifier.statementChannel,
      committed: (sequence, topic) => {
        announced.push(sequence);
        topics.push(topic);
        notifier.committed(sequence, topic);
      },
    },
  };
}

/** An AGENT and the project it created (so it is a member), through the API. */
async function writerIn(service: TestService): Promise<Writer> {
  const prisma = service.services.db.prisma;
  const { token, operator } = await createOperatorWithToken(prisma, "AGENT");
  const project = await createProjectFor(service.url, token);
  const row = await prisma.project.findUniqueOrThrow({ where: { id: projectUuid(project.id) } });
  return { operatorId: operator.id, projectId: row.id, problemId: row.problemId };
}

describe.each(testDatabaseTargets())("research group commit ($name database)", (target) => {
  const handle = useTestService(target);

  function batcherFor(service: TestService) {
    const counting = countingNotifier(service.services.notifier);
    const batcher = new ResearchWriteBatcher(
      service.services.db.pool,
      service.services.projections.inlineViews,
      counting.notifier,
    );
    return { batcher, announced: counting.announced, topics: counting.topics };
  }

  it("writes queued behind a batch share one statement, in arrival order, with contiguous accessions", async () => {
    const service = handle.service;
    const writer = await writerIn(service);
    const { batcher, announced, topics } = batcherFor(service);
    // The first write goes at once; the nine behind it queue while it is in the database.
    const results = await Promise.all(Array.from({ length: 10 }, () => batcher.write(buildStatementInput(writer))));
    const accessions = results.map((result) => result!.accession);
    expect(accessions).toEqual(accessions.map((_, index) => accessions[0]! + index));
    const sequences = results.map((result) => result!.sequence);
    expect(sequences).toEqual(sequences.map((_, index) => sequences[0]! + BigInt(index)));
    expect(announced).toEqual([sequences[0], sequences[9]]);
    // Catalogue readers (identity, discovery) skip these notices: the batch appended research records only.
    expect(topics).toEqual(["research", "research"]);
    const events = await service.services.db.prisma.changeEvent.findMany({
      where: { sequence: { gte: sequences[0]!, lte: sequences[9]! } },
      orderBy: { sequence: "asc" },
    });
    expect(events.map((event) => (event.payload as { accession: string }).accession)).toEqual(
      accessions.map((accession) => `R${accession}`),
    );
  });

  it.runIf(target.name === "server")(
    "a batch's notice reaches other processes at its commit, with the research topic",
    async () => {
      const service = handle.service;
      const writer = await writerIn(service);
      const { batcher } = batcherFor(service);
      const listener = new pg.Client({ connectionString: service.services.db.connectionString });
      await listener.connect();
      try {
        const heard: string[] = [];
        listener.on("notification", (message) => heard.push(message.payload ?? ""));
        await listener.query(`LISTEN ${CHANNEL}`);
        const results = await Promise.all(Array.from({ length: 3 }, () => batcher.write(buildStatementInput(writer))));
        const last = results.at(-1)!.sequence;
        await expect.poll(() => heard, { timeout: 5_000 }).toContain(`${last}:research`);
      } finally {
        await listener.end();
      }
    },
  );

  it("keeps each write's claim: a key used twice in one batch is written once, a non-member is refused", async () => {
    const service = handle.service;
    const writer = await writerIn(service);
    const outsider = (await createOperatorWithToken(service.services.db.prisma, "AGENT")).operator;
    const { batcher } = batcherFor(service);
    const key = `group-${uniqueToken()}`;
    const [, first, second, refused, other] = await Promise.all([
      batcher.write(buildStatementInput(writer)),
      batcher.write(buildStatementInput(writer, { key })),
      batcher.write(buildStatementInput(writer, { key })),
      batcher.write(buildStatementInput({ ...writer, operatorId: outsider.id })),
      batcher.write(buildStatementInput(writer)),
    ]);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(refused).toBeNull();
    expect(other!.accession).toBe(first!.accession + 1);
  });

  it("a write that breaks a constraint fails alone; the rest of its batch is written", async () => {
    const service = handle.service;
    const writer = await writerIn(service);
    const { batcher } = batcherFor(service);
    const writes = [
      batcher.write(buildStatementInput(writer)),
      batcher.write(buildStatementInput(writer)),
      batcher.write(buildStatementInput(writer, { relationTo: randomUUID() })),
      batcher.write(buildStatementInput(writer)),
    ];
    const settled = await Promise.allSettled(writes);
    expect(settled.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    expect(String((settled[2] as PromiseRejectedResult).reason)).toMatch(/research_relations_to_id_fkey/);
    const written = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value!.accession] : []));
    expect(written[2]).toBe(written[1]! + 1);
  });

  it("resolves each write's problem and bindings from its project; a write to a missing project gets no row", async () => {
    const service = handle.service;
    const prisma = service.services.db.prisma;
    const writer = await writerIn(service);
    const { batcher } = batcherFor(service);
    const missing = { ...writer, projectId: randomUUID() };
    const [written, refused, curated] = await Promise.all([
      batcher.write(buildStatementInput(writer)),
      batcher.write(buildStatementInput(missing)),
      // A curator may write in any project, but not in one that does not exist.
      batcher.write(buildStatementInput(missing, { curates: true })),
    ]);
    expect(refused).toBeNull();
    expect(curated).toBeNull();
    expect(written).toMatchObject({ problemId: writer.problemId, routingTargetId: writer.problemId, flooded: false });
    const object = await prisma.researchObject.findUniqueOrThrow({ where: { accession: written!.accession } });
    expect(object).toMatchObject({ projectId: writer.projectId, problemId: writer.problemId, state: "CURRENT" });
    const problem = await prisma.problem.findUniqueOrThrow({ where: { id: writer.problemId } });
    const targets = await prisma.researchTarget.findMany({ where: { researchObjectId: object.id } });
    expect(targets.map((t) => `${t.targetKind}:${t.targetId}`).sort()).toEqual(
      [
        `PROBLEM:${writer.problemId}`,
        `PROJECT:${writer.projectId}`,
        ...(problem.statementFamilyId ? [`STATEMENT_FAMILY:${problem.statementFamilyId}`] : []),
      ].sort(),
    );
    const event = await prisma.changeEvent.findUniqueOrThrow({ where: { sequence: written!.sequence } });
    expect(event).toMatchObject({ routingTargetId: writer.problemId, projectId: writer.projectId });
    expect(event.payload).toMatchObject({ accession: `R${written!.accession}`, state: "CURRENT" });
    expect(
      await prisma.idempotencyRecord.count({ where: { scope: missing.projectId } }),
      "no key is claimed for a missing project",
    ).toBe(0);
  });

  it(`takes the flooded verdict once ${FLOOD_NEAR_DUPLICATES} records on the target share the text shape`, async () => {
    const service = handle.service;
    const prisma = service.services.db.prisma;
    const writer = await writerIn(service);
    const { batcher } = batcherFor(service);
    const shape = `flood-${uniqueToken()}`;
    const below = await Promise.all(
      Array.from({ length: FLOOD_NEAR_DUPLICATES }, () => batcher.write(buildStatementInput(writer, { shape }))),
    );
    // Writes in one batch do not count each other: all of these found fewer than the threshold.
    expect(below.map((result) => result!.flooded)).toEqual(below.map(() => false));
    const flooded = await batcher.write(buildStatementInput(writer, { shape }));
    const other = await batcher.write(buildStatementInput(writer));
    expect(flooded!.flooded).toBe(true);
    expect(flooded!.quarantinedAt).toBeInstanceOf(Date);
    expect(other!.flooded).toBe(false);
    const object = await prisma.researchObject.findUniqueOrThrow({ where: { accession: flooded!.accession } });
    expect(object).toMatchObject({
      state: "QUARANTINED",
      trustFlags: FLOODED_VERDICT.trustFlags,
      quarantineReason: FLOODED_VERDICT.quarantineReason,
      stateBeforeQuarantine: "CURRENT",
    });
    const document = await prisma.sparseDocument.findFirstOrThrow({ where: { documentId: object.id } });
    expect(document.eligible).toBe(false);
    const event = await prisma.changeEvent.findUniqueOrThrow({ where: { sequence: flooded!.sequence } });
    expect(event.payload).toMatchObject({ state: "QUARANTINED", trustFlags: FLOODED_VERDICT.trustFlags });
  });
});
