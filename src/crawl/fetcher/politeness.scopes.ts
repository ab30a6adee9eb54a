/**
 * Which limits a politeness gate gets: a (source, country) pair of a fixed source draws from
 * `CRAWL_PAIR_*` and `CRAWL_LIMITS`; a chosen target's host (`host:<name:port>`, the `web` source)
 * from the per-host defaults (1 request/s, 2 at once), which a `CRAWL_LIMITS` entry for the source
 * overrides (decisions G35). Both work the same in process and on Redis.
 */
import type { FetcherOptions } from './fetcher.options.ts';
import { settingsPerPair, type PairSettings, type PolitenessSettings } from './politeness.ts';

/** The settings function of a fetcher's gates, pairs and target hosts alike. */
export function politenessSettingsOf(options: FetcherOptions): PairSettings {
  const defaults: PolitenessSettings = {
    concurrency: options.perPairConcurrency,
    requestsPerSecond: options.perPairRequestsPerSecond,
    burst: options.perPairBurst,
    errorSlowdownFactor: options.errorSlowdownFactor,
    rateLimitSlowdownFactor: options.rateLimitSlowdownFactor,
    maxSlowdownFactor: options.maxSlowdownFactor,
    successRecoveryFactor: options.successRecoveryFactor,
    rateLimitPauseMs: options.rateLimitPauseMs,
    maxPauseWaitMs: options.maxPairPauseWaitMs,
  };
  const { perHostConcurrency, perHostRequestsPerSecond } = options.openTargets;
  const pairs = settingsPerPair(defaults, options.perPairLimits);
  const hosts = settingsPerPair(
    { ...defaults, concurrency: perHostConcurrency, requestsPerSecond: perHostRequestsPerSecond },
    options.perPairLimits,
  );
  return (source, scope) => (scope.startsWith('host:') ? hosts(source, scope) : pairs(source, scope));
}
