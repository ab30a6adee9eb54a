import assert from 'node:assert/strict';
import { setMaxListeners } from 'node:events';
import { describe, it } from 'node:test';
import { CrawlTimeoutError, SourceUnavailableError } from '../vocabulary/crawl.errors.ts';
import { createFetcher, type FetchRequest } from './fetcher.ts';
import type { FetcherOptions } from './fetcher.options.ts';
import { delayed, hang, ok, startServer, status } from '../../../test/support/fetch-server.ts';
import { TEST_POLITENESS } from '../../../test/support/politeness.ts';
import { PairGate, pairKey } from './politeness.ts';

const FAST: Partial<FetcherOptions> = {
  requestTimeoutMs: 2_000,
  backoffBaseMs: 1,
  backoffMaxMs: 5,
  perPairRequestsPerSecond: 10_000,
  perPairBurst: 100,
};

const never = new AbortController().signal;
// Every test request shares this signal; each waiting request adds a listener.
setMaxListeners(1_000, never);

function request(url: string, source = 'source_01'): FetchRequest {
  return { source, country: 'de', url, signal: never };
}

describe('politeness of a pair', () => {
  it('backs off a pair after a 429 with Retry-After', async () => {
    const server = await startServer({
      '/limited': [status(429, { 'retry-after': '1' }), ok()],
      '/other': ok(),
    });
    const fetcher = createFetcher(FAST);
    try {
      let otherValue: Promise<unknown> | undefined;
      let otherPair: Promise<unknown> | undefined;
      const page = await fetcher.fetchPage({
        ...request(`${server.url}/limited`),
        onAnswer: (answer) => {
          if (answer.status !== 429) return;
          // Soon after the 429: another value of the same pair, and a value of another pair.
          const later = (source: string): Promise<unknown> =>
            new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
              fetcher.fetchPage(request(`${server.url}/other`, source)),
            );
          otherValue = later('source_01');
          otherPair = later('source_02');
        },
      });
      await Promise.all([otherValue, otherPair]);
      assert.equal(page.status, 200);
      const [limited, retried] = server.seen.filter((seen) => seen.path === '/limited');
      const others = server.seen.filter((seen) => seen.path === '/other').map((seen) => seen.atMs);
      assert.ok(limited && retried);
      assert.ok(retried.atMs - limited.atMs >= 1_000, 'the retry waited for Retry-After');
      assert.ok(others.filter((atMs) => atMs - limited.atMs >= 1_000).length === 1, 'same pair waited');
      assert.ok(
        others.some((atMs) => atMs - limited.atMs < 1_000),
        'another pair did not wait',
      );
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const retryAt = new Date(Date.now() + 1_500).toUTCString();
    const server = await startServer({ '/limited': [status(429, { 'retry-after': retryAt }), ok()] });
    const fetcher = createFetcher(FAST);
    try {
      await fetcher.fetchPage(request(`${server.url}/limited`));
      const retried = server.seen[1];
      assert.ok(retried && retried.atMs >= Date.parse(retryAt));
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('pauses a pair after a 429 without Retry-After and honours a 503 Retry-After', async () => {
    const server = await startServer({
      '/limited': [status(429), ok()],
      '/unavailable': [status(503, { 'retry-after': '1' }), ok()],
    });
    const fetcher = createFetcher({ ...FAST, rateLimitPauseMs: 300 });
    try {
      await fetcher.fetchPage(request(`${server.url}/limited`));
      await fetcher.fetchPage(request(`${server.url}/unavailable`, 'source_02'));
      const [limited, afterLimit, unavailable, afterUnavailable] = server.seen.map((seen) => seen.atMs);
      assert.ok(limited !== undefined && afterLimit !== undefined && afterLimit - limited >= 300);
      assert.ok(unavailable !== undefined && afterUnavailable !== undefined);
      assert.ok(afterUnavailable - unavailable >= 1_000);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('never runs more requests of a pair at once than perPairConcurrency', async () => {
    const server = await startServer({ '/slow': delayed(30, ok()) });
    const fetcher = createFetcher({ ...FAST, perPairConcurrency: 3 });
    try {
      const pages = await Promise.all(
        Array.from({ length: 12 }, () => fetcher.fetchPage(request(`${server.url}/slow`))),
      );
      assert.equal(pages.length, 12);
      assert.equal(server.maxInFlight(), 3);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('limits each pair on its own', async () => {
    const server = await startServer({ '/slow': delayed(30, ok()) });
    const fetcher = createFetcher({ ...FAST, perPairConcurrency: 2 });
    try {
      await Promise.all(
        ['source_01', 'source_02'].flatMap((source) =>
          Array.from({ length: 8 }, () => fetcher.fetchPage(request(`${server.url}/slow`, source))),
        ),
      );
      assert.equal(server.maxInFlight(), 4);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('spaces the requests of a pair by its request rate', async () => {
    const server = await startServer({ '/page': ok() });
    const fetcher = createFetcher({ ...FAST, perPairRequestsPerSecond: 20, perPairBurst: 1 });
    try {
      await Promise.all(Array.from({ length: 6 }, () => fetcher.fetchPage(request(`${server.url}/page`))));
      // From the second arrival on: the first one also carries the connection set-up.
      const times = server.seen.slice(1).map((seen) => seen.atMs);
      const spanMs = (times.at(-1) ?? 0) - (times[0] ?? 0);
      assert.ok(spanMs >= 4 * 50 - 10, `five requests at 20/s span at least 190 ms, got ${spanMs}`);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('slows down after errors and recovers gradually after successes', async () => {
    const gate = new PairGate('test', TEST_POLITENESS);
    for (let i = 0; i < 3; i += 1) (await gate.acquire(never)).release({ kind: 'error' });
    assert.equal(gate.snapshot().slowdownFactor, 1.5 ** 3);
    (await gate.acquire(never)).release({ kind: 'success' });
    assert.equal(gate.snapshot().slowdownFactor, 1.5 ** 3 * 0.9);
    for (let i = 0; i < 30; i += 1) (await gate.acquire(never)).release({ kind: 'success' });
    assert.equal(gate.snapshot().slowdownFactor, 1);
    (await gate.acquire(never)).release({ kind: 'rate_limited', retryAfterMs: 0 });
    assert.equal(gate.snapshot().slowdownFactor, 2);
    gate.close();
  });

  it('never shortens a pause because of a later, shorter Retry-After', async () => {
    const gate = new PairGate('test', TEST_POLITENESS);
    const [first, second] = await Promise.all([gate.acquire(never), gate.acquire(never)]);
    first.release({ kind: 'rate_limited', retryAfterMs: 5_000 });
    const pausedMs = gate.snapshot().pausedForMs;
    const slowdown = gate.snapshot().slowdownFactor;
    // The other request, already in flight, is answered "503, retry after 0.1 s".
    second.release({ kind: 'error', retryAfterMs: 100 });
    assert.ok(pausedMs > 4_900 && gate.snapshot().pausedForMs >= pausedMs - 50);
    assert.ok(gate.snapshot().slowdownFactor > slowdown, 'an error never lowers the interval');
    const waiting = gate.acquire(never);
    assert.equal(gate.snapshot().queued, 1, 'the next request waits for the pause');
    gate.close();
    await assert.rejects(waiting, SourceUnavailableError);
  });

  it('fails waiting requests at once when the pair is paused longer than maxPairPauseWaitMs', async () => {
    const gate = new PairGate('test', { ...TEST_POLITENESS, concurrency: 1, maxPauseWaitMs: 1_000 });
    const holder = await gate.acquire(never);
    const queued = gate.acquire(never);
    holder.release({ kind: 'rate_limited', retryAfterMs: 60_000 });
    await assert.rejects(queued, /rate limited for another/);
    await assert.rejects(gate.acquire(never), SourceUnavailableError);
    gate.close();
  });

  it('times out a request waiting in the politeness queue', async () => {
    const gate = new PairGate('test', { ...TEST_POLITENESS, concurrency: 1 });
    const holder = await gate.acquire(never);
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(), 30);
    await assert.rejects(gate.acquire(deadline.signal), CrawlTimeoutError);
    assert.equal(gate.snapshot().queued, 0);
    holder.release({ kind: 'success' });
    gate.close();
  });

  it('ends a fetch queued behind a busy pair with CrawlTimeoutError at its deadline', async () => {
    const server = await startServer({ '/busy': hang, '/queued': ok() });
    const fetcher = createFetcher({ ...FAST, perPairConcurrency: 1, maxAttempts: 1 });
    try {
      const busy = fetcher.fetchPage(request(`${server.url}/busy`)).catch((error: unknown) => error);
      const deadline = new AbortController();
      setTimeout(() => deadline.abort(), 50);
      await assert.rejects(
        fetcher.fetchPage({ ...request(`${server.url}/queued`), signal: deadline.signal }),
        CrawlTimeoutError,
      );
      assert.equal(server.count('/queued'), 0, 'it never left the queue');
      await fetcher.close();
      assert.ok((await busy) instanceof SourceUnavailableError);
    } finally {
      await fetcher.close();
      await server.close();
    }
  });

  it('serves waiting requests first come, first served', async () => {
    const gate = new PairGate('test', { ...TEST_POLITENESS, concurrency: 1 });
    const holder = await gate.acquire(never);
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) =>
      gate.acquire(never).then((permit) => {
        order.push(n);
        permit.release({ kind: 'success' });
      }),
    );
    holder.release({ kind: 'success' });
    await Promise.all(waiting);
    assert.deepEqual(order, [1, 2, 3]);
    gate.close();
  });

  it('treats uk and gb as one marketplace', () => {
    assert.equal(pairKey('source_01', 'gb'), pairKey('source_01', 'uk'));
    assert.notEqual(pairKey('source_01', 'de'), pairKey('source_01', 'at'));
  });
});
