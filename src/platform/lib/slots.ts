/**
 * A process-wide bound on work running at once (values crawling), with a count of work promised
 * but not started yet (values of claimed tasks), so a queue can stop claiming while enough waits.
 */
export class WorkSlots {
  private running = 0;
  private promised = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** Work running now. */
  get active(): number {
    return this.running;
  }

  /** Work promised by `hold` and not yet released: what claimed tasks still have to do. */
  get held(): number {
    return this.promised;
  }

  /**
   * Promises `count` pieces of work; answers the function that releases `n` of them (all that are
   * left when `n` is omitted). Releasing more than is left releases what is left.
   */
  hold(count: number): (n?: number) => void {
    let left = Math.max(0, count);
    this.promised += left;
    return (n = left) => {
      const released = Math.min(left, Math.max(0, n));
      left -= released;
      this.promised -= released;
    };
  }

  /** Runs `work` once fewer than `limit` pieces run, first come first served. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so no newcomer can overtake it.
      const next = this.waiters.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
