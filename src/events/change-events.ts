// The append-only change stream. Every accepted write calls appendEvents inside its own transaction;
// the notifier is told after commit, and readers always re-read the table (the notice only says "up to N").
import type { Prisma } from "../generated/prisma/client.js";
import type { TransactionClient } from "../platform/db/transaction.js";
import { sql, type SqlRunner } from "../platform/db/sql.js";
import { allocate } from "./counters.js";

/** One row of the change table, as readers of the stream (feed, subscriptions, projectors) receive it. */
export type ChangeEventRow = Prisma.ChangeEventGetPayload<object>;

/**
 * The views written in the same transaction as the events that change them. Every append moves their
 * high-water marks to its last sequence, inside the writing transaction, so they never lag the stream.
 * The projection registry service.ts builds provides it; the change stream imports no projector.
 */
export interface InlineViews {
  /** Their names, for a write path that appends in its own SQL statement (record-research.statement.ts). */
  readonly names: readonly string[];
  /** Every event up to `sequence` is incorporated by the inline views. */
  advance(tx: TransactionClient, sequence: bigint): Promise<void>;
  /**
   * The view's state row and read pointer exist on this database before a write path's own statement reads
   * the pointer (record-research.statement.ts); checked once per client by the object that owns this.
   */
  prepare(client: TransactionClient, view: string): Promise<void>;
}

export interface NewChangeEvent {
  routingTargetId: string | null;
  projectId?: string | null;
  resourceType: string;
  resourceId: string;
  eventType: string;
  payloadVersion?: number;
  payload: Prisma.InputJsonValue;
  operatorId?: string | null;
}

export const CURRENT_PAYLOAD_VERSION = 1;

/** Appends events with consecutive sequences and advances the inline views; returns the last sequence written. */
export async function appendEvents(
  tx: TransactionClient,
  events: NewChangeEvent[],
  inlineViews: InlineViews,
): Promise<bigint | null> {
  if (events.length === 0) return null;
  const first = await allocate(tx, "change_event", events.length);
  await tx.changeEvent.createMany({
    data: events.map((event, index) => ({
      sequence: first + BigInt(index),
      routingTargetId: event.routingTargetId,
      projectId: event.projectId ?? null,
      resourceType: event.resourceType,
      resourceId: event.resourceId,
      eventType: event.eventType,
      payloadVersion: event.payloadVersion ?? CURRENT_PAYLOAD_VERSION,
      payload: event.payload,
      operatorId: event.operatorId ?? null,
    })),
  });
  const last = first + BigInt(events.length - 1);
  await inlineViews.advance(tx, last);
  return last;
}

export async function appendEvent(
  tx: TransactionClient,
  event: NewChangeEvent,
  inlineViews: InlineViews,
): Promise<bigint> {
  return (await appendEvents(tx, [event], inlineViews))!;
}

interface HeadRow {
  head: string | null;
}

/**
 * The last sequence written, unawaited so a batch transaction can hold it (read it with `headOf`). Not
 * Prisma's `aggregate({ _max })`: that wraps the table in an OFFSET subquery, which PostgreSQL answers
 * with a full scan, a cost that grows with the history; plain max() is one step down the primary key.
 */
export function headSequenceQuery(client: Pick<TransactionClient, "$queryRaw">) {
  return client.$queryRaw<HeadRow[]>`SELECT max(sequence)::text AS head FROM change_events`;
}

/** `headSequenceQuery`'s answer as a sequence; 0 for an empty stream. */
export function headOf(rows: readonly HeadRow[]): bigint {
  return BigInt(rows[0]?.head ?? 0);
}

/** The last sequence written (0 for an empty stream), in one index step. */
export async function headSequence(client: Pick<TransactionClient, "$queryRaw">): Promise<bigint> {
  return headOf(await headSequenceQuery(client));
}

/** An event as the statements below select it (alias `e`): bigints as text, times as epoch milliseconds (see sql.ts). */
export const EVENT_COLUMNS = sql`e.sequence::text AS sequence, e.routing_target_id::text AS "routingTargetId",
           e.project_id::text AS "projectId", e.resource_type AS "resourceType", e.resource_id AS "resourceId",
           e.event_type AS "eventType", e.payload_version AS "payloadVersion", e.payload, e.operator_id::text AS "operatorId",
           (extract(epoch FROM e.created_at) * 1000)::float8 AS "createdMs"`;

export type EventColumns = Omit<ChangeEventRow, "sequence" | "createdAt"> & { sequence: string; createdMs: number };

/**
 * The rows (in sequence order) as events, up to the first gap after `mark`: a gap means a later event is
 * visible before an earlier one, and a reader that skipped it would never see it.
 */
export function contiguousEvents(rows: readonly EventColumns[], mark: bigint): ChangeEventRow[] {
  const run: ChangeEventRow[] = [];
  for (const { sequence, createdMs, ...row } of rows) {
    if (BigInt(sequence) !== mark + BigInt(run.length) + 1n) break;
    run.push({ ...row, sequence: BigInt(sequence), createdAt: new Date(createdMs) });
  }
  return run;
}

/** The contiguous run of at most `batchSize` events after `mark`. */
export async function nextEvents(tx: SqlRunner, mark: bigint, batchSize: number): Promise<ChangeEventRow[]> {
  const rows = await tx.query<EventColumns>(sql`
    SELECT ${EVENT_COLUMNS}
    FROM change_events e WHERE e.sequence > ${mark.toString()}::bigint AND e.sequence <= ${(mark + BigInt(batchSize)).toString()}::bigint
    ORDER BY e.sequence`);
  return contiguousEvents(rows, mark);
}
