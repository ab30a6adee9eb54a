import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Runtime } from '../../src/main/runtime.ts';
import { startHarness, startWorkerRuntime, type Harness } from '../support/harness.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { until } from '../support/until.ts';

/** Values that fail validation at once (bad check digits): their jobs end without a crawl. */
const BAD_GTINS = ['4006381333932', '4006381333933'];

describe('fault: a slow webhook receiver in a cluster of two workers', () => {
  const prefix = uniqueRedisPrefix();
  const env = {
    QUEUE_ENGINE: 'bullmq',
    REDIS_URL: TEST_REDIS_URL,
    BULLMQ_PREFIX: prefix,
    CALLBACK_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_HOST_CONCURRENCY: '1',
    WEBHOOK_TIMEOUT_MS: '60000',
    SHUTDOWN_TIMEOUT_MS: '1000',
  };
  let api: Harness | undefined;
  const workers: Runtime[] = [];
  let slow: Receiver | undefined;
  let fast: Receiver | undefined;

  before(async () => {
    await requireRedis();
    api = await startHarness({ dialect: 'postgres', env: { ...env, ROLE: 'api' } });
    // Holds every request open until the test ends.
    slow = await startReceiver(() => undefined);
    fast = await startReceiver();
    for (let index = 0; index < 2; index += 1) {
      workers.push(await startWorkerRuntime(api, env));
    }
  });
  after(async () => {
    await slow?.close();
    await fast?.close();
    for (const worker of workers) await worker.close();
    await api?.close();
    await dropRedisPrefix(prefix);
  });

  it('delivers the other jobs promptly while the slow receiver holds its deliveries', async () => {
    assert.ok(api && slow && fast);
    const { headers } = await api.account();
    const submit = async (callbackUrl: string) => {
      const answer = await api!.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'gtin',
          values: BAD_GTINS,
          callback_url: callbackUrl,
        },
      });
      assert.equal(answer.json().error, false, answer.body);
    };
    for (let job = 0; job < 4; job += 1) await submit(slow.url);
    await until('both workers are stuck on the slow receiver', () => slow!.inFlight === 2);
    const startedMs = Date.now();
    for (let job = 0; job < 4; job += 1) await submit(fast.url);
    await until('the fast receiver got its four deliveries', () => fast!.requests.length === 4, 10_000);
    assert.ok(Date.now() - startedMs < 10_000);
    // One attempt per slow delivery per worker at most (WEBHOOK_HOST_CONCURRENCY=1 in each process).
    assert.equal(slow.maxInFlight, 2);
  });
});
