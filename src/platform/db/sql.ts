// Raw SQL that runs the same on a pg client and inside a Prisma transaction. The projection worker runs
// its refresh on a pg client (a statement costs it less than half the CPU it costs through Prisma); a
// rebuild runs the same projector code inside its Prisma transaction. The two drivers decode results
// differently (pg reads int8 as text and a timestamp without zone as local time; Prisma reads them as
// bigint and UTC), so statements written for both select bigints as text and timestamps as epoch
// milliseconds (`(extract(epoch FROM c) * 1000)::float8`), and pass both as text parameters with a cast.
import { createHash } from "node:crypto";
import type pg from "pg";
import type { TransactionClient } from "./transaction.js";

/** A statement: text with $1..$n placeholders and their values. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

const FRAGMENT = Symbol("sql fragment");

/**
 * Each interpolation becomes a parameter: `sql\`SELECT … WHERE id = ${id}::uuid\``; an interpolated
 * `sql` statement is spliced in as text, its own parameters renumbered after those before it.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlStatement {
  let text = strings[0]!;
  const parameters: unknown[] = [];
  values.forEach((value, index) => {
    if (isFragment(value)) {
      const offset = parameters.length;
      text += value.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      parameters.push(...value.values);
    } else {
      parameters.push(value);
      text += `$${parameters.length}`;
    }
    text += strings[index + 1];
  });
  return Object.assign({ text, values: parameters }, { [FRAGMENT]: true });
}

const isFragment = (value: unknown): value is SqlStatement =>
  typeof value === "object" && value !== null && FRAGMENT in value;

/** Where statements run: a transaction's connection, whichever driver holds it. */
export interface SqlRunner {
  query<Row>(statement: SqlStatement): Promise<Row[]>;
}

/**
 * With `prepared`, each statement is a named one, named after its text: every connection parses and plans
 * it once. On the pool itself (no transaction) each statement takes any free connection. The worker names
 * its statements on a server only (see database.ts for the embedded database's one session).
 */
export function pgRunner(client: pg.PoolClient | pg.Pool, prepared = false): SqlRunner {
  return {
    query: async <Row>({ text, values }: SqlStatement) =>
      (await client.query(prepared ? { name: statementName(text), text, values } : { text, values })).rows as Row[],
  };
}

const statementName = (text: string) => `sql-${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;

export function prismaRunner(tx: TransactionClient): SqlRunner {
  return { query: <Row>(statement: SqlStatement) => tx.$queryRawUnsafe<Row[]>(statement.text, ...statement.values) };
}

/** Runs `work` in a transaction on one pooled connection: committed when it returns, rolled back when it throws. */
export async function withPgTransaction<T>(
  pool: pg.Pool,
  work: (runner: SqlRunner) => Promise<T>,
  options: { prepared?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  // The pool listens for errors only on idle connections: a connection lost while checked out emits
  // 'error', which with no listener would be thrown and end the process. The statement in flight
  // rejects with the same error, so here it only marks the connection as not to be reused.
  const lost = () => {
    broken = true;
  };
  client.on("error", lost);
  try {
    await client.query("BEGIN");
    const result = await work(pgRunner(client, options.prepared));
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {
      broken = true; // the connection is unusable: the pool drops it instead of reusing it
    });
    throw error;
  } finally {
    client.off("error", lost);
    client.release(broken);
  }
}
