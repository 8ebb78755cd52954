// Exact identity served from memory: the process's IdentityIndex, loaded at start and kept current by
// the change stream (every catalogue write appends a `problem` event and announces it on the notifier).
// A notice marks the index stale at once, so the next lookup waits for the refresh: a write this
// process committed is answered by the next request, another process's once its notice arrives.
import type { PrismaClient, Problem } from "../../../generated/prisma/client.js";
import type pg from "pg";
import { catalogueNotices, type EventNotifier } from "../../../events/notifier.js";
import type { Logger } from "../../../logger.js";
import { IdentityIndex, type IdentifierEntry } from "../domain/identity-index.js";
import { type ProblemRefResolution, resolveProblemRefs, validateRef } from "../domain/resolve-problem-ref.js";
import { headSequence } from "../../../events/change-events.js";
import { coalescedTask } from "../../../platform/lib/coalesced-run.js";

/** A merge re-points earlier merges into the merged problem without their own events: reload everything. */
const RELOAD_ALL_EVENTS: ReadonlySet<string> = new Set(["problem.merged"]);

export class IdentityService {
  private index: IdentityIndex | null = null;
  /** Every change event up to here is in the index. */
  private highWaterMark = 0n;
  /** Notices heard, and how many of them the index had heard when its last refresh began. */
  private noticesHeard = 0;
  private noticesApplied = 0;
  /** One refresh at a time; a notice heard during one queues a single further refresh, which covers it. */
  private readonly refresher = coalescedTask(async () => {
    if (this.stopped || !this.index) return;
    const covers = this.noticesHeard;
    await this.applyNewEvents();
    this.noticesApplied = covers;
  });
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly prisma: PrismaClient,
    /** The same connections: the read on every notice is a named statement on the pool. */
    private readonly pool: pg.Pool,
    private readonly notifier: EventNotifier,
    private readonly logger: Logger,
  ) {}

  /** Follows the notifier first, so a write committed during the load is applied after it. */
  async start(): Promise<void> {
    // A notice of events this index has read past brings nothing new: events commit in sequence
    // order, so every event up to the mark was read with it. 0n means re-read. A research write's or
    // a view's notice carries no catalogue event; a catch-up read after many of them only moves the
    // mark, so lookups do not wait for it.
    this.unsubscribe = this.notifier.subscribe(
      catalogueNotices((sequence, reason) => {
        if (sequence !== 0n && sequence <= this.highWaterMark) return;
        if (reason === "notice") this.notice();
        else void this.refresh().catch(() => undefined); // a failed catch-up is retried by the next one
      }),
    );
    const started = Date.now();
    const covers = this.noticesHeard;
    await this.reloadAll();
    this.noticesApplied = covers;
    this.logger.info("identity index loaded", { problems: this.index!.size, ms: Date.now() - started });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.refresher.idle();
  }

  /** Resolves one ref (validated): from memory when the index is current, from the database otherwise. */
  async resolve(ref: string): Promise<ProblemRefResolution> {
    const valid = validateRef(ref);
    const index = await this.current();
    if (!index) return (await resolveProblemRefs(this.prisma, [valid]))[0]!;
    const resolution = index.resolve(valid);
    if (resolution.status !== "NOT_FOUND") return resolution;
    // A miss is confirmed by the database: a writer that did not announce its write (a script, an
    // older CLI) must not hide a problem. When the database knows better, the index catches up.
    const stored = (await resolveProblemRefs(this.prisma, [valid]))[0]!;
    if (stored.status !== "NOT_FOUND") this.notice();
    return stored;
  }

  /** The problem's row (every scalar) while the index is current; undefined means read the database. */
  problem(id: string): Readonly<Problem> | undefined {
    return this.isCurrent() ? this.index?.problem(id) : undefined;
  }

  private isCurrent(): boolean {
    return this.index !== null && this.noticesApplied === this.noticesHeard;
  }

  /** The index once every notice heard so far is applied, or null when it cannot be (the database decides). */
  private async current(): Promise<IdentityIndex | null> {
    if (this.isCurrent()) return this.index;
    try {
      while (this.index && !this.isCurrent() && !this.stopped) await this.refresh();
    } catch {
      return null; // the notice's own refresh logs the failure; the database answers meanwhile
    }
    return this.isCurrent() ? this.index : null;
  }

  private notice(): void {
    this.noticesHeard += 1;
    void this.refresh().catch((error: unknown) =>
      this.logger.warn("identity index refresh failed; the next lookup retries", { error: (error as Error).message }),
    );
  }

  /** A refresh that starts after this call: it covers every notice heard before it began. */
  private refresh(): Promise<void> {
    return this.stopped || !this.index ? Promise.resolve() : this.refresher.run();
  }

  /** One row per notice: the new head, the problems whose events are new, and whether one was a merge. */
  private async applyNewEvents(): Promise<void> {
    const { rows } = await this.pool.query<{ last: string | null; changed: string[] | null; merged: boolean | null }>({
      name: "identity-new-events",
      text: `SELECT max(sequence)::text AS last,
        array_agg(DISTINCT resource_id) FILTER (WHERE resource_type = 'problem') AS changed,
        bool_or(resource_type = 'problem' AND event_type = ANY($2::text[])) AS merged
      FROM change_events WHERE sequence > $1::bigint`,
      values: [this.highWaterMark.toString(), [...RELOAD_ALL_EVENTS]],
    });
    const row = rows[0];
    if (row?.last == null) return;
    if (row.merged) return this.reloadAll();
    const changed = row.changed ?? [];
    if (changed.length > 0) {
      const [problems, identifiers] = await this.read(changed);
      this.index!.replace(changed, problems, identifiers);
    }
    this.highWaterMark = BigInt(row.last);
  }

  /** The head first, then the rows: an event committed in between is applied again later, harmlessly. */
  private async reloadAll(): Promise<void> {
    const head = await headSequence(this.prisma);
    const [problems, identifiers] = await this.read(null);
    this.index = new IdentityIndex(problems, identifiers);
    this.highWaterMark = head;
  }

  private read(ids: string[] | null) {
    return Promise.all([
      this.prisma.problem.findMany({ where: ids ? { id: { in: ids } } : {} }),
      this.prisma.problemIdentifier.findMany({
        where: ids ? { problemId: { in: ids } } : {},
        select: { kind: true, value: true, problemId: true },
      }) as Promise<IdentifierEntry[]>,
    ]);
  }
}
