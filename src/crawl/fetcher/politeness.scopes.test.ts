import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveFetcherOptions } from './fetcher.options.ts';
import { politenessSettingsOf } from './politeness.scopes.ts';

describe('politeness scopes: pairs of fixed sources and hosts of chosen targets', () => {
  const options = resolveFetcherOptions({ perPairConcurrency: 16, perPairRequestsPerSecond: 200 });

  it('gives a target host 1 request/s and 2 at once by default, a pair CRAWL_PAIR_*', () => {
    const settingsOf = politenessSettingsOf(options);
    const host = settingsOf('web', 'host:shop.example');
    assert.deepEqual([host.requestsPerSecond, host.concurrency, host.burst], [1, 2, 1]);
    const pair = settingsOf('source_01', 'de');
    assert.deepEqual([pair.requestsPerSecond, pair.concurrency], [200, 16]);
  });

  it('lets CRAWL_LIMITS key web set every target host, and leaves the pairs alone', () => {
    const settingsOf = politenessSettingsOf({
      ...options,
      perPairLimits: { web: { requestsPerSecond: 0.5, concurrency: 1 } },
    });
    const host = settingsOf('web', 'host:other.example:8443');
    assert.deepEqual([host.requestsPerSecond, host.concurrency], [0.5, 1]);
    assert.equal(settingsOf('source_02', 'fr').concurrency, 16);
  });
});
