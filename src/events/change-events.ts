// The append-only change stream. Every accepted write calls appendEvents inside its own transaction;
// the notifier is told after commit, and readers always re-read the table (the notice only says "up to N").
import type { Prisma } from "../generated/prisma/client.js";
import type { TransactionClient } from "../platform/db/transaction.js";
import { allocate } from "./counters.js";
import { advanceInlineViews } from "../projections/projection-state.js";

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

/** Appends events with consecutive sequences; returns the last sequence written. */
export async function appendEvents(tx: TransactionClient, events: NewChangeEvent[]): Promise<bigint | null> {
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
  await advanceInlineViews(tx, last);
  return last;
}

export async function appendEvent(tx: TransactionClient, event: NewChangeEvent): Promise<bigint> {
  return (await appendEvents(tx, [event]))!;
}
