// Token strings numbered by the analyser that met them, so a checkpoint counts and scores its window with
// integer arrays: counting a window's terms by string keys was most of a refresh's time. Numbers mean
// something only within one table; texts analysed with different tables are never mixed in one window.

const INITIAL_CAPACITY = 1_024;

export class TokenTable {
  private readonly ids = new Map<string, number>();
  private readonly tokens: string[] = [];
  /** Per id, the pass of distinctIds that last saw it: distinct ids without a Set per text. */
  private seen = new Uint32Array(INITIAL_CAPACITY);
  private pass = 0;
  /** Where distinctIds collects a text's ids before copying them out. */
  private scratch = new Int32Array(INITIAL_CAPACITY);
  /** Per id, a counter that is zero between uses (see withCounters). */
  private counters = new Int32Array(INITIAL_CAPACITY);

  get size(): number {
    return this.tokens.length;
  }

  tokenOf(id: number): string {
    return this.tokens[id]!;
  }

  /** The distinct ids of `tokens`, in order of first occurrence (the order of `new Set(tokens)`). */
  distinctIds(tokens: readonly string[]): Int32Array {
    this.pass = this.pass === 0xffff_ffff ? this.restartPasses() : this.pass + 1;
    if (this.scratch.length < tokens.length) this.scratch = new Int32Array(tokens.length * 2);
    let count = 0;
    for (const token of tokens) {
      const id = this.idOf(token);
      if (this.seen[id] === this.pass) continue;
      this.seen[id] = this.pass;
      this.scratch[count++] = id;
    }
    // One allocation of the exact size (collecting into an array first made two).
    return this.scratch.slice(0, count);
  }

  /**
   * Runs `use` with a counter per id, all zero; `use` reports the ids it made non-zero through `touched`
   * so they are zeroed after it (a window touches hundreds of ids, the table may hold many thousands).
   */
  withCounters<T>(use: (counters: Int32Array, touched: number[]) => T): T {
    const touched: number[] = [];
    try {
      return use(this.counters, touched);
    } finally {
      for (const id of touched) this.counters[id] = 0;
    }
  }

  private idOf(token: string): number {
    const known = this.ids.get(token);
    if (known !== undefined) return known;
    const id = this.tokens.length;
    this.tokens.push(token);
    this.ids.set(token, id);
    if (id >= this.seen.length) this.grow();
    return id;
  }

  private grow(): void {
    const capacity = this.seen.length * 2;
    const seen = new Uint32Array(capacity);
    seen.set(this.seen);
    this.seen = seen;
    const counters = new Int32Array(capacity);
    counters.set(this.counters);
    this.counters = counters;
  }

  private restartPasses(): number {
    this.seen.fill(0);
    return 1;
  }
}
