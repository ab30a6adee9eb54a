/** Current time as an ISO-8601 UTC string, the storage format of every timestamp. */
export function isoNow(now: Date = new Date()): string {
  return now.toISOString();
}

/** Adds milliseconds to a time and returns ISO-8601 UTC. */
export function isoPlus(from: Date | string, plusMs: number): string {
  return new Date(new Date(from).getTime() + plusMs).toISOString();
}

/** Resolves after `ms`, or at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
