// Counts the SQL statements sent through a pg pool (Prisma's adapter shares it), so tests can
// assert that an operation issues a bounded number of queries and catch N+1 regressions.
import type pg from "pg";

export interface QueryCounter {
  /** Statements recorded since the last reset. */
  readonly statements: readonly string[];
  readonly count: number;
  reset(): void;
  /** Runs `work` and returns its result with the statements it issued. */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}

type QueryFunction = pg.PoolClient["query"];

function statementText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === "string") return first;
  if (first && typeof first === "object" && "text" in first) return String((first as { text: unknown }).text);
  return String(first);
}

/**
 * Hooks every client the pool hands out. The "acquire" event fires on each checkout, including
 * clients connected before the counter existed (the embedded pool keeps one client for ever).
 */
export function countQueries(pool: pg.Pool): QueryCounter {
  const patched = new WeakSet<pg.PoolClient>();
  let statements: string[] = [];
  pool.on("acquire", (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      statements.push(statementText(args));
      return original(...args);
    }) as QueryFunction;
  });
  return {
    get statements() {
      return statements;
    },
    get count() {
      return statements.length;
    },
    reset() {
      statements = [];
    },
    async measure(work) {
      statements = [];
      const result = await work();
      const issued = statements;
      statements = [];
      return { result, statements: issued };
    },
  };
}
