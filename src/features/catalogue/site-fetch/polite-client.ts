// An HTTP client for one site that never asks faster than its delay: at least `delayMs` between any
// two requests (retries included), retries on 5xx, 429 and network failures with a growing wait.

export type PageResponse =
  { kind: "page"; html: string } | { kind: "missing"; status: number } | { kind: "failed"; reason: string };

type RetryableFailure = { kind: "retry"; reason: string; retryAfterMs: number | null };

export interface PoliteClientOptions {
  delayMs: number;
  /** Retries after a failed attempt; each waits twice as long as the one before (or the server's Retry-After). */
  retries: number;
  fetchPage: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  userAgent: string;
}

/** Statuses that will not change by asking again: the page does not exist or is not ours to read. */
const PERMANENT: ReadonlySet<number> = new Set([400, 401, 403, 404, 410]);
/** A Retry-After longer than this is not waited for: the page is reported failed and the run goes on. */
const MAX_RETRY_AFTER_MS = 120_000;

export class PoliteClient {
  private lastRequestAt: number | null = null;
  private requestCount = 0;

  constructor(private readonly options: PoliteClientOptions) {}

  /** HTTP requests sent so far, retries included. */
  get requests(): number {
    return this.requestCount;
  }

  async get(url: string): Promise<PageResponse> {
    let wait = this.options.delayMs;
    let reason = "not attempted";
    for (let attempt = 0; attempt <= this.options.retries; attempt += 1) {
      if (attempt > 0) await this.options.sleep(wait);
      const result = await this.attempt(url);
      if (result.kind !== "retry") return result;
      reason = result.reason;
      if (result.retryAfterMs !== null && result.retryAfterMs > MAX_RETRY_AFTER_MS) {
        return { kind: "failed", reason: `${reason}; the server asked to wait ${result.retryAfterMs / 1000} s` };
      }
      wait = Math.max(wait * 2, result.retryAfterMs ?? 0);
    }
    return { kind: "failed", reason: `${reason} after ${this.options.retries + 1} attempts` };
  }

  private async attempt(url: string): Promise<PageResponse | RetryableFailure> {
    await this.keepDistance();
    this.requestCount += 1;
    try {
      const response = await this.options.fetchPage(url, {
        headers: { "user-agent": this.options.userAgent, accept: "text/html" },
      });
      if (response.ok) return { kind: "page", html: await response.text() };
      await response.body?.cancel();
      if (PERMANENT.has(response.status)) return { kind: "missing", status: response.status };
      const retryAfterSeconds = Number(response.headers.get("retry-after") ?? Number.NaN);
      return {
        kind: "retry",
        reason: `HTTP ${response.status}`,
        retryAfterMs: Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : null,
      };
    } catch (error) {
      return { kind: "retry", reason: `network error: ${(error as Error).message}`, retryAfterMs: null };
    } finally {
      this.lastRequestAt = Date.now();
    }
  }

  private async keepDistance(): Promise<void> {
    if (this.lastRequestAt === null) return;
    const remaining = this.lastRequestAt + this.options.delayMs - Date.now();
    if (remaining > 0) await this.options.sleep(remaining);
  }
}
