// The process-wide discovery index: loaded from the serving version of the `problem-discovery`
// sparse view and kept current by the change stream. It reports its version and lag honestly;
// until it has loaded, discovery abstains with INDEX_UNAVAILABLE instead of guessing.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { EventNotifier } from "../../../events/notifier.js";
import type { Logger } from "../../../logger.js";
import type { PublicationState } from "../../catalogue/domain/catalogue.types.js";
import { DiscoveryIndex, type DiscoveryEntry } from "./discovery-index.js";
import { PROBLEM_SPARSE_VERSION, PROBLEM_SPARSE_VIEW, type SparseDocument } from "./sparse-document.js";

const PROBLEM_EVENT_TYPES = [
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
  private refreshing: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private viewVersion = PROBLEM_SPARSE_VERSION;
  private stopped = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly notifier: EventNotifier,
    private readonly logger: Logger,
  ) {}

  /** Loads the index, then follows the change stream. */
  async start(): Promise<void> {
    await this.load();
    this.unsubscribe = this.notifier.subscribe(() => void this.refresh());
  }

  /** Stops following the stream and waits for a refresh in progress, so the pool can close after. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    await this.refreshing;
  }

  current(): DiscoveryIndex | null {
    return this.index;
  }

  async freshness(): Promise<IndexFreshness> {
    const head = await this.prisma.changeEvent.aggregate({ _max: { sequence: true } });
    const headSequence = head._max.sequence ?? 0n;
    return {
      version: this.index?.version ?? "unavailable",
      highWaterMark: this.highWaterMark,
      headSequence,
      lagEvents: Number(headSequence - this.highWaterMark),
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
    const head = await this.prisma.changeEvent.aggregate({ _max: { sequence: true } });
    this.highWaterMark = state ? state.highWaterMark : (head._max.sequence ?? 0n);
    this.index = new DiscoveryIndex(await this.entries({}), `${PROBLEM_SPARSE_VIEW}@${this.viewVersion}`);
    this.logger.info("discovery index loaded", {
      documents: this.index.size,
      version: this.index.version,
      ms: Date.now() - started,
    });
  }

  /** Applies problem events after the index's high-water mark (serialised: one refresh at a time). */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.refreshing ??= this.applyNewEvents()
      .catch((error: unknown) =>
        this.logger.warn("discovery index refresh failed", { error: (error as Error).message }),
      )
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async applyNewEvents(): Promise<void> {
    if (!this.index) return;
    const pointer = await this.prisma.projectionPointer.findUnique({ where: { view: PROBLEM_SPARSE_VIEW } });
    if (pointer && pointer.servingVersion !== this.viewVersion) return this.load();
    const events = await this.prisma.changeEvent.findMany({
      where: { sequence: { gt: this.highWaterMark } },
      orderBy: { sequence: "asc" },
      select: { sequence: true, eventType: true, resourceId: true },
    });
    if (events.length === 0) return;
    const changed = [
      ...new Set(
        events.filter((event) => PROBLEM_EVENT_TYPES.includes(event.eventType)).map((event) => event.resourceId),
      ),
    ];
    for (const entry of changed.length ? await this.entries({ documentId: { in: changed } }) : [])
      this.index.upsert(entry);
    this.highWaterMark = events.at(-1)!.sequence;
  }
}
