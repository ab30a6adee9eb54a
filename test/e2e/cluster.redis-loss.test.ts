import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import type { Runtime } from '../../src/main/runtime.ts';
import { fetchTruth, startHarness, startWorkerRuntime, type Harness } from '../support/harness.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { awaitResults, submitJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

describe('fault: Redis loses its data (every key of the deployment deleted)', () => {
  const prefix = uniqueRedisPrefix();
  const queueEnv = {
    QUEUE_ENGINE: 'bullmq',
    REDIS_URL: TEST_REDIS_URL,
    BULLMQ_PREFIX: prefix,
    RECONCILE_INTERVAL_MS: '1000',
  };
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

  it('loses no accepted job: the work is re-added from the database and every value answered and charged once', async () => {
    assert.ok(api && inspector);
    const auth = await api.account({ credits: 1000 });
    const truth = await fetchTruth(api, 'source_01', 'de');
    const products = truth.products.slice(0, 6);
    const created = await submitJob(api, auth.headers, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: products.map((product) => product.id),
    });
    const jobId = String(created.job?._id);
    // Accepted and handed to Redis: the outbox rows of the crawl tasks are gone from the database.
    // The six values are one crawl task (a chunk of VALUES_PER_CHUNK).
    await until('crawl tasks relayed to BullMQ', async () => (await inspector!.getWaitingCount()) === 1);
    const outbox = await api.runtime.deps.db.selectFrom('queue_tasks').select('task').execute();
    assert.deepEqual(
      outbox.map((row) => row.task),
      ['expire_job'],
      'only the deadline task, due later, waits in the database',
    );

    await dropRedisPrefix(prefix);
    assert.equal(await inspector.getWaitingCount(), 0, 'Redis lost the tasks');

    worker = await startWorkerRuntime(api, queueEnv);
    const results = await awaitResults(api, auth.headers, jobId);
    assert.equal(results.length, products.length);
    assert.deepEqual(
      results.map((result) => [result.key, result.success]),
      products.map((product) => [product.id, true]),
    );
    // Charged once per value: a second run of a task finds the value done and charges nothing.
    assert.equal(await creditBalance(api.runtime.deps.db, auth.accountId), 1000 - products.length);
  });
});
