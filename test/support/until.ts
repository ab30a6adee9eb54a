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
