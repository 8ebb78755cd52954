// Raw SQL that runs the same on a pg client and inside a Prisma transaction. The projection worker runs
// its refresh on a pg client (a statement costs it less than half the CPU it costs through Prisma); a
// rebuild runs the same projector code inside its Prisma transaction. The two drivers decode results
// differently (pg reads int8 as text and a timestamp without zone as local time; Prisma reads them as
// bigint and UTC), so statements written for both select bigints as text and timestamps as epoch
// milliseconds (`(extract(epoch FROM c) * 1000)::float8`), and pass both as text parameters with a cast.
import type pg from "pg";
import type { TransactionClient } from "./transaction.js";

/** A statement: text with $1..$n placeholders and their values. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

/** Each interpolation becomes a parameter: `sql\`SELECT … WHERE id = ${id}::uuid\``. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlStatement {
  let text = strings[0]!;
  for (let index = 1; index < strings.length; index += 1) text += `$${index}${strings[index]}`;
  return { text, values };
}

/** Where statements run: a transaction's connection, whichever driver holds it. */
export interface SqlRunner {
  query<Row>(statement: SqlStatement): Promise<Row[]>;
}

export function pgRunner(client: pg.PoolClient): SqlRunner {
  return { query: async <Row>(statement: SqlStatement) => (await client.query(statement)).rows as Row[] };
}

export function prismaRunner(tx: TransactionClient): SqlRunner {
  return { query: <Row>(statement: SqlStatement) => tx.$queryRawUnsafe<Row[]>(statement.text, ...statement.values) };
}

/** Runs `work` in a transaction on one pooled connection: committed when it returns, rolled back when it throws. */
export async function withPgTransaction<T>(pool: pg.Pool, work: (runner: SqlRunner) => Promise<T>): Promise<T> {
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
    const result = await work(pgRunner(client));
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
