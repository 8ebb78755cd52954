// DataLoaders of one GraphQL operation. A loader batches the by-id lookups that sibling fields make
// in one tick; it lives on the request context, so nothing it caches outlives the operation.
import type DataLoader from "dataloader";
import type { PrismaClient } from "../generated/prisma/client.js";

/** Makes one kind of loader over the request's client; modules export these (stateless) factories. */
export type LoaderFactory<Key, Value> = (prisma: PrismaClient) => DataLoader<Key, Value>;

export class RequestLoaders {
  // Keyed by factory, so each kind is made once per request and only if a field asks for it.
  private readonly made = new Map<LoaderFactory<unknown, unknown>, DataLoader<unknown, unknown>>();

  constructor(private readonly prisma: PrismaClient) {}

  /** This operation's loader of `factory`'s kind: the same instance for every field that asks. */
  of<Key, Value>(factory: LoaderFactory<Key, Value>): DataLoader<Key, Value> {
    const key = factory as LoaderFactory<unknown, unknown>;
    let loader = this.made.get(key);
    if (!loader) {
      loader = key(this.prisma);
      this.made.set(key, loader);
    }
    return loader as DataLoader<Key, Value>;
  }
}
