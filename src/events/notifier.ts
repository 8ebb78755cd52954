// "New events up to N" notices. On a server database they travel by LISTEN/NOTIFY, so every service
// process hears writes made through any other; the embedded database is one process, so an
// in-process emitter suffices. Readers always re-read change_events: a notice carries no data.
import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../logger.js";

export const CHANNEL = "change_events";

export interface EventNotifier {
  /** Announce that events up to `sequence` are committed. */
  publish(sequence: bigint): Promise<void>;
  /** Listen for announcements; returns the unsubscribe function. */
  subscribe(listener: (sequence: bigint) => void): () => void;
  close(): Promise<void>;
}

class LocalNotifier implements EventNotifier {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(sequence: bigint): Promise<void> {
    this.emitter.emit("notice", sequence);
  }

  subscribe(listener: (sequence: bigint) => void): () => void {
    this.emitter.on("notice", listener);
    return () => this.emitter.off("notice", listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

class PostgresNotifier extends LocalNotifier {
  private client: pg.Client | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly logger: Logger,
  ) {
    super();
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) this.emitter.emit("notice", BigInt(message.payload));
    });
    client.on("error", (error) => this.logger.warn("event listener connection failed", { error: error.message }));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.client = client;
  }

  override async publish(sequence: bigint): Promise<void> {
    await this.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, sequence.toString()]);
  }

  override async close(): Promise<void> {
    await super.close();
    await this.client?.end().catch(() => undefined);
  }
}

export async function createNotifier(options: {
  kind: "embedded" | "server";
  pool: pg.Pool;
  connectionString: string;
  logger: Logger;
}): Promise<EventNotifier> {
  if (options.kind === "embedded") return new LocalNotifier();
  const notifier = new PostgresNotifier(options.pool, options.connectionString, options.logger);
  await notifier.start();
  return notifier;
}
