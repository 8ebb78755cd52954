// The research write path through GraphQL: projects bound to exact problem refs, all six kinds with
// replay material and formal records, one transaction per write (object + bindings + event + sparse
// document + projection high-water mark), and `researchObject(ref)` by every kind of ref.
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { RESEARCH_SPARSE_VIEW } from "../../src/features/research/projection/research-documents.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createProjectFor, createAgentProject } from "../factories/projects.js";
import { buildResearchInput, fetchResearchObject, recordObject } from "../factories/research.js";
import { uniqueToken } from "../factories/unique-token.js";
import { CREATE_PROJECT, type ProjectResult } from "../helpers/documents/research.js";
import { mutateExpectingError } from "../helpers/mutations.js";
import { accessionNumber, headSequence, researchCounts } from "../helpers/research-rows.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const SHA = "a".repeat(64);

describe.each(testDatabaseTargets())("research write path ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let project: ProjectResult;
  const prisma = () => running.service.services.db.prisma;

  beforeAll(async () => {
    ({ token, project } = await createAgentProject(running.service, { problemRef: "cp:erdos:1" }));
  });

  it.each([
    ["1", "cp:erdos:1"],
    ["Erdős 20", "cp:erdos:20"],
    ["cp:erdos:242", "cp:erdos:242"],
    ["Erdos1.erdos_1", "cp:erdos:1"],
    ["https://www.erdosproblems.com/52", "cp:erdos:52"],
    ["sunflower conjecture", "cp:erdos:20"],
  ])(
    "createProject binds %j to the canonical problem %s, with its event in the same write",
    async (problemRef, stableId) => {
      const before = await researchCounts(prisma());
      const created = await createProjectFor(running.service.url, token, { problemRef });
      const problem = await prisma().problem.findUniqueOrThrow({ where: { stableId } });
      expect(created.problem.stableId).toBe(stableId);
      expect(created.routingTargetId).toBe(problem.id);
      const row = await prisma().project.findFirstOrThrow({ where: { slug: created.slug } });
      const events = await prisma().changeEvent.findMany({ where: { resourceId: row.id } });
      expect(events).toEqual([
        expect.objectContaining({
          eventType: "project.created",
          resourceType: "project",
          routingTargetId: problem.id,
          projectId: row.id,
          payloadVersion: 1,
        }),
      ]);
      expect(await researchCounts(prisma())).toMatchObject({
        projects: before.projects + 1,
        events: before.events + 1,
      });
    },
  );

  it("refuses free text and ambiguous refs for createProject (exact refs only), writing nothing", async () => {
    const alias = `Twin Name ${uniqueToken()}`;
    const [first, second] = [buildCatalogueProblem({ aliases: [alias] }), buildCatalogueProblem({ aliases: [alias] })];
    await importCatalogue({ inlineViews, prisma: prisma(), problems: [first!, second!] });
    const before = await researchCounts(prisma());
    const ambiguous = await mutateExpectingError(
      running.service.url,
      CREATE_PROJECT,
      { problemRef: alias, name: "Twin", idempotencyKey: uniqueToken() },
      token,
    );
    expect(ambiguous).toMatchObject({
      __typename: "ResearchAmbiguousRefError",
      code: "AMBIGUOUS_REF",
      candidateStableIds: [first!.stableId, second!.stableId].sort(),
    });
    const freeText = await mutateExpectingError(
      running.service.url,
      CREATE_PROJECT,
      { problemRef: "sets whose subset sums are all distinct", name: "Free", idempotencyKey: uniqueToken() },
      token,
    );
    expect(freeText).toMatchObject({ __typename: "ResearchNotFoundError", code: "NOT_FOUND" });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  const FULL_KINDS: [string, Record<string, unknown>][] = [
    ["CLAIM", { evidenceGrade: "SOURCE_BACKED", branch: "approach/second-moment" }],
    ["ATTEMPT", { evidenceGrade: "ARGUED", branch: "approach/second-moment", metadata: { parameters: { n: 12 } } }],
    ["NEGATIVE_TRACE", { evidenceGrade: "COMPUTATIONAL", branch: "outcome/dead-ends" }],
    [
      "ARTIFACT",
      {
        evidenceGrade: "REPRODUCED",
        branch: "artifact/search",
        artifact: {
          uri: "https://example.org/search.tar.gz",
          command: "python search.py --n 40",
          environment: "python 3.12, numpy 2.1",
          expectedOutputHash: SHA,
          description: "exhaustive search",
        },
      },
    ],
    [
      "FORMALIZATION",
      {
        evidenceGrade: "FORMALLY_VERIFIED",
        formal: {
          leanDeclaration: "Erdos1.erdos_1",
          statement: "theorem erdos_1 : ∀ n, True",
          pinnedWorld: "google-deepmind/formal-conjectures@abc1234",
          goal: "⊢ ∀ (n : ℕ), True",
        },
      },
    ],
    ["OPEN_QUESTION", { evidenceGrade: "CONJECTURAL" }],
  ];

  it.each(FULL_KINDS)(
    "recordResearch stores a %s with its bindings, event, sparse document and high-water mark in one write",
    async (kind, fields) => {
      const before = await researchCounts(prisma());
      const object = await recordObject(running.service.url, token, project.id, { kind, ...fields });
      const problem = await prisma().problem.findUniqueOrThrow({ where: { stableId: "cp:erdos:1" } });
      const row = await prisma().researchObject.findFirstOrThrow({
        where: { accession: accessionNumber(object.accession) },
      });

      expect(object).toMatchObject({
        kind,
        evidenceGrade: fields.evidenceGrade,
        state: "CURRENT",
        routingTargetId: problem.id,
        problem: { stableId: "cp:erdos:1" },
        project: { id: project.id },
      });
      expect(object.branchName).toBe((fields.branch as string | undefined) ?? null);
      expect(object.slug).toMatch(new RegExp(`^r${accessionNumber(object.accession)}-`));
      expect(object.contentHash).toMatch(/^[0-9a-f]{64}$/);
      if (fields.artifact) expect(object.artifact).toMatchObject(fields.artifact as object);
      if (fields.formal) expect(object.formal).toMatchObject(fields.formal as object);
      if (fields.metadata) expect(object.metadata).toEqual(fields.metadata);

      const kinds = object.targets.map((binding) => binding.targetKind).sort();
      const expectedKinds = [
        "PROBLEM",
        "PROJECT",
        ...(problem.statementFamilyId ? ["STATEMENT_FAMILY"] : []),
        ...(kind === "FORMALIZATION" ? ["FORMAL_DECLARATION"] : []),
      ].sort();
      expect(kinds).toEqual(expectedKinds);
      expect(object.targets).toContainEqual({ targetKind: "PROBLEM", targetId: problem.id });

      const events = await prisma().changeEvent.findMany({ where: { resourceId: row.id } });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        eventType: "research.recorded",
        resourceType: "research_object",
        routingTargetId: problem.id,
        projectId: row.projectId,
        payloadVersion: 1,
      });
      expect(events[0]!.payload).toMatchObject({ accession: object.accession, kind, contentHash: object.contentHash });

      const documents = await prisma().sparseDocument.findMany({
        where: { view: RESEARCH_SPARSE_VIEW, documentId: row.id },
      });
      expect(documents).toHaveLength(1);
      expect(documents[0]).toMatchObject({ routingTargetId: problem.id, eligible: true });

      const state = await prisma().projectionState.findFirstOrThrow({
        where: { view: RESEARCH_SPARSE_VIEW, status: "SERVING" },
      });
      expect(state.highWaterMark).toBe(await headSequence(prisma()));

      expect(await researchCounts(prisma())).toMatchObject({
        objects: before.objects + 1,
        events: before.events + 1,
        sparseDocuments: before.sparseDocuments + 1,
        targets: before.targets + expectedKinds.length,
      });
    },
  );

  it("binds a formal record to the problem's Lean declaration only when the declaration exists", async () => {
    const object = await recordObject(running.service.url, token, project.id, {
      kind: "FORMALIZATION",
      formal: { leanDeclaration: "NoSuch.declaration", statement: "theorem x : True" },
    });
    expect(object.targets.map((binding) => binding.targetKind)).not.toContain("FORMAL_DECLARATION");
  });

  it("hands out strictly increasing R accessions", async () => {
    const accessions: number[] = [];
    for (let index = 0; index < 5; index += 1)
      accessions.push(accessionNumber((await recordObject(running.service.url, token, project.id)).accession));
    accessions.forEach((value, index) => index > 0 && expect(value).toBe(accessions[index - 1]! + 1));
  });

  it("resolves researchObject by uuid, global id, accession, slug and content hash, with manifest and original material", async () => {
    const artifact = {
      uri: "https://example.org/run.log",
      command: `./run --seed ${"7".repeat(300)}`,
      environment: "lean 4.9",
      expectedOutputHash: SHA,
    };
    const written = await recordObject(running.service.url, token, project.id, {
      kind: "ARTIFACT",
      title: `Replayable search ${uniqueToken()}`,
      body: `unique body ${uniqueToken()}`,
      artifact,
      metadata: { tags: ["search"] },
      branch: "artifact/search",
    });
    const uuid = (
      await prisma().researchObject.findFirstOrThrow({ where: { accession: accessionNumber(written.accession) } })
    ).id;
    const refs = [
      uuid,
      uuid.toUpperCase(),
      written.id,
      written.accession,
      written.accession.toLowerCase(),
      written.slug,
      written.contentHash,
      `sha256:${written.contentHash}`,
    ];
    for (const ref of refs) {
      const found = await fetchResearchObject(running.service.url, ref);
      expect(found?.id, ref).toBe(written.id);
    }
    const found = (await fetchResearchObject(running.service.url, written.accession))!;
    expect(found).toMatchObject({
      slug: written.slug,
      contentHash: written.contentHash,
      artifact,
      metadata: { tags: ["search"] },
    });
    expect(found.manifest).toMatchObject({
      id: uuid,
      accession: written.accession,
      slug: written.slug,
      contentHash: written.contentHash,
      kind: "ARTIFACT",
      problem: "cp:erdos:1",
      project: project.slug,
      branch: "artifact/search",
      state: "CURRENT",
      supersededBy: null,
      relations: [],
      incomingRelations: [],
    });
    const replay = found.manifest.replay as Record<string, string>;
    expect(replay.uri).toBe(artifact.uri);
    expect(replay.expectedOutputHash).toBe(SHA);
    expect(replay.command!.length).toBeLessThan(artifact.command.length);
    expect(await fetchResearchObject(running.service.url, "R999999")).toBeNull();
    expect(await fetchResearchObject(running.service.url, "no-such-slug")).toBeNull();
  });

  it("keeps routingTargetId immutable and equal to the project's problem on every object of a project", async () => {
    const other = await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:3" });
    const object = await recordObject(running.service.url, token, other.id, buildResearchInput(other.id));
    expect(object.routingTargetId).toBe(other.routingTargetId);
    const rows = await prisma().researchObject.findMany({ include: { project: true } });
    for (const row of rows) expect(row.routingTargetId).toBe(row.project.routingTargetId);
  });
});
