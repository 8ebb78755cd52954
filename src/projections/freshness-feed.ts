// One freshness reader for every `projectionFreshness` subscriber in this process: a notice (or the
// poll, for workers in other processes that cannot notify) causes one read of all views, and each
// subscriber picks its views from that. Without it every notice cost one read per subscriber.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { EventNotifier } from "../events/notifier.js";
import type { Logger } from "../logger.js";
import { readFreshness, type ViewFreshness } from "./freshness.js";
import { coalescedRun } from "../platform/lib/coalesced-run.js";

/** Without notices (a worker in another process that cannot notify) changes still show within this. */
const FRESHNESS_POLL_MS = 1_000;

/** The mark is part of the signature: a fast worker can catch up between two reads, so the lag alone may look unchanged. */
export const freshnessSignature = (views: readonly ViewFreshness[]) =>
  views.map((view) => `${view.view}:${view.version}:${view.highWaterMark}:${view.lagEvents}:${view.status}`).join("|");

export class FreshnessFeed {
  private current: Promise<ViewFreshness[]> | null = null;
  private signature = "";
  private readonly listeners = new Set<() => void>();
  private readonly readers = new Set<(views: ViewFreshness[]) => void>();
  private unsubscribe: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly refresh = coalescedRun(
    async () => {
      const views = await readFreshness(this.prisma);
      this.tellReaders(views);
      const signature = freshnessSignature(views);
      if (signature === this.signature) return;
      this.signature = signature;
      this.current = Promise.resolve(views);
      for (const listener of [...this.listeners]) listener();
    },
    (error) => this.logger.warn("freshness read failed", { error: (error as Error).message }),
  );

  constructor(
    private readonly prisma: PrismaClient,
    private readonly notifier: EventNotifier,
    private readonly logger: Logger,
    private readonly pollMs = FRESHNESS_POLL_MS,
  ) {}

  /** The freshness of every derived view as last read (reading once if nothing was read yet). */
  async snapshot(): Promise<ViewFreshness[]> {
    this.current ??= readFreshness(this.prisma).then((views) => {
      this.tellReaders(views);
      this.signature = freshnessSignature(views);
      return views;
    });
    try {
      return await this.current;
    } catch (error) {
      this.current = null;
      throw error;
    }
  }

  /** Calls `listener` after each read that changed some view; returns the function that stops it. */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.unsubscribe) {
      this.unsubscribe = this.notifier.subscribe(() => this.refresh());
      this.timer = setInterval(() => this.refresh(), this.pollMs).unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  /**
   * Calls `reader` with the views of every read this feed makes (changed or not), without causing any
   * read itself: the service monitor samples lag from reads that happen anyway. Returns the remover.
   */
  onRead(reader: (views: ViewFreshness[]) => void): () => void {
    this.readers.add(reader);
    return () => this.readers.delete(reader);
  }

  private tellReaders(views: ViewFreshness[]): void {
    for (const reader of [...this.readers]) {
      try {
        reader(views);
      } catch (error) {
        this.logger.warn("freshness reader failed", { error: (error as Error).message });
      }
    }
  }

  /** With nobody watching nothing refreshes the snapshot, so the next watcher starts from a new read. */
  stop(): void {
    this.current = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
