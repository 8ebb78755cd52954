// Token strings numbered by the analyser that met them, so a checkpoint counts and scores its window with
// integer arrays: counting a window's terms by string keys was most of a refresh's time. Numbers mean
// something only within one table; texts analysed with different tables are never mixed in one window.

const INITIAL_CAPACITY = 1_024;

/**
 * A set of ids that empties in constant time: an id is in it when stamped with the current pass, so
 * clearing starts a new pass instead of zeroing (a table may hold many thousands of ids; a use, hundreds).
 */
export class IdMarks {
  private stamps: Uint32Array;
  private pass = 1;

  constructor(capacity: number) {
    this.stamps = new Uint32Array(capacity);
  }

  clear(): void {
    if (this.pass < 0xffff_ffff) this.pass += 1;
    else {
      this.stamps.fill(0);
      this.pass = 1;
    }
  }

  add(id: number): void {
    this.stamps[id] = this.pass;
  }

  has(id: number): boolean {
    return this.stamps[id] === this.pass;
  }

  /** Room for ids below `capacity`, keeping the marks. */
  grow(capacity: number): void {
    const stamps = new Uint32Array(capacity);
    stamps.set(this.stamps);
    this.stamps = stamps;
  }
}

export class TokenTable {
  private readonly ids = new Map<string, number>();
  private readonly tokens: string[] = [];
  /** The ids distinctIds has seen in the text at hand: distinct ids without a Set per text. */
  private readonly seen = new IdMarks(INITIAL_CAPACITY);
  /** Handed out by emptyMarks. */
  private readonly marks = new IdMarks(INITIAL_CAPACITY);
  private capacity = INITIAL_CAPACITY;
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
    this.seen.clear();
    if (this.scratch.length < tokens.length) this.scratch = new Int32Array(tokens.length * 2);
    let count = 0;
    for (const token of tokens) {
      const id = this.idOf(token);
      if (this.seen.has(id)) continue;
      this.seen.add(id);
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

  /** An empty set of this table's ids, the same object each time: valid until the next call. */
  emptyMarks(): IdMarks {
    this.marks.clear();
    return this.marks;
  }

  private idOf(token: string): number {
    const known = this.ids.get(token);
    if (known !== undefined) return known;
    const id = this.tokens.length;
    this.tokens.push(token);
    this.ids.set(token, id);
    if (id >= this.capacity) this.grow();
    return id;
  }

  private grow(): void {
    this.capacity *= 2;
    this.seen.grow(this.capacity);
    this.marks.grow(this.capacity);
    const counters = new Int32Array(this.capacity);
    counters.set(this.counters);
    this.counters = counters;
  }
}
