import assert from 'node:assert/strict';
import { setMaxListeners } from 'node:events';
import { describe, it } from 'node:test';
import { createFetcher, type FetchRequest } from './fetcher.ts';
import { delayed, ok, startServer } from '../../../test/support/fetch-server.ts';
import { TEST_POLITENESS } from '../../../test/support/politeness.ts';
import { PolitenessRegistry, settingsPerPair, type Permit } from './politeness.ts';

const DEFAULTS = TEST_POLITENESS;

const LIMITS = {
  source_01: { concurrency: 8, requestsPerSecond: 1_000 },
  'source_01.de': { requestsPerSecond: 2 },
  'source_02.gb': { concurrency: 1 },
};

const never = new AbortController().signal;
// Every test request shares this signal; each waiting request adds a listener.
setMaxListeners(1_000, never);

describe('politeness limits per source and per pair (CRAWL_LIMITS)', () => {
  it('takes each setting from the most specific entry that has it, then from the defaults', () => {
    const settingsOf = settingsPerPair(DEFAULTS, LIMITS);
    const pick = (source: string, country: string) => {
      const { concurrency, requestsPerSecond, burst } = settingsOf(source, country);
      return { concurrency, requestsPerSecond, burst };
    };
    // The pair entry sets the rate; the concurrency comes from the source entry.
    assert.deepEqual(pick('source_01', 'de'), { concurrency: 8, requestsPerSecond: 2, burst: 2 });
    assert.deepEqual(pick('source_01', 'at'), { concurrency: 8, requestsPerSecond: 1_000, burst: 100 });
    // gb and uk are one marketplace: an entry for either applies to both.
    assert.deepEqual(pick('source_02', 'uk'), { concurrency: 1, requestsPerSecond: 10_000, burst: 100 });
    assert.deepEqual(pick('source_02', 'de'), { concurrency: 2, requestsPerSecond: 10_000, burst: 100 });
    assert.equal(settingsOf('source_03', 'fr').errorSlowdownFactor, DEFAULTS.errorSlowdownFactor);
    // Below one request per second a rested pair still starts one request, never more.
    assert.equal(
      settingsPerPair(DEFAULTS, { source_04: { requestsPerSecond: 0.2 } })('source_04', 'de').burst,
      1,
    );
  });

  it('gives two pairs of one registry their own concurrency and rate', () => {
    const gates = new PolitenessRegistry(settingsPerPair(DEFAULTS, LIMITS));
    const asked = (source: string, country: string, count: number) => {
      const gate = gates.gate(source, country);
      const permits = Array.from({ length: count }, () => gate.acquire(never));
      return { gate, permits };
    };
    try {
      // Granted at once, within the same tick: counts, not timings.
      const limitedRate = asked('source_01', 'de', 10);
      const wide = asked('source_01', 'at', 10);
      const oneAtATime = asked('source_02', 'gb', 10);
      const defaults = asked('source_03', 'fr', 10);
      assert.deepEqual(limitedRate.gate.snapshot(), {
        inFlight: 2,
        queued: 8,
        slowdownFactor: 1,
        pausedForMs: 0,
      });
      assert.equal(wide.gate.snapshot().inFlight, 8);
      assert.equal(oneAtATime.gate.snapshot().inFlight, 1);
      assert.equal(gates.gate('source_02', 'uk'), oneAtATime.gate, 'uk and gb share the gate');
      assert.equal(defaults.gate.snapshot().inFlight, DEFAULTS.concurrency);
      for (const { permits } of [limitedRate, wide, oneAtATime, defaults]) {
        for (const permit of permits)
          void permit.then(
            (held: Permit) => held.release({ kind: 'neutral' }),
            () => {},
          );
      }
    } finally {
      gates.close();
    }
  });

  it('holds each pair of a fetcher to its own concurrency', async () => {
    const server = await startServer({ '/slow': delayed(40, ok()) });
    const fetcher = createFetcher({
      requestTimeoutMs: 5_000,
      perPairConcurrency: 2,
      perPairRequestsPerSecond: 10_000,
      perPairBurst: 100,
      perPairLimits: { 'source_01.de': { concurrency: 1 }, source_02: { concurrency: 4 } },
    });
    const request = (source: string): FetchRequest => ({
      source,
      country: 'de',
      url: `${server.url}/slow`,
      signal: never,
    });
    try {
      const watched = { source_01: 0, source_02: 0 };
      const pages = ['source_01', 'source_02'].flatMap((source) =>
        Array.from({ length: 8 }, () =>
          fetcher.fetchPage({
            ...request(source),
            onAnswer: () => {
              const key = source as keyof typeof watched;
              watched[key] = Math.max(watched[key], fetcher.politeness(source, 'de').inFlight);
            },
          }),
        ),
      );
      assert.equal((await Promise.all(pages)).length, 16);
      assert.deepEqual(watched, { source_01: 1, source_02: 4 });
      assert.ok(server.maxInFlight() <= 5, `the server saw ${server.maxInFlight()} at once`);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });
});
