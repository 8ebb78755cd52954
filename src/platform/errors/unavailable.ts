// Tells an outage of the database from a bug: connection refused or lost, server shutting down, pool
// exhausted. Such failures reach clients as SERVICE_UNAVAILABLE (HTTP 503 + Retry-After), so they retry.

/** SQLSTATE classes and codes that mean "the server cannot serve now", not "the statement is wrong". */
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
/** Node socket errors. */
const UNAVAILABLE_SOCKET_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENOENT",
]);
/** Prisma driver-adapter error kinds. */
const UNAVAILABLE_ADAPTER_KINDS: ReadonlySet<string> = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
]);
/** Prisma engine codes: cannot reach, connection closed, pool timeout. */
const UNAVAILABLE_PRISMA_CODES: ReadonlySet<string> = new Set(["P1001", "P1002", "P1017", "P2024"]);
/** pg's own messages for a lost or unobtainable connection (it sets no code on these). */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable/i;

/** Seconds a client should wait before retrying while the database is away. */
export const RETRY_AFTER_SECONDS = 2;

/** How far down a chain of causes to look; wrappers nest a few levels at most. */
const MAX_CAUSE_DEPTH = 8;

function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === "object" && chain.length < MAX_CAUSE_DEPTH) {
    chain.push(current);
    const value = current as { cause?: unknown; originalError?: unknown; meta?: { driverAdapterError?: unknown } };
    current = value.meta?.driverAdapterError ?? value.cause ?? value.originalError;
  }
  return chain;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return causesOf(error).some((link) => {
    const value = link as { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown };
    if (
      typeof value.code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(value.code) ||
        UNAVAILABLE_SOCKET_CODES.has(value.code) ||
        UNAVAILABLE_PRISMA_CODES.has(value.code))
    )
      return true;
    if (typeof value.originalCode === "string" && UNAVAILABLE_SQLSTATES.has(value.originalCode)) return true;
    if (typeof value.kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(value.kind)) return true;
    return typeof value.message === "string" && UNAVAILABLE_MESSAGES.test(value.message);
  });
}
