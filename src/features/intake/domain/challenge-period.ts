// The end of a challenge period. An unchallenged problem becomes PUBLISHED when its deadline passes;
// one with an open advisory goes to PENDING_REVIEW for a curator. Reads apply the rule lazily (pure
// `settledPublication`); `endChallengePeriods` persists it with an event (the sweeper and write paths).
import { recordProblemChange } from "./problem-change.js";
import type { PrismaClient } from "../../../generated/prisma/client.js";
import { WRITE_TRANSACTION } from "../../../platform/db/transaction.js";
import type { InlineViews } from "../../../events/change-events.js";
import type { EventNotifier } from "../../../events/notifier.js";

export interface PublicationFacts {
  publicationState: string;
  challengeDeadline: Date | null;
  openAdvisoryCount: number;
}

/** The publication state at `now`: a CHALLENGE_PERIOD whose deadline passed has already ended. */
export function settledPublication(facts: PublicationFacts, now: Date): string {
  if (facts.publicationState !== "CHALLENGE_PERIOD" || facts.challengeDeadline === null) return facts.publicationState;
  if (facts.challengeDeadline.getTime() > now.getTime()) return facts.publicationState;
  return facts.openAdvisoryCount > 0 ? "PENDING_REVIEW" : "PUBLISHED";
}

/**
 * Ends every challenge period whose deadline is at or before `now` (or only those of `problemIds`), each
 * in its own transaction with a `problem.challenge_period_ended` event. The state guard in the update
 * makes concurrent sweeps and lazy settles write each transition once. Returns how many ended.
 */
export async function endChallengePeriods(props: {
  prisma: PrismaClient;
  notifier: EventNotifier;
  inlineViews: InlineViews;
  now?: Date;
  problemIds?: string[];
}): Promise<number> {
  const now = props.now ?? new Date();
  const due = await props.prisma.problem.findMany({
    where: {
      publicationState: "CHALLENGE_PERIOD",
      challengeDeadline: { lte: now },
      ...(props.problemIds ? { id: { in: props.problemIds } } : {}),
    },
    select: {
      id: true,
      stableId: true,
      challengeDeadline: true,
      _count: { select: { advisories: { where: { resolvedAt: null } } } },
    },
  });
  let ended = 0;
  for (const problem of due) {
    const next = settledPublication(
      {
        publicationState: "CHALLENGE_PERIOD",
        challengeDeadline: problem.challengeDeadline,
        openAdvisoryCount: problem._count.advisories,
      },
      now,
    );
    const sequence = await props.prisma.$transaction(async (tx) => {
      const updated = await tx.problem.updateMany({
        where: { id: problem.id, publicationState: "CHALLENGE_PERIOD", challengeDeadline: { lte: now } },
        data:
          next === "PUBLISHED"
            ? { publicationState: "PUBLISHED", publishedAt: now }
            : { publicationState: "PENDING_REVIEW" },
      });
      if (updated.count === 0) return null;
      return recordProblemChange(tx, props.inlineViews, {
        problemId: problem.id,
        eventType: "problem.challenge_period_ended",
        payload: {
          stableId: problem.stableId,
          publicationState: next,
          challengeDeadline: problem.challengeDeadline?.toISOString() ?? null,
        },
      });
    }, WRITE_TRANSACTION);
    if (sequence !== null) {
      ended += 1;
      await props.notifier.publish(sequence);
    }
  }
  return ended;
}

/** The problem with an ended challenge period recorded first, so the state checked is the state at this moment. */
export async function settleChallengePeriod<
  Row extends { id: string; publicationState: string; challengeDeadline: Date | null },
>(props: { prisma: PrismaClient; notifier: EventNotifier; inlineViews: InlineViews }, problem: Row): Promise<Row> {
  if (
    problem.publicationState !== "CHALLENGE_PERIOD" ||
    !problem.challengeDeadline ||
    problem.challengeDeadline.getTime() > Date.now()
  )
    return problem;
  await endChallengePeriods({
    prisma: props.prisma,
    notifier: props.notifier,
    inlineViews: props.inlineViews,
    problemIds: [problem.id],
  });
  return {
    ...problem,
    ...(await props.prisma.problem.findUniqueOrThrow({
      where: { id: problem.id },
      select: { publicationState: true, challengeDeadline: true },
    })),
  };
}

/** How often the service sweeps for ended challenge periods; reads settle lazily in between. */
export const CHALLENGE_SWEEP_MS = 60_000;

/** The service's periodic sweep: its timer belongs to this object, started and stopped with the service. */
export class ChallengePeriodSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly props: {
      prisma: PrismaClient;
      notifier: EventNotifier;
      inlineViews: InlineViews;
      onError: (error: Error) => void;
    },
    private readonly intervalMs = CHALLENGE_SWEEP_MS,
  ) {}

  /** Sweeps once now (periods that ended while the service was down), then every interval. */
  start(): void {
    void this.sweep().catch((error: unknown) => this.props.onError(error as Error));
    this.timer ??= setInterval(
      () => void this.sweep().catch((error: unknown) => this.props.onError(error as Error)),
      this.intervalMs,
    );
    this.timer.unref();
  }

  /** One sweep now (serialised with the periodic one); `now` lets tests move the clock. */
  sweep(now?: Date): Promise<number> {
    this.running ??= endChallengePeriods({ ...this.props, ...(now ? { now } : {}) }).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}
