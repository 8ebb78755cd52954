// The process-wide discovery index: loaded from the serving version of the `problem-discovery`
// sparse view and kept current by the change stream. It reports its version and lag honestly;
// until it has loaded, discovery abstains with INDEX_UNAVAILABLE instead of guessing.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type pg from "pg";
import { catalogueNotices, type EventNotifier } from "../../../events/notifier.js";
import { parseRebuildProgress } from "../../../projections/rebuild-progress.js";
import type { Logger } from "../../../logger.js";
import type { PublicationState } from "../../catalogue/domain/catalogue.types.js";
import { DiscoveryIndex, type DiscoveryEntry } from "./discovery-index.js";
import { PROBLEM_SPARSE_VERSION, PROBLEM_SPARSE_VIEW, type SparseDocument } from "./sparse-document.js";
import { headSequence } from "../../../events/change-events.js";
import { coalescedTask } from "../../../platform/lib/coalesced-run.js";

const PROBLEM_EVENT_TYPES: string[] = [
  "problem.created",
  "problem.updated",
  "problem.submitted",
  "problem.published",
  "problem.challenge_period_ended",
  "problem.rejected",
  "problem.withdrawn",
  "problem.merged",
];

export interface IndexFreshness {
  version: string;
  highWaterMark: bigint;
  headSequence: bigint;
  lagEvents: number;
}

export class DiscoveryService {
  private index: DiscoveryIndex | null = null;
  private highWaterMark = 0n;
  /** One refresh at a time; asking during one queues a single further refresh (it may have read before the asker's commit). */
  private readonly refresher = coalescedTask(() =>
    this.stopped
      ? Promise.resolve()
      : this.applyNewEvents().catch((error: unknown) =>
          this.logger.warn("discovery index refresh failed", { error: (error as Error).message }),
        ),
  );
  private unsubscribe: (() => void) | null = null;
  private viewVersion = PROBLEM_SPARSE_VERSION;
  private stopped = false;

  constructor(
    private readonly prisma: PrismaClient,
    /** The same connections: the read on every notice is a named statement on the pool. */
    private readonly pool: pg.Pool,
    private readonly notifier: EventNotifier,
    private readonly logger: Logger,
  ) {}

  /** Loads the index, then follows the change stream. */
  async start(): Promise<void> {
    await this.load();
    // A notice of events the index has read past brings nothing new: events commit in sequence
    // order, so every event up to the mark was read with it. 0n means re-read. A research write's or
    // a view's notice carries no catalogue event (catalogueNotices reads after many, to move the mark).
    const stopNotices = this.notifier.subscribe(
      catalogueNotices((sequence) => {
        if (sequence === 0n || sequence > this.highWaterMark) void this.refresh();
      }),
    );
    // A rebuild that switched this view's serving version (another process's CLI) says so on its own channel.
    const stopRebuilds = this.notifier.subscribeRebuildProgress((payload) => {
      const message = parseRebuildProgress(payload);
      if (message?.view === PROBLEM_SPARSE_VIEW && message.outcome === "SWITCHED") void this.refresh();
    });
    this.unsubscribe = () => {
      stopNotices();
      stopRebuilds();
    };
  }

  /** Stops following the stream and waits for a refresh in progress, so the pool can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.refresher.idle();
  }

  current(): DiscoveryIndex | null {
    return this.index;
  }

  /**
   * Lag counts the events this index follows (catalogue events) after its mark. The index skips notices
   * of research records and view marks, so its own mark may trail the head by such events; it has nothing
   * to apply for them, and the mark it reports is the last sequence before the first event it still has
   * to apply (the head when none).
   */
  async freshness(): Promise<IndexFreshness> {
    const mark = this.highWaterMark;
    const { rows } = await this.pool.query<{ head: string | null; next: string | null; lag: number }>({
      name: "discovery-freshness",
      text: `SELECT (SELECT max(sequence) FROM change_events)::text AS head,
        min(sequence)::text AS next, count(*)::int AS lag
      FROM change_events WHERE sequence > $1::bigint AND event_type = ANY($2::text[])`,
      values: [mark.toString(), PROBLEM_EVENT_TYPES],
    });
    const row = rows[0];
    const head = row?.head == null ? mark : BigInt(row.head);
    const applied = row?.next == null ? head : BigInt(row.next) - 1n;
    return {
      version: this.index?.version ?? "unavailable",
      highWaterMark: applied > mark ? applied : mark,
      headSequence: head,
      lagEvents: row?.lag ?? 0,
    };
  }

  private async entries(where: { documentId?: { in: string[] } }): Promise<DiscoveryEntry[]> {
    const documents = await this.prisma.sparseDocument.findMany({
      where: { view: PROBLEM_SPARSE_VIEW, version: this.viewVersion, ...where },
    });
    const problems = await this.prisma.problem.findMany({
      where: { id: { in: documents.map((document) => document.documentId) } },
      select: { id: true, number: true, title: true, publicationState: true },
    });
    const byId = new Map(problems.map((problem) => [problem.id, problem]));
    return documents.flatMap((row) => {
      const problem = byId.get(row.documentId);
      if (!problem) return [];
      const document: SparseDocument = {
        view: row.view,
        version: row.version,
        documentId: row.documentId,
        fields: row.fields as unknown as SparseDocument["fields"],
        terms: row.terms,
        length: row.length,
      };
      return [
        {
          problemId: problem.id,
          number: problem.number,
          title: problem.title,
          publicationState: problem.publicationState as PublicationState,
          document,
        },
      ];
    });
  }

  private async load(): Promise<void> {
    const started = Date.now();
    const pointer = await this.prisma.projectionPointer.findUnique({ where: { view: PROBLEM_SPARSE_VIEW } });
    this.viewVersion = pointer?.servingVersion ?? PROBLEM_SPARSE_VERSION;
    const state = await this.prisma.projectionState.findUnique({
      where: { view_version: { view: PROBLEM_SPARSE_VIEW, version: this.viewVersion } },
    });
    this.highWaterMark = state ? state.highWaterMark : await headSequence(this.prisma);
    this.index = new DiscoveryIndex(await this.entries({}), `${PROBLEM_SPARSE_VIEW}@${this.viewVersion}`);
    this.logger.info("discovery index loaded", {
      documents: this.index.size,
      version: this.index.version,
      ms: Date.now() - started,
    });
  }

  /**
   * Applies problem events after the index's high-water mark, one refresh at a time. A refresh asked
   * for while another runs starts once more after it (one for any number of askers): the running one
   * may have read before the asker's commit.
   */
  refresh(): Promise<void> {
    return this.stopped ? Promise.resolve() : this.refresher.run();
  }

  /** One round trip per notice: the serving version, the new head and the problems whose events are new. */
  private async applyNewEvents(): Promise<void> {
    if (!this.index) return;
    const { rows } = await this.pool.query<{ serving: number | null; last: string | null; changed: string[] | null }>({
      name: "discovery-new-events",
      text: `SELECT (SELECT serving_version FROM projection_pointers WHERE view = $1) AS serving,
        max(sequence)::text AS last,
        array_agg(DISTINCT resource_id) FILTER (WHERE event_type = ANY($3::text[])) AS changed
      FROM change_events WHERE sequence > $2::bigint`,
      values: [PROBLEM_SPARSE_VIEW, this.highWaterMark.toString(), PROBLEM_EVENT_TYPES],
    });
    const row = rows[0];
    if (row?.serving != null && row.serving !== this.viewVersion) return this.load();
    if (row?.last == null) return;
    const changed = row.changed ?? [];
    for (const entry of changed.length ? await this.entries({ documentId: { in: changed } }) : [])
      this.index.upsert(entry);
    this.highWaterMark = BigInt(row.last);
  }
}
