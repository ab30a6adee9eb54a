import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createFetcher, type Fetcher } from '../../src/crawl/fetcher/fetcher.ts';
import type { FetcherOptions } from '../../src/crawl/fetcher/fetcher.options.ts';
import { redisPoliteness } from '../../src/crawl/fetcher/politeness.redis.ts';
import { until } from '../support/until.ts';
import { startSandbox, type RunningSandbox } from '../support/sandbox-server.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';

const RATE_PER_SECOND = 4;

const settings: Partial<FetcherOptions> = {
  perPairConcurrency: 2,
  perPairRequestsPerSecond: RATE_PER_SECOND,
  perPairBurst: RATE_PER_SECOND,
  maxAttempts: 1,
  requestTimeoutMs: 5000,
};

/** Three fetchers stand for the fetchers of three worker processes. */
async function crawlWithThree(
  sandbox: RunningSandbox,
  fetchers: Fetcher[],
  requestsEach: number,
  source = 'source_01',
): Promise<{ maxRequestsPerSecond: number; requests: number }> {
  await Promise.all(
    fetchers.flatMap((fetcher, worker) =>
      Array.from({ length: requestsEach }, (_, index) =>
        fetcher.fetchPage({
          source,
          country: 'de',
          url: `${sandbox.origin}/${source}/de/no-such-page-${worker}-${index}`,
          signal: AbortSignal.timeout(30_000),
        }),
      ),
    ),
  );
  const stats = (await (await fetch(`${sandbox.origin}/_sandbox/stats`)).json()) as Record<
    string,
    { maxRequestsPerSecond: number; requests: number }
  >;
  const seen = stats[source];
  assert.ok(seen);
  return seen;
}

describe('cluster-wide politeness: three workers share one pair limit on Redis', () => {
  const prefix = uniqueRedisPrefix();
  let redis: Redis;
  const fetchers: Fetcher[] = [];
  const sandboxes: RunningSandbox[] = [];

  before(async () => {
    await requireRedis();
    redis = new Redis(TEST_REDIS_URL);
  });
  after(async () => {
    for (const fetcher of fetchers) await fetcher.close();
    for (const sandbox of sandboxes) await sandbox.close();
    redis?.disconnect();
    await dropRedisPrefix(prefix);
  });

  it('keeps the sandbox at the pair rate however many workers crawl the pair', async () => {
    const sandbox = await startSandbox();
    sandboxes.push(sandbox);
    const three = [1, 2, 3].map(() =>
      createFetcher({
        ...settings,
        politeness: redisPoliteness({ redis, keyPrefix: `${prefix}:politeness` }),
      }),
    );
    fetchers.push(...three);
    const startedMs = Date.now();
    const seen = await crawlWithThree(sandbox, three, 6);
    assert.equal(seen.requests, 18);
    assert.ok(seen.maxRequestsPerSecond <= RATE_PER_SECOND, `the sandbox saw ${seen.maxRequestsPerSecond}/s`);
    // 18 requests at 4 per clock second span at least four seconds boundaries.
    assert.ok(Date.now() - startedMs >= 3000, `took ${Date.now() - startedMs} ms`);
  });

  it('would see the rate three times over with the limits kept in each process (the embedded default)', async () => {
    const sandbox = await startSandbox();
    sandboxes.push(sandbox);
    const three = [1, 2, 3].map(() => createFetcher(settings));
    fetchers.push(...three);
    const seen = await crawlWithThree(sandbox, three, 4);
    assert.ok(seen.maxRequestsPerSecond > RATE_PER_SECOND, `the sandbox saw ${seen.maxRequestsPerSecond}/s`);
  });

  it('holds a pair to its own CRAWL_LIMITS rate across workers while another pair runs at the wide default', async () => {
    const sandbox = await startSandbox();
    sandboxes.push(sandbox);
    const keyPrefix = `${prefix}:per-pair`;
    const three = [1, 2, 3].map(() =>
      createFetcher({
        ...settings,
        perPairConcurrency: 8,
        perPairRequestsPerSecond: 1_000,
        perPairLimits: { 'source_01.de': { requestsPerSecond: RATE_PER_SECOND } },
        politeness: redisPoliteness({ redis, keyPrefix }),
      }),
    );
    fetchers.push(...three);
    const [limited, wide] = await Promise.all([
      crawlWithThree(sandbox, three, 6, 'source_01'),
      crawlWithThree(sandbox, three, 6, 'source_02'),
    ]);
    assert.equal(limited.requests, 18);
    assert.ok(
      limited.maxRequestsPerSecond <= RATE_PER_SECOND,
      `source_01 saw ${limited.maxRequestsPerSecond}/s`,
    );
    assert.equal(wide.requests, 18);
    assert.ok(wide.maxRequestsPerSecond > RATE_PER_SECOND, `source_02 saw ${wide.maxRequestsPerSecond}/s`);
  });

  it('shares a 429 pause between workers: a pair paused by one worker is paused for all', async () => {
    const keyPrefix = `${prefix}:pause-test`;
    const options = { ...settings, maxPairPauseWaitMs: 1000 };
    const [first, second] = [1, 2].map(() =>
      createFetcher({ ...options, politeness: redisPoliteness({ redis, keyPrefix }) }),
    );
    assert.ok(first && second);
    fetchers.push(first, second);
    const sandbox = await startSandbox();
    sandboxes.push(sandbox);
    const request = (fetcher: Fetcher) =>
      fetcher.fetchPage({
        source: 'source_02',
        country: 'de',
        url: `${sandbox.origin}/source_02/de/any`,
        signal: AbortSignal.timeout(5000),
      });
    const faults = { method: 'PUT' as const, url: '/_sandbox/faults' };
    const tooManyRequests = { rates: { tooManyRequests: 1 }, retryAfterSeconds: 60 };
    await sandbox.app.inject({ ...faults, payload: { source_02: tooManyRequests } });
    await assert.rejects(request(first));
    await sandbox.app.inject({ ...faults, payload: {} });
    // The answer's lesson reaches Redis just after the request settled.
    await until('the pause is stored', async () => first.politeness('source_02', 'de').pausedForMs > 0);
    // The second worker never saw a 429, yet refuses at once: the pause is the pair's, on Redis.
    await assert.rejects(request(second), /rate limited for another/);
    assert.ok(second.politeness('source_02', 'de').pausedForMs > 50_000);
  });
});
