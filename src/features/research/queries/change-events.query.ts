// The change stream as the research subscriptions serve it: events filtered by problem (any exact ref)
// or project, each once in sequence order; `dashboardEvents` first replays the last few matching ones.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { ChangeFeed } from "../../../events/change-feed.js";
import type { ChangeEventRow } from "../../../events/change-events.js";
import { streamEventBatches, streamEvents, type EventFilter } from "../../../events/event-stream.js";
import { InvalidInputError, NotFoundError } from "../../../platform/errors/domain-error.js";
import { resolveProblemRef } from "../../identity/domain/resolve-problem-ref.js";
import { projectUuid } from "../domain/research-refs.js";

/** At most this many past events replayed by `dashboardEvents(replayLast:)`. */
export const MAX_REPLAY = 100;

export interface EventScope {
  problemRef?: string | null;
  projectId?: string | number | null;
}

/** The filter a `problemRef` / `projectId` pair asks for. */
async function eventFilter(prisma: PrismaClient, scope: EventScope): Promise<EventFilter> {
  let routingTargetId: string | undefined;
  if (scope.problemRef) {
    const resolution = await resolveProblemRef(prisma, scope.problemRef);
    if (!resolution.problemId)
      throw new NotFoundError(`No single problem matches ${scope.problemRef}`, scope.problemRef);
    routingTargetId = resolution.problemId;
  }
  const projectId = scope.projectId ? projectUuid(String(scope.projectId)) : undefined;
  return { ...(routingTargetId ? { routingTargetId } : {}), ...(projectId ? { projectId } : {}) };
}

interface StreamProps {
  prisma: PrismaClient;
  feed: ChangeFeed;
  scope: EventScope;
  signal: AbortSignal | undefined;
}

/** The last `replayLast` matching events (one batch), then every new one in the batches notices bring. */
export async function* dashboardEventBatches(
  props: StreamProps & { replayLast: number | null | undefined },
): AsyncGenerator<ChangeEventRow[]> {
  const { prisma, feed, signal } = props;
  const replay = props.replayLast ?? 0;
  if (!Number.isInteger(replay) || replay < 0 || replay > MAX_REPLAY)
    throw new InvalidInputError(`replayLast must be 0-${MAX_REPLAY}`, "replayLast");
  const filter = await eventFilter(prisma, props.scope);
  await feed.start();
  const head = feed.head();
  if (replay > 0) {
    const past = await prisma.changeEvent.findMany({
      where: { ...filter, sequence: { lte: head } },
      orderBy: { sequence: "desc" },
      take: replay,
    });
    if (past.length > 0) yield past.reverse();
  }
  yield* streamEventBatches({ prisma, feed, afterSequence: head, filter, signal });
}

/** Every matching event after `afterSequence` (default: from now), one at a time. */
export async function* researchEvents(
  props: StreamProps & { afterSequence: bigint | null | undefined },
): AsyncGenerator<ChangeEventRow> {
  const { prisma, feed, signal } = props;
  const filter = await eventFilter(prisma, props.scope);
  await feed.start();
  yield* streamEvents({ prisma, feed, afterSequence: props.afterSequence ?? feed.head(), filter, signal });
}
