// Subscriptions per socket and per operator (an anonymous client is counted by its address), so one
// client cannot hold hundreds of streams open. Reservations are made when a subscription is accepted
// and are freed as graphql-ws forgets the operation (its `ctx.subscriptions` is the ground truth).
import { GraphQLError } from "graphql";

export interface SocketRecord {
  /** The operation ids graphql-ws is currently running on this socket. */
  running: () => Iterable<string>;
  owner: string;
  subscriptionIds: Set<string>;
}

export class SubscriptionLimits {
  private readonly sockets = new Set<SocketRecord>();

  constructor(private readonly limits: { perSocket: number; perOperator: number }) {}

  add(socket: SocketRecord): void {
    this.sockets.add(socket);
  }

  remove(socket: SocketRecord): void {
    this.sockets.delete(socket);
  }

  /** Reserves a slot for subscription `id`, or returns the error a client sees past a limit. */
  reserve(socket: SocketRecord, id: string): GraphQLError | null {
    const onSocket = this.live(socket);
    if (onSocket >= this.limits.perSocket)
      return this.refusal(`this connection already has ${onSocket} subscriptions (limit ${this.limits.perSocket})`);
    let forOwner = 0;
    for (const other of this.sockets) if (other.owner === socket.owner) forOwner += this.live(other);
    if (forOwner >= this.limits.perOperator)
      return this.refusal(`this client already has ${forOwner} subscriptions (limit ${this.limits.perOperator})`);
    socket.subscriptionIds.add(id);
    return null;
  }

  total(): number {
    let count = 0;
    for (const socket of this.sockets) count += this.live(socket);
    return count;
  }

  private live(socket: SocketRecord): number {
    const running = new Set(socket.running());
    for (const id of socket.subscriptionIds) if (!running.has(id)) socket.subscriptionIds.delete(id);
    return socket.subscriptionIds.size;
  }

  private refusal(detail: string): GraphQLError {
    return new GraphQLError(`Too many subscriptions: ${detail}; complete one before starting another`, {
      extensions: { code: "SUBSCRIPTION_LIMIT", limits: { ...this.limits } },
    });
  }
}
