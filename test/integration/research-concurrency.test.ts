// Concurrent writers: R accessions, S accessions and event sequences come from locked counter rows,
// so parallel writes get exactly 1..N with no gap or duplicate, every event sequence is contiguous,
// and the inline view's high-water mark ends at the head of the stream.
import { beforeAll, describe, expect, it } from "vitest";
import { importCatalogue } from "../../src/features/catalogue/domain/import-catalogue.js";
import { RESEARCH_SPARSE_VIEW } from "../../src/features/research/projection/research-documents.js";
import { testDatabaseTargets, useTestService } from "../helpers/databases.js";
import { buildCatalogueProblem } from "../factories/catalogue.js";
import { createOperatorWithToken } from "../factories/operators.js";
import { createProjectFor, addProjectMembers } from "../factories/projects.js";
import { buildResearchInput, recordObject, relateObjects, supersedeObject } from "../factories/research.js";
import { RECORD_RESEARCH, type ProjectResult, type ResearchObjectResult } from "../helpers/documents/research.js";
import { isContiguous } from "../helpers/event-collector.js";
import { isTypedError, mutate } from "../helpers/mutations.js";
import { accessionNumber, headSequence } from "../helpers/research-rows.js";
import { createProjectionRegistry } from "../../src/projectors.js";

const { inlineViews } = createProjectionRegistry();

const PARALLEL_WRITES = 48;

describe.each(testDatabaseTargets())("concurrent research writers ($name database)", (target) => {
  const running = useTestService(target);
  let tokens: string[];
  let projects: ProjectResult[];
  const prisma = () => running.service.services.db.prisma;

  beforeAll(async () => {
    const operators = await Promise.all(Array.from({ length: 4 }, () => createOperatorWithToken(prisma(), "AGENT")));
    tokens = operators.map((created) => created.token);
    projects = await Promise.all(
      ["cp:erdos:1", "cp:erdos:3", "cp:erdos:4", "cp:erdos:1"].map((problemRef, index) =>
        createProjectFor(running.service.url, tokens[index]!, { problemRef }),
      ),
    );
    // The writers below write into each other's projects: each owner lets the other three in.
    for (const [index, project] of projects.entries()) {
      await addProjectMembers(
        running.service.url,
        tokens[index]!,
        project.id,
        operators.filter((_, other) => other !== index).map((created) => created.operator.name),
      );
    }
  });

  const allSequences = async () =>
    (await prisma().changeEvent.findMany({ select: { sequence: true }, orderBy: { sequence: "asc" } })).map(
      (row) => row.sequence,
    );

  it(`gives ${PARALLEL_WRITES} parallel recordResearch calls exactly the accessions 1..${PARALLEL_WRITES}`, async () => {
    expect(await prisma().researchObject.count()).toBe(0);
    const results = await Promise.all(
      Array.from({ length: PARALLEL_WRITES }, (_, index) =>
        mutate<{ researchObject: ResearchObjectResult }>(
          running.service.url,
          RECORD_RESEARCH,
          buildResearchInput(projects[index % 4]!.id),
          tokens[index % 4],
        ),
      ),
    );
    const accessions = results.map((result) => {
      if (isTypedError(result)) throw new Error(`${result.code}: ${result.message}`);
      return accessionNumber(result.researchObject.accession);
    });
    expect([...accessions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: PARALLEL_WRITES }, (_, index) => index + 1),
    );
    const rows = await prisma().researchObject.findMany({
      select: { accession: true, createdAt: true, id: true },
      orderBy: { accession: "asc" },
    });
    expect(rows.map((row) => row.accession)).toEqual(Array.from({ length: PARALLEL_WRITES }, (_, index) => index + 1));
    expect((await prisma().counter.findUniqueOrThrow({ where: { name: "research_accession" } })).value).toBe(
      BigInt(PARALLEL_WRITES),
    );

    const sequences = await allSequences();
    expect(sequences[0]).toBe(1n);
    expect(isContiguous(sequences)).toBe(true);
    const recorded = await prisma().changeEvent.findMany({
      where: { eventType: "research.recorded" },
      orderBy: { sequence: "asc" },
    });
    expect(recorded).toHaveLength(PARALLEL_WRITES);
    // Accessions and sequences are both taken under locks held to commit, so they agree in order.
    expect(recorded.map((event) => (event.payload as { accession: string }).accession)).toEqual(
      rows.map((row) => `R${row.accession}`),
    );
  });

  it("keeps the stream contiguous under mixed concurrent writes, with the inline view at the head", async () => {
    const base = await Promise.all(
      Array.from({ length: 8 }, (_, index) => recordObject(running.service.url, tokens[index % 4]!, projects[0]!.id)),
    );
    const outcomes = await Promise.all([
      ...base.slice(1, 4).map((object, index) =>
        relateObjects(running.service.url, tokens[index]!, {
          from: object.accession,
          to: base[0]!.accession,
          type: "SUPPORTS",
        }),
      ),
      ...base.slice(4, 6).map((object, index) =>
        supersedeObject(running.service.url, tokens[index]!, {
          target: object.accession,
          supersededBy: base[7]!.accession,
        }),
      ),
      ...Array.from({ length: 6 }, (_, index) =>
        recordObject(running.service.url, tokens[index % 4]!, projects[(index % 2) * 3]!.id, {
          relations: [{ type: "CITES", target: base[6]!.accession }],
        }),
      ),
      ...Array.from({ length: 3 }, (_, index) =>
        createProjectFor(running.service.url, tokens[index]!, { problemRef: "cp:erdos:6" }),
      ),
    ]);
    expect(outcomes.filter(isTypedError)).toEqual([]);
    const sequences = await allSequences();
    expect(sequences[0]).toBe(1n);
    expect(isContiguous(sequences)).toBe(true);
    expect((await prisma().counter.findUniqueOrThrow({ where: { name: "change_event" } })).value).toBe(
      sequences[sequences.length - 1],
    );
    const accessions = (
      await prisma().researchObject.findMany({ select: { accession: true }, orderBy: { accession: "asc" } })
    ).map((row) => row.accession);
    expect(accessions[0]).toBe(1);
    expect(isContiguous(accessions)).toBe(true);
    const state = await prisma().projectionState.findFirstOrThrow({
      where: { view: RESEARCH_SPARSE_VIEW, status: "SERVING" },
    });
    expect(state.highWaterMark).toBe(sequences[sequences.length - 1]);
    expect(await prisma().sparseDocument.count({ where: { view: RESEARCH_SPARSE_VIEW } })).toBe(accessions.length);
  });

  it("hands out S accessions for statement families without gap or duplicate under concurrent imports", async () => {
    const before = await prisma().statementFamily.aggregate({ _max: { accession: true }, _count: true });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        importCatalogue({
          inlineViews,
          prisma: prisma(),
          problems: [buildCatalogueProblem(), buildCatalogueProblem()],
        }),
      ),
    );
    const families = (
      await prisma().statementFamily.findMany({ select: { accession: true }, orderBy: { accession: "asc" } })
    ).map((row) => row.accession);
    expect(families).toHaveLength(before._count + 12);
    expect(families[0]).toBe(1);
    expect(isContiguous(families)).toBe(true);
    expect(families[families.length - 1]).toBe((before._max.accession ?? 0) + 12);
    expect(isContiguous(await allSequences())).toBe(true);
  });

  // The ordering guarantee the change feed, the projection worker and the rebuilds rely on (docs/operations.md,
  // "Ordering of writes"): an event becomes visible only after every event with a lower sequence, so a reader
  // that takes "all events after my cursor" never sees a gap that a later commit fills, and never skips one.
  it("never lets a reader see an event before every lower one is visible (concurrent writers, both write paths)", async () => {
    const head = await headSequence(prisma());
    const base = await Promise.all(
      Array.from({ length: 4 }, (_, index) => recordObject(running.service.url, tokens[index]!, projects[0]!.id)),
    );
    const start = await headSequence(prisma());
    let cursor = start;
    let writing = true;
    const seen: bigint[] = [];
    const gaps: string[] = [];
    const reader = (async () => {
      // Reads like ChangeFeed.readNew: everything after the cursor, in order; the cursor moves to the last row.
      while (writing || cursor < (await headSequence(prisma()))) {
        const rows = await prisma().changeEvent.findMany({
          where: { sequence: { gt: cursor } },
          select: { sequence: true },
          orderBy: { sequence: "asc" },
        });
        for (const row of rows) {
          if (row.sequence !== cursor + 1n) gaps.push(`after ${cursor} saw ${row.sequence}`);
          seen.push(row.sequence);
          cursor = row.sequence;
        }
      }
    })();
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let index = 0; index < 6; index += 1) {
        // Plain writes take the autocommit statement; writes with supersessions a transaction ending in it.
        const overrides =
          index === 3
            ? { supersedes: [base[writer]!.accession] }
            : index === 4
              ? { relations: [{ type: "CITES", target: base[(writer + 1) % 4]!.accession }] }
              : {};
        await recordObject(running.service.url, tokens[writer]!, projects[writer % 2 === 0 ? 0 : 3]!.id, overrides);
      }
    });
    const others = [
      createProjectFor(running.service.url, tokens[0]!, { problemRef: "cp:erdos:7" }),
      relateObjects(running.service.url, tokens[1]!, {
        from: base[1]!.accession,
        to: base[2]!.accession,
        type: "SUPPORTS",
      }),
    ];
    const outcomes = await Promise.all([...writers, ...others]);
    expect(outcomes.filter(isTypedError)).toEqual([]);
    writing = false;
    await reader;
    expect(gaps).toEqual([]);
    const written = (
      await prisma().changeEvent.findMany({
        where: { sequence: { gt: head } },
        select: { sequence: true },
        orderBy: { sequence: "asc" },
      })
    ).map((row) => row.sequence);
    expect(isContiguous(written)).toBe(true);
    expect(seen).toEqual(written.filter((sequence) => sequence > start));
    // Accessions follow the same order as the events that announce them.
    const recorded = await prisma().changeEvent.findMany({
      where: { sequence: { gt: head }, eventType: "research.recorded" },
      orderBy: { sequence: "asc" },
    });
    const announced = recorded.map((event) => accessionNumber((event.payload as { accession: string }).accession));
    expect(announced).toEqual([...announced].sort((a, b) => a - b));
    expect(isContiguous(announced)).toBe(true);
  });
});
