import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { CRAWL_ONE_VALUE_TASK } from '../../src/pipeline/tasks/tasks.crawl-chunk.ts';
import { EXPIRE_JOB_TASK } from '../../src/pipeline/tasks/tasks.expire-job.ts';
import { startHarness, type Harness } from '../support/harness.ts';

describe('the hard timeout of a batch job (C1)', () => {
  let harness: Harness;
  before(async () => {
    // No worker: nothing crawls unless the test runs a task itself.
    harness = await startHarness({ worker: false });
  });
  after(async () => harness.close());

  it('finishes the job with timeout results for every value still pending, charging nothing for them', async () => {
    const { headers, accountId } = await harness.account({ credits: 50 });
    const created = (
      await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: { source: 'source_01', country: 'de', key: 'id', values: ['1', '2', 'x'], timeout: 1 },
      })
    ).json();
    const jobId = created.job._id as string;
    assert.equal(
      await creditBalance(harness.runtime.deps.db, accountId),
      48,
      'two crawlable values reserved',
    );
    const past = new Date(Date.now() - 1000).toISOString();
    await harness.runtime.deps.db
      .updateTable('jobs')
      .set({ deadline_at: past })
      .where('id', '=', jobId)
      .execute();

    // A crawl task that runs after the deadline records a timeout instead of crawling.
    await harness.runtime.tasks.run(CRAWL_ONE_VALUE_TASK.name, { jobId, index: 0 });
    await harness.runtime.tasks.run(EXPIRE_JOB_TASK.name, { jobId });

    const status = (await harness.app.inject({ method: 'GET', url: `/job/${jobId}`, headers })).json();
    assert.deepEqual(status.job, { _id: jobId, status: 'finished', done: 3, all: 3 });
    const results = (
      await harness.app.inject({ method: 'GET', url: `/job/${jobId}/download`, headers })
    ).json().results as Array<{ key: string; success: boolean; reason: string }>;
    assert.deepEqual(
      results.map((result) => [result.key, result.success, result.reason]),
      [
        ['1', false, 'timeout'],
        ['2', false, 'timeout'],
        ['x', false, 'parameter_invalid'],
      ],
    );
    assert.equal(
      await creditBalance(harness.runtime.deps.db, accountId),
      50,
      'the reservation came back whole',
    );
  });
});
