import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { CRAWL_CHUNK_TASK, CRAWL_ONE_VALUE_TASK } from '../../src/pipeline/tasks/tasks.crawl-chunk.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { until } from '../support/until.ts';

describe('a job whose work cannot go on (spec 3.1 failed, decisions C1)', () => {
  let harness: Harness;

  beforeEach(async () => {
    // No worker yet: each test swaps its job's crawl tasks for one the queue must give up.
    harness = await startHarness({ worker: false, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
  });
  afterEach(async () => harness.close());

  /** Replaces the job's crawl tasks by one with a payload no retry fixes (a PermanentTaskError). */
  async function breakCrawlTasks(jobId: string): Promise<void> {
    const { db, queue } = harness.runtime.deps;
    await db.deleteFrom('queue_tasks').where('task', '=', CRAWL_CHUNK_TASK.name).execute();
    await queue.add([{ task: CRAWL_ONE_VALUE_TASK.name, payload: { jobId, index: 'first' } }]);
  }

  it('ends failed at once with the reason, every value answered and the reservation released once', async () => {
    const { headers, accountId } = await harness.account({ credits: 100 });
    const created = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers,
      payload: { source: 'source_01', country: 'de', key: 'id', values: ['1', '2', '3'], max_pages: 2 },
    });
    const jobId = created.json().job._id as string;
    await breakCrawlTasks(jobId);
    harness.runtime.startWorker();

    const status = (
      await harness.app.inject({ method: 'GET', url: `/job/${jobId}?wait=20`, headers })
    ).json();
    assert.equal(status.job.status, 'failed', 'ended long before its 24-hour hard timeout');
    assert.equal(status.job.done, 3);
    assert.match(status.job.failure_reason, /given up: crawl_value payload \/index: Expected integer/);

    const download = (
      await harness.app.inject({ method: 'GET', url: `/job/${jobId}/download`, headers })
    ).json();
    assert.equal(download.status, 'failed');
    assert.deepEqual(
      download.results.map((item: { key: string; success: boolean; reason: string }) => [
        item.key,
        item.success,
        item.reason,
      ]),
      ['1', '2', '3'].map((value) => [value, false, 'source currently unavailable']),
    );
    // The worst case (3 values x 2 pages) was reserved and comes back exactly once.
    assert.equal(await creditBalance(harness.runtime.deps.db, accountId), 100);
    // Counted as failed, never as finished, although its last values were answered after it failed.
    const metrics = (await harness.app.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(metrics, /pricecrawl_jobs_total\{source="source_01",outcome="failed"\} 1\b/);
    assert.doesNotMatch(metrics, /pricecrawl_jobs_total\{[^}]*outcome="finished"\}/);
  });

  it('gives a failed stream its final delivery', async () => {
    const { headers } = await harness.account();
    const created = await harness.app.inject({
      method: 'POST',
      url: '/stream',
      headers,
      payload: {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: ['1', '2'],
        callback_url: 'http://127.0.0.1:9/hook',
      },
    });
    const jobId = created.json().job_id as string;
    await breakCrawlTasks(jobId);
    harness.runtime.startWorker();
    const { db } = harness.runtime.deps;
    await until('the stream ended', async () => {
      const job = await db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
      return job?.status === 'failed';
    });
    const final = await db
      .selectFrom('webhook_deliveries')
      .select(['values_done', 'values_errors'])
      .where('job_id', '=', jobId)
      .where('is_final', '=', 1)
      .execute();
    assert.equal(final.length, 1);
    assert.deepEqual(final[0], { values_done: 2, values_errors: 2 });
  });
});
