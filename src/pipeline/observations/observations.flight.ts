/**
 * Single-flight: while one task crawls a cache key, others that may reuse its result wait for it
 * instead of crawling the same value again. The registry lives in this process's memory, one per
 * database handle. Across processes `ServeDeps.flightLocks` (a Redis mutex per key in distributed
 * mode, `cluster/cluster.locks.ts`) makes the leader of a key wait while another process crawls it
 * and then look in the store again, so the cluster makes one crawl of a key at a time (docs/cache.md).
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, { flight: Promise<T>; waiting: number }>();

  /** Waits for the flight under way for `key`, or answers undefined when there is none. */
  join(key: string): Promise<T> | undefined {
    const entry = this.inFlight.get(key);
    if (!entry) return undefined;
    entry.waiting += 1;
    return entry.flight.finally(() => {
      entry.waiting -= 1;
    });
  }

  /**
   * Starts a flight for `key` and answers the function that lands it with its result, or
   * undefined when a flight for `key` is already under way. Landing always removes the flight.
   */
  lead(key: string): ((result: T) => void) | undefined {
    if (this.inFlight.has(key)) return undefined;
    let land!: (result: T) => void;
    const entry = {
      flight: new Promise<T>((resolve) => {
        land = resolve;
      }),
      waiting: 0,
    };
    this.inFlight.set(key, entry);
    return (result) => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
      land(result);
    };
  }

  /** How many callers wait for the flight of `key` (diagnostics and tests). */
  waiting(key: string): number {
    return this.inFlight.get(key)?.waiting ?? 0;
  }
}

const registries = new WeakMap<object, SingleFlight<unknown>>();

/** The registry of flights of one owner (the process's database handle). */
export function flightsOf<T>(owner: object): SingleFlight<T> {
  let flights = registries.get(owner);
  if (!flights) {
    flights = new SingleFlight<unknown>();
    registries.set(owner, flights);
  }
  return flights as SingleFlight<T>;
}
