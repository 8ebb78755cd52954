// Shared event subjects: every subscriber a notice reaches takes the subjects of one load (one statement),
// a replay after the sharing window reads again, other row objects load their own, a failure is retried.
import { describe, expect, it } from "vitest";
import type { ChangeEventRow } from "../../../src/events/change-events.js";
import { SharedEventSubjects } from "../../../src/events/event-subjects.js";
import type pg from "pg";

/** The pool the subjects are read from: one statement per load, answered from rows in memory. */
function fakeDatabase() {
  const queries: string[] = [];
  let failNext = false;
  const titles = { current: "First title" };
  const pool = {
    async query({ values }: { values: [string[], string[], string[]] }) {
      queries.push("subjects");
      if (failNext) {
        failNext = false;
        throw new Error("connection lost");
      }
      const [objectIds, projectIds, problemIds] = values;
      const objects = [{ id: "o1", accession: 7, kind: "LEMMA", title: titles.current, state: "ACTIVE" }];
      const projects = [{ id: "p1", name: "Project one" }];
      const problems = [{ id: "t1", stableId: "cp:erdos:1", title: "Erdős 1" }];
      return {
        rows: [
          {
            objects: objects.filter((object) => objectIds.includes(object.id)),
            projects: projects.filter((project) => projectIds.includes(project.id)),
            problems: problems.filter((problem) => problemIds.includes(problem.id)),
          },
        ],
      };
    },
  } as unknown as pg.Pool;
  return { pool, queries, titles, failNextQuery: () => (failNext = true) };
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
    const subjects = new SharedEventSubjects(database.pool);
    const event = row();
    const loaded = await Promise.all(Array.from({ length: 200 }, () => subjects.load([event])));
    expect(database.queries).toEqual(["subjects"]);
    expect(new Set(loaded.map((batch) => JSON.stringify(batch))).size).toBe(1);
    expect(loaded[0]![0]).toMatchObject({ title: "First title", accession: "R7", projectName: "Project one" });
    // A subscriber a moment later still shares it.
    await subjects.load([event]);
    expect(database.queries).toHaveLength(1);
  });

  it("reads again for a replay after the sharing window, so a renamed title shows", async () => {
    const database = fakeDatabase();
    let now = 0;
    const subjects = new SharedEventSubjects(database.pool, () => now);
    const event = row();
    expect((await subjects.load([event]))[0]!.title).toBe("First title");
    database.titles.current = "Renamed";
    now = 5_000;
    expect((await subjects.load([event]))[0]!.title).toBe("Renamed");
    expect(database.queries).toHaveLength(2);
  });

  it("loads rows it has not handed out (a catch-up read's own objects) on their own", async () => {
    const database = fakeDatabase();
    const subjects = new SharedEventSubjects(database.pool);
    await subjects.load([row()]);
    await subjects.load([row()]);
    expect(database.queries).toHaveLength(2);
  });

  it("lets the next caller retry after a failed load", async () => {
    const database = fakeDatabase();
    const subjects = new SharedEventSubjects(database.pool);
    const event = row();
    database.failNextQuery();
    await expect(subjects.load([event])).rejects.toThrow("connection lost");
    expect((await subjects.load([event]))[0]!.title).toBe("First title");
  });
});
