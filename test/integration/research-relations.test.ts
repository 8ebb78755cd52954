// Typed relations and supersession: every relation type can be written, acyclic types refuse a
// cycle (direct or longer), symmetric ones may run both ways; supersession marks the object and its
// sparse document, and an already superseded object cannot be superseded again. Refusals write nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { ACYCLIC_RELATIONS } from "../../src/features/research/domain/relation-rules.js";
import { RESEARCH_SPARSE_VIEW } from "../../src/features/research/projection/research-documents.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createProjectFor, createAgentProject } from "../factories/projects.js";
import {
  fetchResearchObject,
  buildResearchInput,
  recordObject,
  relateObjects,
  supersedeObject,
} from "../factories/research.js";
import { RECORD_RESEARCH, type ProjectResult } from "../helpers/documents/research.js";
import { mutateExpectingError } from "../helpers/mutations.js";
import { researchCounts } from "../helpers/research-rows.js";

const ISSUE_RELATION_TYPES = [
  "SUPPORTS",
  "REFUTES",
  "DEPENDS_ON",
  "DERIVED_FROM",
  "DISAGREES_WITH",
  "REPRODUCES",
  "FORMALIZES",
];
const ACYCLIC = ISSUE_RELATION_TYPES.filter((type) => ACYCLIC_RELATIONS.has(type as never));
const CYCLES_ALLOWED = ["REFUTES", "DISAGREES_WITH"];

describe.each(testDatabaseTargets())("research relations and supersession ($name database)", (target) => {
  const running = useTestService(target);
  let token: string;
  let project: ProjectResult;
  const prisma = () => running.service.services.db.prisma;
  const record = (overrides: Record<string, unknown> = {}) =>
    recordObject(running.service.url, token, project.id, overrides);

  beforeAll(async () => {
    ({ token, project } = await createAgentProject(running.service));
  });

  it("keeps supports, depends_on, derived_from, reproduces and formalizes acyclic", () => {
    expect(ACYCLIC).toEqual(["SUPPORTS", "DEPENDS_ON", "DERIVED_FROM", "REPRODUCES", "FORMALIZES"]);
  });

  it.each(ISSUE_RELATION_TYPES)("records a %s relation inside recordResearch, with its own event", async (type) => {
    const targetObject = await record();
    const before = await researchCounts(prisma());
    const object = await record({ relations: [{ type, target: targetObject.slug }] });
    expect(object.relations).toEqual([{ type, to: { accession: targetObject.accession } }]);
    const manifest = (await fetchResearchObject(running.service.url, targetObject.accession))!.manifest;
    expect(manifest.incomingRelations).toEqual([{ type, from: object.accession, fromState: "CURRENT" }]);
    expect(await researchCounts(prisma())).toMatchObject({
      objects: before.objects + 1,
      relations: before.relations + 1,
      events: before.events + 2,
    });
    const related = await prisma().changeEvent.findMany({
      where: { eventType: "research.related" },
      orderBy: { sequence: "desc" },
      take: 1,
    });
    expect(related[0]!.payload).toEqual({ from: object.accession, to: targetObject.accession, type });
    // A research_relation event names the relation, as relateResearch's event does.
    const fromRow = await prisma().researchObject.findFirstOrThrow({ where: { slug: object.slug } });
    const relation = await prisma().researchRelation.findFirstOrThrow({ where: { fromId: fromRow.id } });
    expect(related[0]).toMatchObject({ resourceType: "research_relation", resourceId: relation.id });
  });

  it.each(ISSUE_RELATION_TYPES)("relates two existing objects by %s with relateResearch", async (type) => {
    const [from, to] = [await record(), await record()];
    const before = await researchCounts(prisma());
    const result = await relateObjects(running.service.url, token, { from: from.accession, to: to.contentHash, type });
    expect(result).toMatchObject({
      __typename: "RelateResearchPayload",
      replayed: false,
      relation: { type, from: { accession: from.accession }, to: { accession: to.accession } },
    });
    expect(await researchCounts(prisma())).toMatchObject({
      relations: before.relations + 1,
      events: before.events + 1,
      objects: before.objects,
    });
    const event = await prisma().changeEvent.findFirstOrThrow({
      where: { eventType: "research.related" },
      orderBy: { sequence: "desc" },
    });
    expect(event).toMatchObject({
      resourceType: "research_relation",
      resourceId: (result as { relation: { id: string } }).relation.id,
      payloadVersion: 1,
    });
  });

  it.each(ACYCLIC)("refuses a direct %s cycle and writes nothing", async (type) => {
    const [a, b] = [await record(), await record()];
    expect(await relateObjects(running.service.url, token, { from: a.accession, to: b.accession, type })).toMatchObject(
      { replayed: false },
    );
    const before = await researchCounts(prisma());
    const error = await relateObjects(running.service.url, token, { from: b.accession, to: a.accession, type });
    expect(error).toMatchObject({
      __typename: "ResearchRelationCycleError",
      code: "RELATION_CYCLE",
      relationType: type,
    });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("refuses a longer cycle A→B→C→A of one acyclic type", async () => {
    const [a, b, c] = [await record(), await record(), await record()];
    await relateObjects(running.service.url, token, { from: a.accession, to: b.accession, type: "DEPENDS_ON" });
    await relateObjects(running.service.url, token, { from: b.accession, to: c.accession, type: "DEPENDS_ON" });
    const before = await researchCounts(prisma());
    expect(
      await relateObjects(running.service.url, token, { from: c.accession, to: a.accession, type: "DEPENDS_ON" }),
    ).toMatchObject({ __typename: "ResearchRelationCycleError" });
    expect(await researchCounts(prisma())).toEqual(before);
    // Circular reasoning whatever acyclic types its edges mix: SUPPORTS back along DEPENDS_ON is refused too.
    expect(
      await relateObjects(running.service.url, token, { from: c.accession, to: a.accession, type: "SUPPORTS" }),
    ).toMatchObject({ __typename: "ResearchRelationCycleError", relationType: "SUPPORTS" });
    expect(await researchCounts(prisma())).toEqual(before);
    // A symmetric type may still close the loop: disagreement is not reasoning from a premise.
    expect(
      await relateObjects(running.service.url, token, { from: c.accession, to: a.accession, type: "DISAGREES_WITH" }),
    ).toMatchObject({ __typename: "RelateResearchPayload" });
  });

  it("refuses a cycle that mixes SUPPORTS and DEPENDS_ON", async () => {
    const [a, b] = [await record(), await record()];
    expect(
      await relateObjects(running.service.url, token, { from: a.accession, to: b.accession, type: "SUPPORTS" }),
    ).toMatchObject({ __typename: "RelateResearchPayload" });
    const before = await researchCounts(prisma());
    expect(
      await relateObjects(running.service.url, token, { from: b.accession, to: a.accession, type: "DEPENDS_ON" }),
    ).toMatchObject({ __typename: "ResearchRelationCycleError", relationType: "DEPENDS_ON" });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it.each(CYCLES_ALLOWED)("allows %s both ways", async (type) => {
    const [a, b] = [await record(), await record()];
    expect(await relateObjects(running.service.url, token, { from: a.accession, to: b.accession, type })).toMatchObject(
      { __typename: "RelateResearchPayload" },
    );
    expect(await relateObjects(running.service.url, token, { from: b.accession, to: a.accession, type })).toMatchObject(
      { __typename: "RelateResearchPayload" },
    );
  });

  it("refuses a self relation, a duplicate relation and a relation across problems, writing nothing", async () => {
    const [a, b] = [await record(), await record()];
    await relateObjects(running.service.url, token, { from: a.accession, to: b.accession, type: "SUPPORTS" });
    const elsewhere = await recordObject(
      running.service.url,
      token,
      (await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:3" })).id,
    );
    const before = await researchCounts(prisma());
    expect(
      await relateObjects(running.service.url, token, { from: a.accession, to: a.slug, type: "SUPPORTS" }),
    ).toMatchObject({ __typename: "ResearchInvalidInputError", code: "SELF_RELATION" });
    expect(
      await relateObjects(running.service.url, token, { from: a.accession, to: b.accession, type: "SUPPORTS" }),
    ).toMatchObject({ __typename: "ResearchConflictError", code: "RELATION_EXISTS" });
    expect(
      await relateObjects(running.service.url, token, { from: a.accession, to: elsewhere.accession, type: "CITES" }),
    ).toMatchObject({ __typename: "ResearchInvalidInputError", code: "CROSS_TARGET_RELATION" });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("refuses a recordResearch relation to an object of another problem, writing nothing", async () => {
    const elsewhere = await recordObject(
      running.service.url,
      token,
      (await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:4" })).id,
    );
    const before = await researchCounts(prisma());
    const error = await mutateExpectingError(
      running.service.url,
      RECORD_RESEARCH,
      buildResearchInput(project.id, { relations: [{ type: "SUPPORTS", target: elsewhere.accession }] }),
      token,
    );
    expect(error).toMatchObject({ __typename: "ResearchInvalidInputError", code: "CROSS_TARGET_RELATION" });
    expect(await researchCounts(prisma())).toEqual(before);
  });

  it("supersedes an object: state, edge, event, manifest and an ineligible sparse document", async () => {
    const [old, replacement] = [await record(), await record()];
    const before = await researchCounts(prisma());
    const result = await supersedeObject(running.service.url, token, {
      target: old.accession,
      supersededBy: replacement.accession,
      reason: "tighter bound",
    });
    expect(result).toMatchObject({
      __typename: "ResearchObjectPayload",
      replayed: false,
      researchObject: {
        accession: old.accession,
        state: "SUPERSEDED",
        supersededBy: { superseding: { accession: replacement.accession } },
      },
    });
    const manifest = (await fetchResearchObject(running.service.url, old.accession))!.manifest;
    expect(manifest).toMatchObject({ state: "SUPERSEDED", supersededBy: replacement.accession });
    expect((await fetchResearchObject(running.service.url, replacement.accession))!.manifest.supersedes).toEqual([
      old.accession,
    ]);
    const row = await prisma().researchObject.findFirstOrThrow({ where: { slug: old.slug } });
    const document = await prisma().sparseDocument.findFirstOrThrow({
      where: { view: RESEARCH_SPARSE_VIEW, documentId: row.id },
    });
    expect(document.eligible).toBe(false);
    const event = await prisma().changeEvent.findFirstOrThrow({
      where: { eventType: "research.superseded", resourceId: row.id },
    });
    expect(event).toMatchObject({
      routingTargetId: row.routingTargetId,
      payloadVersion: 1,
      payload: { superseded: old.accession, supersededBy: replacement.accession, reason: "tighter bound" },
    });
    expect(await researchCounts(prisma())).toMatchObject({
      supersessions: before.supersessions + 1,
      events: before.events + 1,
      objects: before.objects,
    });
  });

  it("supersedes through recordResearch's `supersedes` in the same write", async () => {
    const old = await record();
    const replacement = await record({ supersedes: [old.accession] });
    expect((await fetchResearchObject(running.service.url, old.accession))!).toMatchObject({
      state: "SUPERSEDED",
      supersededBy: { superseding: { accession: replacement.accession } },
    });
  });

  it("refuses to supersede an already superseded object (or to supersede by one), writing nothing", async () => {
    const [old, first, second] = [await record(), await record(), await record()];
    await supersedeObject(running.service.url, token, { target: old.accession, supersededBy: first.accession });
    const before = await researchCounts(prisma());
    expect(
      await supersedeObject(running.service.url, token, { target: old.accession, supersededBy: second.accession }),
    ).toMatchObject({
      __typename: "ResearchAlreadySupersededError",
      code: "ALREADY_SUPERSEDED",
      accession: old.accession,
    });
    expect(
      await supersedeObject(running.service.url, token, { target: second.accession, supersededBy: old.accession }),
    ).toMatchObject({ __typename: "ResearchAlreadySupersededError" });
    const viaRecord = await mutateExpectingError(
      running.service.url,
      RECORD_RESEARCH,
      buildResearchInput(project.id, { supersedes: [old.accession] }),
      token,
    );
    expect(viaRecord).toMatchObject({ __typename: "ResearchAlreadySupersededError", code: "ALREADY_SUPERSEDED" });
    expect(
      await supersedeObject(running.service.url, token, { target: second.accession, supersededBy: second.accession }),
    ).toMatchObject({ code: "SELF_SUPERSESSION" });
    expect(await researchCounts(prisma())).toEqual(before);
    expect((await fetchResearchObject(running.service.url, second.accession))!.state).toBe("CURRENT");
  });

  it("lets only one of two concurrent supersessions of one object win", async () => {
    const [old, first, second] = [await record(), await record(), await record()];
    const results = await Promise.all([
      supersedeObject(running.service.url, token, { target: old.accession, supersededBy: first.accession }),
      supersedeObject(running.service.url, token, { target: old.accession, supersededBy: second.accession }),
    ]);
    expect(results.map((result) => result.__typename).sort()).toEqual([
      "ResearchAlreadySupersededError",
      "ResearchObjectPayload",
    ]);
    const row = await prisma().researchObject.findFirstOrThrow({ where: { slug: old.slug } });
    expect(await prisma().changeEvent.count({ where: { eventType: "research.superseded", resourceId: row.id } })).toBe(
      1,
    );
  });
});
