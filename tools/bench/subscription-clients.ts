// The subscribers of `npm run bench:subscriptions`, run in a child process so that 200 sockets parsing
// every event do not share the service's event loop (the figures would then measure the load generator).
// The parent drives it over IPC: open the subscriptions, report how many events each has received, close.
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { ownProcessCpuMs } from "./cpu-accounting.js";

export interface OpenRequest {
  type: "open";
  url: string;
  /** One token per socket: each socket stands for one research agent. */
  tokens: string[];
  subscriptionsPerSocket: number;
  query: string;
  variables: Record<string, unknown>;
}

export type ParentMessage = OpenRequest | { type: "counts" } | { type: "close" };

export type ChildMessage =
  | { type: "opened"; subscriptions: number; refused: string[] }
  | {
      type: "counts";
      counts: number[];
      errors: string[];
      cpuMs: number;
      /** When the last subscriber received each event, by its resource id (epoch ms, comparable across processes). */
      lastArrivals: [string, number][];
    }
  | { type: "closed" };

/** How long a subscription has to send its first answer (an error, or acknowledgement by its socket). */
const OPEN_TIMEOUT_MS = 30_000;

interface Subscriber {
  received: number;
  errors: string[];
}

/** Epoch milliseconds with the monotonic clock's resolution: the parent reads the same clock. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** When the last subscriber so far received each event, by resource id. */
const lastArrivals = new Map<string, number>();

const send = (message: ChildMessage) => process.send!(message);

/** Subscribes and resolves once the server acknowledged the socket (or refused the subscription). */
function subscribe(client: Client, request: OpenRequest, subscriber: Subscriber): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, OPEN_TIMEOUT_MS);
    client.subscribe(
      { query: request.query, variables: request.variables },
      {
        next: (result) => {
          if (result.errors?.length) subscriber.errors.push(JSON.stringify(result.errors));
          else {
            subscriber.received += 1;
            const resourceId = (result.data?.researchEvents as { resourceId?: string } | undefined)?.resourceId;
            if (resourceId) lastArrivals.set(resourceId, epochMs());
          }
        },
        error: (error) => {
          subscriber.errors.push(error instanceof Error ? error.message : JSON.stringify(error));
          clearTimeout(timer);
          resolve();
        },
        complete: () => undefined,
      },
    );
    // graphql-ws has no "subscribed" acknowledgement; the socket's `connected` event plus a round trip is
    // as close as it gets, so the parent also waits for the subscriptions to register on the server.
    client.on("connected", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function main(): Promise<void> {
  const clients: Client[] = [];
  const subscribers: Subscriber[] = [];
  process.on("message", (message: ParentMessage) => {
    void (async () => {
      if (message.type === "open") {
        const opening: Promise<void>[] = [];
        for (const token of message.tokens) {
          const client = createClient({
            url: message.url.replace(/^http/, "ws"),
            webSocketImpl: WebSocket,
            connectionParams: { authorization: `Bearer ${token}` },
            retryAttempts: 0,
          });
          clients.push(client);
          for (let index = 0; index < message.subscriptionsPerSocket; index += 1) {
            const subscriber: Subscriber = { received: 0, errors: [] };
            subscribers.push(subscriber);
            opening.push(subscribe(client, message, subscriber));
          }
        }
        await Promise.all(opening);
        send({
          type: "opened",
          subscriptions: subscribers.filter((subscriber) => subscriber.errors.length === 0).length,
          refused: subscribers.flatMap((subscriber) => subscriber.errors).slice(0, 3),
        });
      } else if (message.type === "counts") {
        send({
          type: "counts",
          counts: subscribers.map((subscriber) => subscriber.received),
          errors: subscribers.flatMap((subscriber) => subscriber.errors).slice(0, 3),
          // This process's CPU, so the parent can say what the load generator cost.
          cpuMs: ownProcessCpuMs(),
          lastArrivals: [...lastArrivals],
        });
      } else {
        await Promise.all(clients.map((client) => client.dispose()));
        send({ type: "closed" });
        process.disconnect();
      }
    })();
  });
}

void main();
