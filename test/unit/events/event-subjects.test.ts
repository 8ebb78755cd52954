// Shared event subjects: every subscriber a notice reaches takes the subjects of one load (one query per
// table), a replay after the sharing window reads again, other row objects load their own, a failure is retried.
import { describe, expect, it } from "vitest";
import type { ChangeEventRow } from "../../../src/events/change-events.js";
import { SharedEventSubjects } from "../../../src/events/event-subjects.js";
import type { PrismaClient } from "../../../src/generated/prisma/client.js";

function fakeDatabase() {
  const queries: string[] = [];
  let failNext = false;
  const table = (name: string, rows: Record<string, unknown>[]) => ({
    async findMany({ where }: { where: { id: { in: string[] } } }) {
      queries.push(name);
      if (failNext) {
        failNext = false;
        throw new Error("connection lost");
      }
      return rows.filter((row) => where.id.in.includes(row.id as string));
    },
  });
  const titles = { current: "First title" };
  const prisma = {
    researchObject: {
      async findMany(args: { where: { id: { in: string[] } } }) {
        return table("research_objects", [
          { id: "o1", accession: 7n, kind: "LEMMA", title: titles.current, state: "ACTIVE" },
        ]).findMany(args);
      },
    },
    project: table("projects", [{ id: "p1", name: "Project one" }]),
    problem: table("problems", [{ id: "t1", stableId: "cp:erdos:1", title: "Erdős 1" }]),
  } as unknown as PrismaClient;
  return { prisma, queries, titles, failNextQuery: () => (failNext = true) };
}

const row = (): ChangeEventRow => ({
  sequence: 1n,
  routingTargetId: "t1",
  projectId: "p1",
  resourceType: "research_object",
  resourceId: "o1",
  eventType: "research.recorded",
  payloadVersion: 1,
  payload: {},
  operatorId: null,
  createdAt: new Date(),
});

describe("SharedEventSubjects", () => {
  it("loads the subjects of one event once for two hundred concurrent subscribers", async () => {
    const database = fakeDatabase();
    const subjects = new SharedEventSubjects(database.prisma);
    const event = row();
    const loaded = await Promise.all(Array.from({ length: 200 }, () => subjects.load([event])));
    expect(database.queries.sort()).toEqual(["problems", "projects", "research_objects"]);
    expect(new Set(loaded.map((batch) => JSON.stringify(batch))).size).toBe(1);
    expect(loaded[0]![0]).toMatchObject({ title: "First title", accession: "R7", projectName: "Project one" });
    // A subscriber a moment later still shares it.
    await subjects.load([event]);
    expect(database.queries).toHaveLength(3);
  });

  it("reads again for a replay after the sharing window, so a renamed title shows", async () => {
    const database = fakeDatabase();
    let now = 0;
    const subjects = new SharedEventSubjects(database.prisma, () => now);
    const event = row();
    expect((await subjects.load([event]))[0]!.title).toBe("First title");
    database.titles.current = "Renamed";
    now = 5_000;
    expect((await subjects.load([event]))[0]!.title).toBe("Renamed");
    expect(database.queries).toHaveLength(6);
  });

  it("loads rows it has not handed out (a catch-up read's own objects) on their own", async () => {
    const database = fakeDatabase();
    const subjects = new SharedEventSubjects(database.prisma);
    await subjects.load([row()]);
    await subjects.load([row()]);
    expect(database.queries).toHaveLength(6);
  });

  it("lets the next caller retry after a failed load", async () => {
    const database = fakeDatabase();
    const subjects = new SharedEventSubjects(database.prisma);
    const event = row();
    database.failNextQuery();
    await expect(subjects.load([event])).rejects.toThrow("connection lost");
    expect((await subjects.load([event]))[0]!.title).toBe("First title");
  });
});
