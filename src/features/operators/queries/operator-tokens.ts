// Token checks with the valid ones kept, so an authenticated request costs no round trip once its token
// has been seen. What keeps a kept check honest:
// - a revoke or rotate through the commands forgets every kept check at once in the process that made
//   it, and in every other process when its NOTIFY (OPERATOR_CHANGES_CHANNEL, sent in the change's own
//   transaction) arrives at the commit;
// - a lost LISTEN connection forgets them all (a change may have been missed);
// - an expiry is checked against the clock on every use;
// - a kept check older than TOKEN_RECHECK_MS is made again: an edit made outside the commands (SQL by
//   hand) is seen within that time.
// Only valid checks are kept: unknown, revoked and expired tokens go to the database every time.
import type pg from "pg";
import type { AuthenticatedOperator, TokenCheck } from "../../../platform/auth/caller.js";
import { LruCache } from "../../../platform/lib/lru-cache.js";
import { bearerToken, lookUpToken } from "../commands/operator.commands.js";
import { hashToken } from "../domain/tokens.js";

/** How long a kept valid check is trusted without asking the database again. */
export const TOKEN_RECHECK_MS = 5_000;
/** Distinct valid tokens kept; beyond it the least recently used is checked again at its next use. */
const TOKENS_KEPT = 10_000;

interface KeptCheck {
  operator: AuthenticatedOperator;
  expiresMs: number | null;
  checkedAt: number;
}

export class OperatorTokens {
  /** By the sha256 of the token: the raw token is never kept. */
  private readonly kept = new LruCache<string, KeptCheck>(TOKENS_KEPT);
  /** Moves on every forget: a check that began before it must not store what it read. */
  private generation = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  /** The outcome of an Authorization header value: the header parsed and the token hashed once. */
  async check(header: string | undefined | null): Promise<TokenCheck> {
    const token = bearerToken(header);
    if (token === null) return { status: "ANONYMOUS" };
    if (token === "malformed") return { status: "INVALID", reason: "MALFORMED_HEADER" };
    const key = hashToken(token);
    const now = this.now();
    const kept = this.kept.get(key);
    if (kept && now - kept.checkedAt < TOKEN_RECHECK_MS) {
      if (kept.expiresMs === null || kept.expiresMs > now) return { status: "VALID", operator: kept.operator };
      this.kept.delete(key);
      return { status: "INVALID", reason: "EXPIRED_TOKEN" };
    }
    const generation = this.generation;
    const { check, expiresMs } = await lookUpToken(this.pool, key, now);
    if (check.status === "VALID" && generation === this.generation)
      this.kept.set(key, { operator: check.operator, expiresMs, checkedAt: now });
    else this.kept.delete(key);
    return check;
  }

  /** An operator changed (or a change may have been missed): every kept check is made again. */
  forget(): void {
    this.generation += 1;
    this.kept.clear();
  }

  /** Valid checks kept now: for tests and the dashboard. */
  get size(): number {
    return this.kept.size;
  }
}
