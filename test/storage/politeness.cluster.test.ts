import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createFetcher, type Fetcher } from '../../src/crawl/fetcher/fetcher.ts';
import type { FetcherOptions } from '../../src/crawl/fetcher/fetcher.options.ts';
import { redisPoliteness } from '../../src/crawl/fetcher/politeness.redis.ts';
import type { SourceStats } from '../../src/sandbox/faults.ts';
import { assertWithinBucket, bucketAllows, sandboxStatsOf } from '../support/token-bucket.ts';
import { until } from '../support/until.ts';
import { startSandbox, type RunningSandbox } from '../support/sandbox-server.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';

const RATE = 4;
const BURST = 4;

/**
 * One request in flight at a time, so what the sandbox counts bounds exactly however late a request
 * arrives: requests arrive in the order they took their tokens, each after its take and before the
 * next take. The requests that arrive in one wall-clock second are then one that may have taken its
 * token earlier and those that took theirs within that second, at most BURST + RATE - 1 (a take
 * needs a whole token, and less than a second refills fewer than RATE): at most BURST + RATE.
 * Likewise every take after the first follows the first arrival and precedes the last, so the
 * requests of the seconds from the first to the last arrival (`spanSeconds`) are at most
 * BURST + RATE × spanSeconds: the mean over them is the rate, plus the initial burst spread over
 * the span.
 */
const settings: Partial<FetcherOptions> = {
  perPairConcurrency: 1,
  perPairRequestsPerSecond: RATE,
  perPairBurst: BURST,
  maxAttempts: 1,
  requestTimeoutMs: 5000,
};

/** The one token bucket the workers share: BURST tokens refilled at RATE. */
const BUCKET = { burst: BURST, rate: RATE };

/** Three fetchers stand for the fetchers of three worker processes. */
async function crawlWithThree(
  sandbox: RunningSandbox,
  fetchers: Fetcher[],
  requestsEach: number,
  source = 'source_01',
): Promise<SourceStats> {
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
  return sandboxStatsOf(sandbox.origin, source);
}

/** The checks of one pair held to the token bucket by three workers (see `settings` for why they hold). */
function assertHeldToTheBucket(seen: SourceStats, requests: number): void {
  assert.equal(seen.requests, requests);
  assertWithinBucket(seen, BUCKET);
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

  it("keeps the sandbox within the pair's token bucket however many workers crawl the pair", async () => {
    const sandbox = await startSandbox();
    sandboxes.push(sandbox);
    const three = [1, 2, 3].map(() =>
      createFetcher({
        ...settings,
        politeness: redisPoliteness({ redis, keyPrefix: `${prefix}:politeness` }),
      }),
    );
    fetchers.push(...three);
    assertHeldToTheBucket(await crawlWithThree(sandbox, three, 6), 18);
  });

  it('would see the bucket overrun with the limits kept in each process (the embedded default)', async () => {
    const sandbox = await startSandbox();
    sandboxes.push(sandbox);
    const three = [1, 2, 3].map(() => createFetcher(settings));
    fetchers.push(...three);
    // Each fetcher lets out its own burst and rate: 30 requests in about 1.5 s, where one bucket
    // allows BURST + RATE × 2 = 12 in two seconds; the span only grows under load, up to 6 s here.
    const seen = await crawlWithThree(sandbox, three, 10);
    assert.equal(seen.requests, 30);
    assert.ok(
      seen.requests > bucketAllows(BUCKET, seen.spanSeconds),
      `the sandbox saw ${seen.requests} requests in ${seen.spanSeconds} s (one bucket: ${bucketAllows(BUCKET, seen.spanSeconds)})`,
    );
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
        perPairLimits: { 'source_01.de': { requestsPerSecond: RATE, concurrency: 1 } },
        politeness: redisPoliteness({ redis, keyPrefix }),
      }),
    );
    fetchers.push(...three);
    const [limited, wide] = await Promise.all([
      crawlWithThree(sandbox, three, 6, 'source_01'),
      crawlWithThree(sandbox, three, 6, 'source_02'),
    ]);
    assertHeldToTheBucket(limited, 18);
    assert.equal(wide.requests, 18);
    assert.ok(
      wide.requests > bucketAllows(BUCKET, wide.spanSeconds),
      `source_02 saw ${wide.requests} requests in ${wide.spanSeconds} s`,
    );
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
