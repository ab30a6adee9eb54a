import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { ConfigError, loadConfig } from '../../src/config.ts';
import type { Runtime } from '../../src/main/runtime.ts';
import { until } from '../support/until.ts';
import { fetchTruth, startHarness, startWorkerRuntime, type Harness } from '../support/harness.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { awaitResults, submitJob } from '../support/run-job.ts';
import { assertResultMatchesTruth } from '../support/sandbox-truth.ts';

describe('distributed deployment: an API process and a worker process on PostgreSQL and BullMQ', () => {
  const prefix = uniqueRedisPrefix();
  const queueEnv = { QUEUE_ENGINE: 'bullmq', REDIS_URL: TEST_REDIS_URL, BULLMQ_PREFIX: prefix };
  let api: Harness | undefined;
  let worker: Runtime | undefined;
  let inspector: Queue | undefined;

  before(async () => {
    await requireRedis();
    api = await startHarness({ dialect: 'postgres', env: { ...queueEnv, ROLE: 'api' } });
    inspector = new Queue('tasks', { connection: { url: TEST_REDIS_URL }, prefix });
  });
  after(async () => {
    await worker?.close();
    await api?.close();
    await inspector?.close();
    await dropRedisPrefix(prefix);
  });

  /** A worker process as `npm run worker` builds it, on the API's database and sandbox. */
  async function startWorkerProcess(harness: Harness): Promise<Runtime> {
    return startWorkerRuntime(harness, { ...queueEnv, CRAWL_REQUEST_TIMEOUT_MS: '5000' });
  }

  it('the API enqueues and relays without crawling; the worker crawls the job to the sandbox truth', async () => {
    assert.ok(api && inspector);
    assert.equal(api.runtime.deps.engine, undefined, 'an API process has no crawl engine');
    const auth = await api.account({ credits: 1000 });
    const truth = await fetchTruth(api, 'source_01', 'de');
    const products = truth.products.slice(0, 3);
    const created = await submitJob(api, auth.headers, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: products.map((product) => product.id),
      fetch_seller_names: true,
    });
    const jobId = (created.job as { _id?: string } | undefined)?._id;
    assert.ok(jobId, JSON.stringify(created));

    // No worker yet: the API's relay moved the crawl tasks to Redis, where they wait unconsumed.
    // The three values are one crawl task (a chunk of VALUES_PER_CHUNK).
    await until('crawl tasks relayed to BullMQ', async () => (await inspector!.getWaitingCount()) === 1);
    assert.equal(await inspector.getActiveCount(), 0);
    const pending = await api.app.inject({ method: 'GET', url: `/job/${jobId}`, headers: auth.headers });
    assert.notEqual(pending.json().job.status, 'finished');

    worker = await startWorkerProcess(api);
    const results = await awaitResults(api, auth.headers, jobId);
    assert.equal(results.length, products.length);
    products.forEach((product, index) => {
      const result = results[index];
      assert.ok(result);
      assert.deepEqual([result.key, result.success, result.reason], [product.id, true, null]);
      assert.equal(result.served_from, 'live');
      assertResultMatchesTruth(result, product.content, String(product.id));
    });
    // One crawl task served the three values.
    assert.equal((await inspector.getJobCounts('completed')).completed, 1);
  });
});

describe('distributed deployment configuration', () => {
  it('refuses a REDIS_URL that is not a redis:// URL, naming it', () => {
    assert.throws(
      () => loadConfig({ QUEUE_ENGINE: 'bullmq', REDIS_URL: '127.0.0.1:6379' }),
      (error: unknown) => error instanceof ConfigError && /REDIS_URL/.test(error.message),
    );
  });
});
