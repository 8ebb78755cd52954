// "New events up to N" notices. On a server database they travel by LISTEN/NOTIFY, so every service
// process hears writes made through any other; the embedded database is one process, so an
// in-process emitter suffices. Readers always re-read change_events: a notice carries no data, only
// (when its writer knows) a topic saying what kind of commit it was, so a reader that follows other
// kinds can skip it. A process hears its own notices at once on either database, so its next
// request sees its write.
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../logger.js";

export const CHANNEL = "change_events";
/** Progress of a derived view rebuild run by another process (`npm run projections -- rebuild`): JSON, see rebuild-progress.ts. */
export const REBUILD_PROGRESS_CHANNEL = "projection_rebuild_progress";
/** An operator's token or standing changed (revoke, rotate): sent in the change's transaction, payload the operator id. */
export const OPERATOR_CHANGES_CHANNEL = "operator_changes";

/**
 * What the announced commit was, when its writer says: `research` appended research-record events
 * only (objects, relations, supersessions, quarantines); `views` moved a derived view's mark and
 * appended nothing. null: unknown (any writer may append anything), which every listener reads.
 */
export type NoticeTopic = "research" | "views";
const TOPICS: ReadonlySet<string> = new Set<NoticeTopic>(["research", "views"]);

export type NoticeListener = (sequence: bigint, topic: NoticeTopic | null) => void;

/** Skipped notices after which a catalogue reader reads anyway (see catalogueNotices). */
export const CATALOGUE_CATCH_UP_EVERY = 256;

/**
 * The listener of a reader that follows catalogue events (problems, identifiers) from its mark: it
 * calls `read(sequence, "notice")` for a notice that may carry them (no topic, or the 0n "re-read"),
 * and skips one whose topic says the commit appended none. After `catchUpEvery` skipped notices in a
 * row it calls `read(sequence, "catch-up")`, so the research events the reader's next read scans past
 * its mark stay few however long the catalogue is quiet.
 */
export function catalogueNotices(
  read: (sequence: bigint, reason: "notice" | "catch-up") => void,
  catchUpEvery = CATALOGUE_CATCH_UP_EVERY,
): NoticeListener {
  let skipped = 0;
  return (sequence, topic) => {
    if (topic === null) {
      skipped = 0; // the read moves the mark past every event so far
      return read(sequence, "notice");
    }
    skipped += 1;
    if (skipped < catchUpEvery) return;
    skipped = 0;
    read(sequence, "catch-up");
  };
}

/** What a payload with a topic adds after the sequence; statements that notify themselves append it in SQL. */
export const noticeSuffix = (topic: NoticeTopic): string => `:${topic}`;

/** The NOTIFY payload: the sequence, then `:topic` when known. */
export function noticePayload(sequence: bigint, topic: NoticeTopic | null): string {
  return topic === null ? sequence.toString() : `${sequence}${noticeSuffix(topic)}`;
}

/**
 * A payload this or another process sent; null when it is not one (a stray NOTIFY on the channel).
 * An unknown topic (a newer writer's) reads as none, so the listener re-reads rather than skips.
 */
export function parseNoticePayload(payload: string): { sequence: bigint; topic: NoticeTopic | null } | null {
  const match = /^(\d{1,19})(?::([a-z]{1,32}))?$/.exec(payload);
  if (!match) return null;
  const topic = match[2] !== undefined && TOPICS.has(match[2]) ? (match[2] as NoticeTopic) : null;
  return { sequence: BigInt(match[1]!), topic };
}

export interface EventNotifier {
  /**
   * Announce that events up to `sequence` are committed, with the commit's topic when the writer
   * knows it. Best effort, and it never rejects: it runs after a commit, so a failure must not turn
   * an acknowledged write into an error. Listeners catch up from the change table on their next
   * notice (they resume by sequence).
   */
  publish(sequence: bigint, topic?: NoticeTopic | null): Promise<void>;
  /**
   * The channel a write statement notifies itself (`pg_notify(channel, payload)` in its own
   * transaction, payload as `noticePayload`, so the notice leaves exactly at commit and costs no
   * round trip); null where notices are in-process only. After such a commit the writer calls `committed`.
   */
  readonly statementChannel: string | null;
  /**
   * After a commit whose statement notified `statementChannel` (or, when that is null, instead of
   * it): tells this process's listeners at once, like `publish`.
   */
  committed(sequence: bigint, topic?: NoticeTopic | null): void;
  /** Listen for announcements; returns the unsubscribe function. */
  subscribe(listener: NoticeListener): () => void;
  /** Rebuild progress messages other processes sent on REBUILD_PROGRESS_CHANNEL (server databases only). */
  subscribeRebuildProgress(listener: (payload: string) => void): () => void;
  /**
   * Operator changes another process committed (OPERATOR_CHANGES_CHANNEL), and a reconnect of the
   * LISTEN connection (one may have been missed); server databases only. Returns the unsubscribe.
   */
  subscribeOperatorChanges(listener: () => void): () => void;
  close(): Promise<void>;
}

class LocalNotifier implements EventNotifier {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);
  readonly statementChannel: string | null = null;

  constructor(protected readonly logger: Logger) {}

  async publish(sequence: bigint, topic: NoticeTopic | null = null): Promise<void> {
    this.emitLocally(sequence, topic);
  }

  committed(sequence: bigint, topic: NoticeTopic | null = null): void {
    this.emitLocally(sequence, topic);
  }

  /** A listener that throws must not reach the writer that announced the commit. */
  protected emitLocally(sequence: bigint, topic: NoticeTopic | null): void {
    try {
      this.emitter.emit("notice", sequence, topic);
    } catch (error) {
      this.logger.error("change notice listener failed", {
        sequence: String(sequence),
        error: (error as Error).message,
      });
    }
  }

  subscribe(listener: NoticeListener): () => void {
    this.emitter.on("notice", listener);
    return () => this.emitter.off("notice", listener);
  }

  subscribeRebuildProgress(listener: (payload: string) => void): () => void {
    this.emitter.on("rebuild-progress", listener);
    return () => this.emitter.off("rebuild-progress", listener);
  }

  subscribeOperatorChanges(listener: () => void): () => void {
    this.emitter.on("operator-change", listener);
    return () => this.emitter.off("operator-change", listener);
  }

  protected emitOperatorChange(): void {
    try {
      this.emitter.emit("operator-change");
    } catch (error) {
      this.logger.error("operator change listener failed", { error: (error as Error).message });
    }
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Reconnect backoff of the LISTEN connection: quick first retry, capped so a long outage is not hammered. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** Own notices whose echo is still expected; bounded, since an echo that raced ahead never comes back for its entry. */
const PENDING_ECHOES = 1_024;

class PostgresNotifier extends LocalNotifier {
  override readonly statementChannel = CHANNEL;
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RECONNECT_FIRST_MS;
  /**
   * Sequences this process announced to itself and sent: their echo through the server is dropped.
   * Only exact echoes: another process's notice of the same sequence (a worker saying a view moved)
   * still reaches the listeners.
   */
  private readonly pendingEchoes = new Set<bigint>();

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
        const notice = parseNoticePayload(message.payload);
        if (!notice) {
          // Thrown here it would end the process: a stray payload is logged and read as "re-read".
          this.logger.warn("change notice not understood; listeners re-read", {
            payload: message.payload.slice(0, 64),
          });
          this.emitLocally(0n, null);
          return;
        }
        if (this.pendingEchoes.delete(notice.sequence)) return;
        // Through emitLocally: a listener that throws must not reach the pg client's event loop.
        this.emitLocally(notice.sequence, notice.topic);
      } else if (message.channel === OPERATOR_CHANGES_CHANNEL) {
        this.emitOperatorChange();
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
    await client.query(`LISTEN ${OPERATOR_CHANGES_CHANNEL}`);
    this.client = client;
    this.retryMs = RECONNECT_FIRST_MS;
  }

  private async reconnect(): Promise<void> {
    if (this.closed) return;
    try {
      await this.start();
      this.logger.info("event listener reconnected");
      this.emitLocally(0n, null);
      this.emitOperatorChange();
    } catch (error) {
      this.logger.warn("event listener reconnect failed", { error: (error as Error).message, retryMs: this.retryMs });
      setTimeout(() => void this.reconnect(), this.retryMs).unref();
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    }
  }

  override async publish(sequence: bigint, topic: NoticeTopic | null = null): Promise<void> {
    // This process at once, not after the round trip through the server: the writer's next request
    // (an in-memory index, a subscription) must see the write it was just told has committed.
    this.announceHere(sequence, topic);
    try {
      await this.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, noticePayload(sequence, topic)]);
    } catch (error) {
      // Other processes learn of the write at their next notice or reconnect.
      this.pendingEchoes.delete(sequence);
      this.logger.warn("change notice not sent; listeners will catch up from the change table", {
        sequence: String(sequence),
        error: (error as Error).message,
      });
    }
  }

  /** The statement's own NOTIFY went to every process; this one hears it now, and drops the echo. */
  override committed(sequence: bigint, topic: NoticeTopic | null = null): void {
    this.announceHere(sequence, topic);
  }

  private announceHere(sequence: bigint, topic: NoticeTopic | null): void {
    if (this.pendingEchoes.size >= PENDING_ECHOES) this.pendingEchoes.delete(this.pendingEchoes.values().next().value!);
    this.pendingEchoes.add(sequence);
    this.emitLocally(sequence, topic);
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
