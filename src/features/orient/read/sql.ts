// The statement runner of orient's hot reads: rows come straight from the pg pool, because Prisma's
// raw-query result processing (a per-value type walk over a few hundred wide rows per request) cost
// more than the statements themselves. Values are always bound parameters ($1, $2, …). Timestamps are
// selected as timestamptz so pg does not reinterpret Prisma's UTC `timestamp` columns in local time.
//
// Statements are prepared once per connection (named by a digest of their text): planning the identity
// read alone cost three times its execution. `sql.planned` runs a statement unnamed, planned with its
// values every time, for the one read whose best plan depends on them (the sparse probes' term arrays).
import type pg from "pg";
import { sha256Hex } from "../../../platform/lib/canonical-json.js";

type Tag = <Row>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<Row[]>;
export type Sql = Tag & { planned: Tag };

interface Statement {
  text: string;
  name: string;
}

/**
 * Each call site's statement, named once: a call site's template strings are one frozen array for the
 * life of the process, so the memo (owned by one runner, created with it) needs no eviction.
 */
function statementNames(): (strings: TemplateStringsArray) => Statement {
  const statements = new WeakMap<TemplateStringsArray, Statement>();
  return (strings) => {
    let statement = statements.get(strings);
    if (!statement) {
      const text = strings.reduce((sql, part, index) => `${sql}$${index}${part}`);
      statement = { text, name: `orient_${sha256Hex(text).slice(0, 24)}` };
      statements.set(strings, statement);
    }
    return statement;
  };
}

/** SQLSTATE duplicate_prepared_statement. */
const DUPLICATE_PREPARED_STATEMENT = "42P05";

/** The runner over one pool; the orient service builds one per database and keeps it for the process. */
export function sqlOf(pool: pg.Pool): Sql {
  const statementOf = statementNames();
  const prepared: Tag = async <Row>(strings: TemplateStringsArray, ...values: unknown[]) => {
    const { text, name } = statementOf(strings);
    try {
      return (await pool.query({ name, text, values })).rows as Row[];
    } catch (error) {
      // The embedded database keeps a named statement whose execution failed, while the client forgets
      // it and prepares it again under the same name: that connection would refuse the statement for
      // good. Unnamed, it still runs (planned each time).
      if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
      return (await pool.query(text, values)).rows as Row[];
    }
  };
  const planned: Tag = async <Row>(strings: TemplateStringsArray, ...values: unknown[]) => {
    return (await pool.query(statementOf(strings).text, values)).rows as Row[];
  };
  return Object.assign(prepared, { planned });
}
