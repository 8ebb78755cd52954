// Hands out delivery turns so that a notice fanned out to hundreds of subscribers does not hold the event
// loop in one burst: a few dozen deliveries per turn of the loop, the rest in later turns, so the
// requests and database answers that arrive meanwhile (the writes) are served in between.

/** Deliveries per turn: a turn's burst stays well under a millisecond at the cost measured per delivery. */
const DELIVERIES_PER_TURN = 25;

export class DeliveryPacer {
  private used = 0;
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(private readonly perTurn = DELIVERIES_PER_TURN) {}

  /** Undefined when this delivery may go now, else a promise that resolves in a later turn. */
  turn(): Promise<void> | undefined {
    this.schedule();
    if (this.used < this.perTurn && this.waiting.length === 0) {
      this.used += 1;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** At the loop's check phase (after I/O): a new turn's allowance, given first to those waiting. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const released = this.waiting.splice(0, this.perTurn);
      this.used = released.length;
      for (const resolve of released) resolve();
      if (released.length > 0) this.schedule();
    });
  }
}
