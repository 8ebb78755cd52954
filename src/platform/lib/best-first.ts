// Indices in order of descending score, ties by ascending index (the order a stable sort by score
// gives), taken one at a time from a binary heap: building it costs O(n) and each index O(log n), so
// a caller that stops after the first few does not pay for ordering all n.

export class BestFirst {
  private readonly heap: Int32Array;
  private size: number;

  /** `scores` must not change while indices are taken. */
  constructor(private readonly scores: Float64Array) {
    this.size = scores.length;
    this.heap = new Int32Array(this.size);
    for (let index = 0; index < this.size; index += 1) this.heap[index] = index;
    for (let start = (this.size >> 1) - 1; start >= 0; start -= 1) this.siftDown(start);
  }

  get remaining(): number {
    return this.size;
  }

  /** The best index not yet taken, or -1 when every index has been. */
  next(): number {
    if (this.size === 0) return -1;
    const best = this.heap[0]!;
    this.size -= 1;
    this.heap[0] = this.heap[this.size]!;
    this.siftDown(0);
    return best;
  }

  private before(left: number, right: number): boolean {
    const leftScore = this.scores[left]!;
    const rightScore = this.scores[right]!;
    return leftScore > rightScore || (leftScore === rightScore && left < right);
  }

  private siftDown(start: number): void {
    const item = this.heap[start]!;
    let position = start;
    for (;;) {
      let child = 2 * position + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.before(this.heap[child + 1]!, this.heap[child]!)) child += 1;
      if (!this.before(this.heap[child]!, item)) break;
      this.heap[position] = this.heap[child]!;
      position = child;
    }
    this.heap[position] = item;
  }
}
