// When the database-maintenance keeper checks: at most once per interval after commits, never in the first
// interval after it starts, never after stop, and a failed check is reported and retried after the next interval;
// and what it sends for the tables the catalogue query names and for the WAL past the last checkpoint.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { DatabaseMaintenance, type MaintenanceConnection } from "../../../src/platform/db/database-maintenance.js";

/**
 * A database whose catalogue query names `due` (a leading `!` marks a table to vacuum) and whose WAL is
 * `walBytes` past its last checkpoint; it records each statement (the two reads by name).
 */
function fakeDatabase(due: string[] = ["public.research_objects"], failing = false, walBytes = 0) {
  const statements: string[] = [];
  const connection: MaintenanceConnection = {
    async query<R extends pg.QueryResultRow>(text: string) {
      const wal = text.includes("pg_control_checkpoint");
      statements.push(text.includes("pg_class") ? "catalogue" : wal ? "wal" : text.trim());
      if (failing) throw new Error("connection lost");
      const rows = wal
        ? [{ bytes: walBytes }]
        : text.includes("pg_class")
          ? due.map((name) => ({ name: name.replace(/^!/, ""), vacuum: name.startsWith("!") }))
          : [];
      return { rows } as unknown as pg.QueryResult<R>;
    },
  };
  return { connection, statements };
}

function keeperAt(connection: MaintenanceConnection, errors: Error[] = []) {
  const clock = { now: 0 };
  const keeper = new DatabaseMaintenance(connection, {
    checkIntervalMs: 2_000,
    now: () => clock.now,
    onError: (error) => errors.push(error),
  });
  return { keeper, clock };
}

describe("DatabaseMaintenance", () => {
  it("checks at most once per interval after commits, starting one interval after it was made", async () => {
    const { connection, statements } = fakeDatabase();
    const { keeper, clock } = keeperAt(connection);
    keeper.afterCommit();
    clock.now = 1_999;
    keeper.afterCommit();
    await keeper.stop();
    expect(statements).toEqual([]);

    const second = keeperAt(connection);
    second.clock.now = 2_000;
    second.keeper.afterCommit();
    second.clock.now = 3_999;
    second.keeper.afterCommit();
    await second.keeper.stop();
    expect(statements).toEqual(["catalogue", "ANALYZE (SKIP_LOCKED) public.research_objects"]);
  });

  it("analyses only the tables the catalogue query names, and sends no ANALYZE when none grew", async () => {
    const grown = fakeDatabase(["public.checkpoints", "public.research_objects"]);
    expect(await keeperAt(grown.connection).keeper.maintain()).toEqual({
      checkpointed: false,
      vacuumed: [],
      analysed: ["public.checkpoints", "public.research_objects"],
    });
    expect(grown.statements).toEqual([
      "catalogue",
      "ANALYZE (SKIP_LOCKED) public.checkpoints, public.research_objects",
    ]);
    const none = fakeDatabase([]);
    expect(await keeperAt(none.connection).keeper.maintain()).toEqual({
      checkpointed: false,
      vacuumed: [],
      analysed: [],
    });
    expect(none.statements).toEqual(["catalogue"]);
  });

  it("vacuums (and so analyses) the tables named for their dead rows, and analyses the grown ones apart", async () => {
    const due = fakeDatabase(["!public.checkpoint_heads", "!public.checkpoints", "public.research_objects"]);
    expect(await keeperAt(due.connection).keeper.maintain()).toEqual({
      checkpointed: false,
      vacuumed: ["public.checkpoint_heads", "public.checkpoints"],
      analysed: ["public.research_objects"],
    });
    expect(due.statements).toEqual([
      "catalogue",
      "VACUUM (ANALYZE, SKIP_LOCKED) public.checkpoint_heads, public.checkpoints",
      "ANALYZE (SKIP_LOCKED) public.research_objects",
    ]);
  });

  it("checks again after the next interval, and not after stop", async () => {
    const { connection, statements } = fakeDatabase();
    const { keeper, clock } = keeperAt(connection);
    for (const at of [2_000, 2_500, 4_100, 4_200]) {
      clock.now = at;
      keeper.afterCommit();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(statements.filter((text) => text.startsWith("ANALYZE"))).toHaveLength(2);
    await keeper.stop();
    clock.now = 10_000;
    keeper.afterCommit();
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements.filter((text) => text.startsWith("ANALYZE"))).toHaveLength(2);
  });

  it("reports a failed check without throwing at the committer, and retries after the next interval", async () => {
    const { connection, statements } = fakeDatabase(["public.research_objects"], true);
    const errors: Error[] = [];
    const { keeper, clock } = keeperAt(connection, errors);
    clock.now = 2_000;
    expect(() => keeper.afterCommit()).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    clock.now = 4_000;
    keeper.afterCommit();
    await keeper.stop();
    expect(errors.map((error) => error.message)).toEqual(["connection lost", "connection lost"]);
    expect(statements).toHaveLength(2);
  });

  it("checkpoints once the WAL past the last checkpoint reaches the limit; the tables wait a check", async () => {
    const limit = 64 * 1024 * 1024;
    const options = { checkpointAfterWalBytes: limit, onError: (error: Error) => expect(error).toBeUndefined() };
    const due = fakeDatabase(["public.checkpoints"], false, limit);
    expect(await new DatabaseMaintenance(due.connection, options).maintain()).toEqual({
      checkpointed: true,
      vacuumed: [],
      analysed: [],
    });
    expect(due.statements).toEqual(["wal", "CHECKPOINT"]);

    const short = fakeDatabase(["public.checkpoints"], false, limit - 1);
    expect(await new DatabaseMaintenance(short.connection, options).maintain()).toEqual({
      checkpointed: false,
      vacuumed: [],
      analysed: ["public.checkpoints"],
    });
    expect(short.statements).toEqual(["wal", "catalogue", "ANALYZE (SKIP_LOCKED) public.checkpoints"]);

    // Without the option (a server, whose checkpointer does it) the WAL is not read.
    const server = fakeDatabase([], false, limit * 10);
    await keeperAt(server.connection).keeper.maintain();
    expect(server.statements).toEqual(["catalogue"]);
  });
});
