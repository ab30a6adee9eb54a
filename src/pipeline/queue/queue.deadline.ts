import { sleep } from '../../platform/lib/time.ts';

/**
 * Whether `promise` settles within `timeoutMs` (a rejection counts as settled). Redis calls can wait
 * forever while the server is away; callers that must move on (a relay round, a shutdown) bound them
 * with this. The timer never outlives the answer.
 */
export async function settlesWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  const timer = new AbortController();
  const settled = promise.then(
    () => true,
    () => true,
  );
  const inTime = await Promise.race([settled, sleep(timeoutMs, timer.signal).then(() => false)]);
  timer.abort();
  return inTime;
}

/** Resolves with `promise`, or rejects naming `what` when it takes longer than `timeoutMs`. */
export async function withinMs<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  if (!(await settlesWithin(promise, timeoutMs))) throw new Error(`${what} took longer than ${timeoutMs} ms`);
  return promise;
}
