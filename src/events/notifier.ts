// "New events up to N" notices. On a server database they travel by LISTEN/NOTIFY, so every service
// process hears writes made through any other; the embedded database is one process, so an
// in-process emitter suffices. Readers always re-read change_events: a notice carries no data.
// A process hears its own notices at once on either database, so its next request sees its write.
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../logger.js";

export const CHANNEL = "change_events";
/** Progress of a derived view rebuild run by another process (`npm run projections -- rebuild`): JSON, see rebuild-progress.ts. */
export const REBUILD_PROGRESS_CHANNEL = "projection_rebuild_progress";

export interface EventNotifier {
  /**
   * Announce that events up to `sequence` are committed. Best effort, and it never rejects: it runs
   * after a commit, so a failure must not turn an acknowledged write into an error. Listeners catch
   * up from the change table on their next notice (they resume by sequence).
   */
  publish(sequence: bigint): Promise<void>;
  /** Listen for announcements; returns the unsubscribe function. */
  subscribe(listener: (sequence: bigint) => void): () => void;
  /** Rebuild progress messages other processes sent on REBUILD_PROGRESS_CHANNEL (server databases only). */
  subscribeRebuildProgress(listener: (payload: string) => void): () => void;
  close(): Promise<void>;
}

class LocalNotifier implements EventNotifier {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);

  constructor(protected readonly logger: Logger) {}

  async publish(sequence: bigint): Promise<void> {
    this.emitLocally(sequence);
  }

  /** A listener that throws must not reach the writer that announced the commit. */
  protected emitLocally(sequence: bigint): void {
    try {
      this.emitter.emit("notice", sequence);
    } catch (error) {
      this.logger.error("change notice listener failed", {
        sequence: String(sequence),
        error: (error as Error).message,
      });
    }
  }

  subscribe(listener: (sequence: bigint) => void): () => void {
    this.emitter.on("notice", listener);
    return () => this.emitter.off("notice", listener);
  }

  subscribeRebuildProgress(listener: (payload: string) => void): () => void {
    this.emitter.on("rebuild-progress", listener);
    return () => this.emitter.off("rebuild-progress", listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Reconnect backoff of the LISTEN connection: quick first retry, capped so a long outage is not hammered. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

class PostgresNotifier extends LocalNotifier {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RECONNECT_FIRST_MS;
  /** The highest sequence this process announced to itself: an echo up to it brings nothing new. */
  private announcedHere = 0n;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    logger: Logger,
  ) {
    super(logger);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) {
        // Events become visible in sequence order, so a reader woken for N has read everything up to it.
        const sequence = BigInt(message.payload);
        if (sequence > this.announcedHere) this.emitter.emit("notice", sequence);
      } else if (message.channel === REBUILD_PROGRESS_CHANNEL && message.payload) {
        try {
          this.emitter.emit("rebuild-progress", message.payload);
        } catch (error) {
          this.logger.warn("rebuild progress listener failed", { error: (error as Error).message });
        }
      }
    });
    // A dropped LISTEN connection would silently stop every subscription: reconnect, then tell
    // listeners to re-read, since notices sent while disconnected are lost (the table is not).
    const onLost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners("end");
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn("event listener connection lost; reconnecting", {
        error: error?.message,
        retryMs: this.retryMs,
      });
      setTimeout(() => void this.reconnect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${REBUILD_PROGRESS_CHANNEL}`);
    this.client = client;
    this.retryMs = RECONNECT_FIRST_MS;
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.start();
      this.logger.info("event listener reconnected");
      this.emitter.emit("notice", 0n);
    } catch (error) {
      this.logger.warn("event listener reconnect failed", { error: (error as Error).message, retryMs: this.retryMs });
      setTimeout(() => void this.reconnect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    }
  }

  override async publish(sequence: bigint): Promise<void> {
    // This process at once, not after the round trip through the server: the writer's next request
    // (an in-memory index, a subscription) must see the write it was just told has committed.
    if (sequence > this.announcedHere) this.announcedHere = sequence;
    this.emitLocally(sequence);
    try {
      await this.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, sequence.toString()]);
    } catch (error) {
      // Other processes learn of the write at their next notice or reconnect.
      this.logger.warn("change notice not sent; listeners will catch up from the change table", {
        sequence: String(sequence),
        error: (error as Error).message,
      });
    }
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

export async function createNotifier(options: {
  kind: "embedded" | "server";
  pool: pg.Pool;
  connectionString: string;
  logger: Logger;
}): Promise<EventNotifier> {
  if (options.kind === "embedded") return new LocalNotifier(options.logger);
  const notifier = new PostgresNotifier(options.pool, options.connectionString, options.logger);
  await notifier.start();
  return notifier;
}
