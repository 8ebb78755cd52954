// Several research-object refs resolve in one read (findResearchObjects), each as findResearchObject resolves it
// alone: by uuid, Relay global id, accession, slug or content hash (the newest of the objects sharing it), in
// the order given, null where nothing matches. recordResearch resolves its relations' targets that way and keeps
// their checks in the order given.
import { beforeAll, describe, expect, it } from "vitest";
import { findResearchObject, findResearchObjects } from "../../src/features/research/domain/research-refs.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { createAgentProject, createProjectFor } from "../factories/projects.js";
import { buildResearchInput, recordObject } from "../factories/research.js";
import { RECORD_RESEARCH, type ProjectResult, type ResearchObjectResult } from "../helpers/documents/research.js";
import { mutateExpectingError } from "../helpers/mutations.js";
import { uniqueToken } from "../factories/unique-token.js";

describe.each(testDatabaseTargets())("research-object refs resolved together ($name database)", (target) => {
  const running = useTestService(target);
  const prisma = () => running.service.services.db.prisma;
  let token: string;
  let project: ProjectResult;
  let first: ResearchObjectResult;
  let second: ResearchObjectResult;
  let twin: ResearchObjectResult;

  beforeAll(async () => {
    ({ token, project } = await createAgentProject(running.service));
    const shared = { title: `Shared wording ${uniqueToken()}`, body: "The same text, recorded twice.", kind: "CLAIM" };
    first = await recordObject(running.service.url, token, project.id, shared);
    second = await recordObject(running.service.url, token, project.id);
    twin = await recordObject(running.service.url, token, project.id, shared);
  });

  it("answers each ref as it resolves alone, in the order given", async () => {
    const refs = [
      second.accession,
      first.id,
      `sha256:${first.contentHash}`,
      "R999999",
      second.slug.toUpperCase(),
      first.accession,
      "no-such-slug",
    ];
    const together = await findResearchObjects(prisma(), refs);
    const alone = await Promise.all(refs.map((ref) => findResearchObject(prisma(), ref)));
    expect(together).toEqual(alone);
    expect(together.map((object) => (object ? `R${object.accession}` : null))).toEqual([
      second.accession,
      first.accession,
      twin.accession,
      null,
      second.accession,
      first.accession,
      null,
    ]);
  });

  it("refuses relations in the order given: a missing target before a later one from another problem", async () => {
    const elsewhere = await createProjectFor(running.service.url, token, { problemRef: "cp:erdos:3" });
    const foreign = await recordObject(running.service.url, token, elsewhere.id);
    const relations = (targets: string[]) =>
      buildResearchInput(project.id, { relations: targets.map((ref) => ({ type: "SUPPORTS", target: ref })) });
    const missingFirst = await mutateExpectingError(
      running.service.url,
      RECORD_RESEARCH,
      relations([second.accession, "R999999", foreign.accession]),
      token,
    );
    expect(missingFirst).toMatchObject({ code: "NOT_FOUND" });
    const foreignFirst = await mutateExpectingError(
      running.service.url,
      RECORD_RESEARCH,
      relations([foreign.accession, "R999999"]),
      token,
    );
    expect(foreignFirst).toMatchObject({ code: "CROSS_TARGET_RELATION" });
  });
});
