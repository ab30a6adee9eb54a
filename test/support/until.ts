import { sleep } from '../../src/platform/lib/time.ts';

/**
 * Polls `check` until it holds; fails naming `what` after `timeoutMs`. Tests wait on outcomes
 * (counts, states), never assert durations.
 */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`not met in ${timeoutMs} ms: ${what}`);
    await sleep(20);
  }
}

/**
 * Settles with `promise`, or fails naming `what` after `timeoutMs`; the timer is cleared either
 * way, so a test that already has its answer does not keep the process alive until it fires.
 */
export async function within<T>(what: string, promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled in ${timeoutMs} ms: ${what}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
