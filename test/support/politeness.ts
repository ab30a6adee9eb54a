import type { PolitenessSettings } from '../../src/crawl/fetcher/politeness.ts';

/** Pair settings for tests: two in flight, a rate and burst no test waits for, the default back-off. */
export const TEST_POLITENESS: PolitenessSettings = {
  concurrency: 2,
  requestsPerSecond: 10_000,
  burst: 100,
  errorSlowdownFactor: 1.5,
  rateLimitSlowdownFactor: 2,
  maxSlowdownFactor: 16,
  successRecoveryFactor: 0.9,
  rateLimitPauseMs: 1_000,
  maxPauseWaitMs: 10_000,
};
