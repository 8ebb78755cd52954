// Hands out delivery turns so that a notice fanned out to hundreds of subscribers does not hold the event
// loop in one burst: a few deliveries per turn of the loop, the rest in later turns, so the requests and
// database answers that arrive meanwhile (the writes) are served in between.
//
// A write crosses the loop several times (its request, its statement's answer, its response) and may wait
// behind one burst at each crossing, so what bounds the writes' added latency is a burst's duration, not
// its count. What a delivery costs depends on the machine: most of it is the socket write, a system call
// that cost ~23 µs on the 2-core test VM. So each turn's burst is timed and the next turn gets as many
// deliveries as fit in BURST_BUDGET_MS at the cost just measured. With a fixed 25 a turn (about 0.6 ms
// there) the 200-subscriber write p50 was 1.6–1.7× the p50 without subscribers; at about 0.1 ms a turn,
// 1.2–1.3× (bench:subscriptions, docs/evaluation.md).

/** How long one turn's deliveries may hold the loop. */
export const BURST_BUDGET_MS = 0.1;
/** The first turn's allowance, before any burst has been timed. */
const FIRST_ALLOWANCE = 8;
/** Bounds on a turn's allowance: always progress; never one burst for a whole fan-out. */
const MIN_ALLOWANCE = 1;
const MAX_ALLOWANCE = 64;

export interface PacerOptions {
  budgetMs?: number;
  firstAllowance?: number;
  now?: () => number;
}

export class DeliveryPacer {
  private allowance: number;
  private used = 0;
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;
  private readonly budgetMs: number;
  private readonly now: () => number;

  constructor(options: PacerOptions = {}) {
    this.budgetMs = options.budgetMs ?? BURST_BUDGET_MS;
    this.allowance = options.firstAllowance ?? FIRST_ALLOWANCE;
    this.now = options.now ?? (() => performance.now());
  }

  /** Undefined when this delivery may go now, else a promise that resolves in a later turn. */
  turn(): Promise<void> | undefined {
    this.schedule();
    if (this.used < this.allowance && this.waiting.length === 0) {
      this.used += 1;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The allowance a turn should get when `deliveries` took `elapsedMs`. */
  private sized(deliveries: number, elapsedMs: number): number {
    const perDelivery = elapsedMs / deliveries;
    const fits = perDelivery > 0 ? Math.floor(this.budgetMs / perDelivery) : MAX_ALLOWANCE;
    return Math.min(MAX_ALLOWANCE, Math.max(MIN_ALLOWANCE, fits));
  }

  /**
   * At the loop's check phase (after I/O): a new turn's allowance, given first to those waiting. The
   * released deliveries run in the microtasks drained right after this callback, and Node runs the next
   * immediate of the same phase only after that drain: the second immediate, queued beside the first, times
   * the burst.
   */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    let released = 0;
    let started = 0;
    setImmediate(() => {
      this.scheduled = false;
      const resolvers = this.waiting.splice(0, this.allowance);
      released = resolvers.length;
      this.used = released;
      started = this.now();
      for (const resolve of resolvers) resolve();
      if (released > 0) this.schedule();
    });
    setImmediate(() => {
      if (released > 0) this.allowance = this.sized(released, this.now() - started);
    });
  }
}
