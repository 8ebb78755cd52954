// The shared change feed: one table read per notice however many subscribers wait, every event
// delivered once and in order to each, and a subscriber far behind the buffer catching up from the table.
import { describe, expect, it } from "vitest";
import { ChangeFeed } from "../../../src/events/change-feed.js";
import type { ChangeEventRow } from "../../../src/events/change-events.js";
import { streamEvents } from "../../../src/events/event-stream.js";
import { createNotifier } from "../../../src/events/notifier.js";
import type pg from "pg";
import type { PrismaClient } from "../../../src/generated/prisma/client.js";
import { createLogger } from "../../../src/logger.js";

type Where = { sequence: { gt: bigint }; routingTargetId?: string };

/** The notifier of an embedded database: notices stay in this process, nothing is listened to. */
function inProcessNotifier() {
  return createNotifier({
    kind: "embedded",
    pool: null as never,
    connectionString: "",
    logger: createLogger("silent"),
  });
}

/** A change table in memory, counting the reads that reach it. */
function fakeTable() {
  const rows: ChangeEventRow[] = [];
  const reads: Where[] = [];
  const prisma = {
    changeEvent: {
      async findMany({ where, take }: { where: Where; take: number }) {
        reads.push(where);
        return rows
          .filter(
            (row) =>
              row.sequence > where.sequence.gt &&
              (!where.routingTargetId || row.routingTargetId === where.routingTargetId),
          )
          .slice(0, take);
      },
    },
    // headSequence's one query: `SELECT max(sequence)::text AS head FROM change_events`.
    async $queryRaw() {
      return [{ head: rows.at(-1)?.sequence.toString() ?? null }];
    },
  } as unknown as PrismaClient;
  // The feed's own read of new rows (nextEvents on the pool): $1 the feed's head, $2 the end of its batch.
  const pool = {
    async query({ text, values }: { text: string; values: [string, string] }) {
      if (!text.includes("FROM change_events e WHERE e.sequence >")) throw new Error(`unexpected statement ${text}`);
      const [after, through] = values.map(BigInt) as [bigint, bigint];
      reads.push({ sequence: { gt: after } });
      return {
        rows: rows
          .filter((row) => row.sequence > after && row.sequence <= through)
          .map(({ sequence, createdAt, ...row }) => ({
            ...row,
            sequence: sequence.toString(),
            createdMs: createdAt.getTime(),
          })),
      };
    },
  } as unknown as pg.Pool;
  const append = (routingTargetId: string) => {
    const sequence = BigInt(rows.length + 1);
    rows.push({
      sequence,
      routingTargetId,
      projectId: null,
      resourceType: "t",
      resourceId: String(sequence),
      eventType: "e",
      payloadVersion: 1,
      payload: {},
      operatorId: null,
      createdAt: new Date(),
    });
    return sequence;
  };
  return { prisma, pool, reads, append };
}

async function take(stream: AsyncGenerator<ChangeEventRow>, count: number): Promise<bigint[]> {
  const seen: bigint[] = [];
  for await (const row of stream) {
    seen.push(row.sequence);
    if (seen.length >= count) break;
  }
  return seen;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("ChangeFeed", () => {
  it("reads the table once per notice for fifty waiting subscribers", async () => {
    const table = fakeTable();
    const notifier = await inProcessNotifier();
    const feed = new ChangeFeed(table.prisma, table.pool, notifier, createLogger("silent"));
    await feed.start();
    const controller = new AbortController();
    const subscribers = Array.from({ length: 50 }, () =>
      take(streamEvents({ prisma: table.prisma, feed, afterSequence: 0n, signal: controller.signal }), 2),
    );
    await settle();
    const before = table.reads.length;
    await notifier.publish(table.append("a"));
    await settle();
    await notifier.publish(table.append("b"));
    const delivered = await Promise.all(subscribers);
    expect(delivered.every((sequences) => sequences.join() === "1,2")).toBe(true);
    // Each notice: one read that finds the row; a read coming back short ends it.
    expect(table.reads.length - before).toBe(2);
    expect(feed.counts()).toEqual({ notices: 2, tableReads: 3 }); // the start's read, then one per notice
    feed.stop();
  });

  it("hands each subscriber exactly the buffered rows after its own cursor", async () => {
    const table = fakeTable();
    const notifier = await inProcessNotifier();
    const feed = new ChangeFeed(table.prisma, table.pool, notifier, createLogger("silent"));
    await feed.start();
    for (let index = 0; index < 9; index += 1) await notifier.publish(table.append(index % 2 ? "a" : "b"));
    await settle();
    const everything = () => true;
    for (let cursor = 0n; cursor <= 10n; cursor += 1n) {
      const expected = Array.from({ length: 9 }, (_, index) => BigInt(index + 1)).filter(
        (sequence) => sequence > cursor,
      );
      expect(feed.rowsAfter(cursor, everything)!.rows.map((row) => row.sequence)).toEqual(expected);
    }
    expect(feed.rowsAfter(2n, (row) => row.routingTargetId === "a", 2)).toMatchObject({ upTo: 6n });
    feed.stop();
  });

  it("serves a filtered subscriber from memory and moves its cursor past events it does not want", async () => {
    const table = fakeTable();
    const notifier = await inProcessNotifier();
    const feed = new ChangeFeed(table.prisma, table.pool, notifier, createLogger("silent"));
    await feed.start();
    const wanted = take(
      streamEvents({ prisma: table.prisma, feed, afterSequence: 0n, filter: { routingTargetId: "b" } }),
      2,
    );
    for (const target of ["a", "b", "a", "a", "b"]) await notifier.publish(table.append(target));
    expect(await wanted).toEqual([2n, 5n]);
    feed.stop();
  });

  it("lets a subscriber resuming from before the buffer catch up from the table, with no gap or duplicate", async () => {
    const table = fakeTable();
    const notifier = await inProcessNotifier();
    for (let index = 0; index < 30; index += 1) table.append(index % 3 === 0 ? "x" : "y");
    const feed = new ChangeFeed(table.prisma, table.pool, notifier, createLogger("silent"), 5);
    await feed.start();
    for (let index = 0; index < 12; index += 1) await notifier.publish(table.append("y"));
    await settle();
    const all = await take(streamEvents({ prisma: table.prisma, feed, afterSequence: 3n, batchSize: 4 }), 39);
    expect(all).toEqual(Array.from({ length: 39 }, (_, index) => BigInt(index + 4)));
    const filtered = take(
      streamEvents({ prisma: table.prisma, feed, afterSequence: 0n, filter: { routingTargetId: "x" }, batchSize: 4 }),
      11,
    );
    await notifier.publish(table.append("x"));
    expect(await filtered).toEqual([...Array.from({ length: 10 }, (_, index) => BigInt(index * 3 + 1)), 43n]);
    feed.stop();
  });

  it("ends a waiting subscriber when its signal aborts", async () => {
    const table = fakeTable();
    const notifier = await inProcessNotifier();
    const feed = new ChangeFeed(table.prisma, table.pool, notifier, createLogger("silent"));
    const controller = new AbortController();
    const waiting = take(streamEvents({ prisma: table.prisma, feed, afterSequence: 0n, signal: controller.signal }), 1);
    await settle();
    controller.abort();
    expect(await waiting).toEqual([]);
    feed.stop();
  });
});
