// A graphql-ws collector for the `researchEvents` subscription: collects what arrives, waits for a
// count, and checks sequences for gaps.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { RESEARCH_EVENTS } from "./documents/research.js";

export interface ReceivedEvent {
  sequence: string;
  routingTargetId: string | null;
  projectId: string | null;
  resourceType: string;
  resourceId: string;
  eventType: string;
  payloadVersion: number;
  payload: Record<string, unknown>;
}

export function subscriptionClient(graphqlUrl: string): Client {
  return createClient({
    url: graphqlUrl.replace(/^http/, "ws"),
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
  });
}

/** Collects `researchEvents` of one subscription; `stop()` ends it (the socket stays with its client). */
export class EventCollector {
  readonly events: ReceivedEvent[] = [];
  readonly errors: unknown[] = [];
  private readonly unsubscribe: () => void;
  private waiters: (() => void)[] = [];

  constructor(client: Client, variables: { problemRef?: string; projectId?: string; afterSequence?: string | bigint }) {
    const normalised = { ...variables, afterSequence: variables.afterSequence?.toString() };
    this.unsubscribe = client.subscribe<{ researchEvents: ReceivedEvent }>(
      { query: RESEARCH_EVENTS, variables: normalised },
      {
        next: (result) => {
          if (result.errors?.length) this.errors.push(result.errors);
          if (result.data) this.events.push(result.data.researchEvents);
          this.notify();
        },
        error: (error) => {
          this.errors.push(error);
          this.notify();
        },
        complete: () => this.notify(),
      },
    );
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /** Resolves once `count` events arrived; fails after `timeoutMs` or on a subscription error. */
  async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedEvent[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < count) {
      if (this.errors.length) throw new Error(`subscription failed: ${JSON.stringify(this.errors)}`);
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(
          `received ${this.events.length} of ${count} events: ${JSON.stringify(this.events.map((event) => event.sequence))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.events.slice(0, count);
  }

  /** Waits `ms` more and returns everything received, to show that no extra event arrives. */
  async settle(ms = 500): Promise<ReceivedEvent[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return [...this.events];
  }

  stop(): void {
    this.unsubscribe();
  }
}

/** Sequences of received events as bigints. */
export function sequencesOf(events: ReceivedEvent[]): bigint[] {
  return events.map((event) => BigInt(event.sequence));
}

/** True when `values` is first, first+1, ..., with no gap or duplicate. */
export function isContiguous(values: readonly bigint[] | readonly number[]): boolean {
  return values.every((value, index) => index === 0 || BigInt(value) === BigInt(values[index - 1]!) + 1n);
}
