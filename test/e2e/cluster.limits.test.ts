import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_FETCHER_OPTIONS } from '../../src/crawl/fetcher/fetcher.options.ts';
import type { Runtime } from '../../src/main/runtime.ts';
import { fetchTruth, startHarness, startWorkerRuntime, type Harness } from '../support/harness.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { awaitResults, submitJob } from '../support/run-job.ts';
import { assertWithinBucket, sandboxStatsOf } from '../support/token-bucket.ts';

const PAIR_RATE = 5;
/** The pair's bucket: `perPairBurst` (not configurable), never above one second of the rate. */
const PAIR_BURST = Math.min(DEFAULT_FETCHER_OPTIONS.perPairBurst, Math.floor(PAIR_RATE));
/** The pair's one token bucket, shared by the three workers. */
const BUCKET = { burst: PAIR_BURST, rate: PAIR_RATE };

describe('cluster-wide pair rate: an API and three worker runtimes on PostgreSQL and Redis', () => {
  const prefix = uniqueRedisPrefix();
  const env = {
    QUEUE_ENGINE: 'bullmq',
    REDIS_URL: TEST_REDIS_URL,
    BULLMQ_PREFIX: prefix,
    CRAWL_PAIR_RPS: String(PAIR_RATE),
    // One request of the pair in flight in the whole cluster, so that the sandbox's counts bound
    // exactly however late a request reaches it (see the checks below).
    CRAWL_PAIR_CONCURRENCY: '1',
  };
  let api: Harness | undefined;
  const workers: Runtime[] = [];

  before(async () => {
    await requireRedis();
    api = await startHarness({ dialect: 'postgres', env: { ...env, ROLE: 'api' } });
    for (let index = 0; index < 3; index += 1) {
      workers.push(await startWorkerRuntime(api, env));
    }
  });
  after(async () => {
    for (const worker of workers) await worker.close();
    await api?.close();
    await dropRedisPrefix(prefix);
  });

  it("keeps the requests the sandbox sees within the pair's one token bucket", async () => {
    assert.ok(api);
    const { headers } = await api.account({ credits: 1000 });
    const truth = await fetchTruth(api, 'source_01', 'de');
    const values = truth.products.slice(0, 30).map((product) => String(product.id));
    const created = await submitJob(api, headers, { source: 'source_01', country: 'de', key: 'id', values });
    const results = await awaitResults(api, headers, String(created.job?._id));
    assert.equal(results.filter((result) => result.success === true).length, values.length);
    const seen = await sandboxStatsOf(api.sandboxOrigin, 'source_01');
    assert.ok(seen.requests >= values.length);
    // With one request in flight, the requests reach the sandbox in the order they took their
    // tokens, each after its take and before the next one. The requests that arrive in one
    // wall-clock second are at most one that took its token earlier plus those that took theirs
    // within the second, fewer than burst + rate: at most burst + rate (4 + 5), however busy the
    // machine. Every take but the first lies between the first arrival and the last, so the
    // requests of the seconds from the first arrival to the last (spanSeconds) are at most
    // burst + rate × spanSeconds: the mean over them is the rate plus the initial burst spread
    // over the span (30 values: at least (30 - 4) / 5, about 6 seconds). Three workers keeping
    // their limits apart would let out three bursts and three times the rate.
    assertWithinBucket(seen, BUCKET);
  });
});
