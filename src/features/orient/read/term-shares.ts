// How common each of the commonest sparse terms is, from PostgreSQL's own column statistics
// (pg_stats.most_common_elems of sparse_documents.terms, kept by ANALYZE and autovacuum). The sparse
// probe's first half asks only for terms below COMMON_TERM_SHARE: on a large target a word that nearly
// every record uses ("sum", "set") would fill it with the newest records, whatever the query asks.
// Read once per TERM_SHARES_TTL_MS per database (the orient caches hold one TermShares); empty when the
// table has no statistics yet.
import { COMMON_TERM_SHARE, TERM_SHARES_TTL_MS } from "../domain/orient.constants.js";
import type { Sql } from "./sql.js";

async function readShares(sql: Sql): Promise<Map<string, number>> {
  const [row] = await sql<{ elems: string[] | null; freqs: number[] | null }>`
    SELECT most_common_elems::text::text[] AS elems, most_common_elem_freqs AS freqs
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'sparse_documents' AND attname = 'terms'`;
  // The frequencies list has three trailing entries (minimum, maximum, null share) after the elements'.
  return new Map((row?.elems ?? []).map((term, index) => [term, row?.freqs?.[index] ?? 0]));
}

/** The last read of the statistics and when it started; read again once it is TERM_SHARES_TTL_MS old. */
export class TermShares {
  private last: { readAt: number; shares: Promise<Map<string, number>> } | null = null;

  current(sql: Sql, now = Date.now()): Promise<Map<string, number>> {
    if (this.last && now - this.last.readAt < TERM_SHARES_TTL_MS) return this.last.shares;
    const shares = readShares(sql).catch(() => new Map<string, number>());
    this.last = { readAt: now, shares };
    return shares;
  }
}

/** Query terms that can narrow a probe: not among the target's common terms nor in COMMON_TERM_SHARE of all documents. */
export function distinctiveTerms(
  terms: readonly string[],
  commonTerms: ReadonlySet<string>,
  shares: ReadonlyMap<string, number>,
): string[] {
  return terms.filter((term) => !commonTerms.has(term) && (shares.get(term) ?? 0) < COMMON_TERM_SHARE);
}
