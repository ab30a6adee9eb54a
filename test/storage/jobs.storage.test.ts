import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { recordValueResult } from '../../src/pipeline/results/results.record.ts';
import { INTERVAL_RUN_TASK } from '../../src/pipeline/tasks/tasks.interval-run.ts';
import {
  findJob,
  findLatestRun,
  findLatestRuns,
  purgeExpiredResults,
} from '../../src/pipeline/work/work.repository.ts';
import { DIALECTS } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { notFoundItem } from '../support/result-items.ts';

for (const dialect of DIALECTS) {
  describe(`job storage on ${dialect}`, () => {
    let harness: Harness;
    before(async () => {
      harness = await startHarness({ dialect, worker: false });
    });
    after(async () => harness.close());

    async function submit(headers: Record<string, string>, values: string[]) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: { source: 'source_01', country: 'de', key: 'id', values },
      });
      const jobId = response.json().job._id as string;
      const job = await findJob(harness.runtime.deps.db, jobId);
      assert.ok(job);
      return job;
    }

    it('records a value once and charges it once however often its task runs', async () => {
      const { headers, accountId } = await harness.account({ credits: 10 });
      const job = await submit(headers, ['1', '2']);
      assert.equal(await creditBalance(harness.runtime.deps.db, accountId), 8);
      const input = { index: 0, item: notFoundItem('1'), cost: 1, reservedShare: 1 };
      const outcomes = await Promise.all(
        [1, 2, 3].map(() => recordValueResult(harness.runtime.deps, job, input)),
      );
      assert.deepEqual(outcomes.filter(Boolean).length, 1);
      const after = await findJob(harness.runtime.deps.db, job.id);
      assert.equal(after?.values_done, 1);
      assert.equal(after?.status, 'new');
      assert.equal(await creditBalance(harness.runtime.deps.db, accountId), 8, 'released 1, charged 1');
      await recordValueResult(harness.runtime.deps, job, { ...input, index: 1, item: notFoundItem('2') });
      const finished = await findJob(harness.runtime.deps.db, job.id);
      assert.equal(finished?.status, 'finished');
      assert.equal(finished?.values_done, 2);
      const sequences = await harness.runtime.deps.db
        .selectFrom('job_values')
        .select(['idx', 'completion_seq'])
        .where('job_id', '=', job.id)
        .orderBy('idx')
        .execute();
      assert.deepEqual(
        sequences.map((row) => row.completion_seq),
        [1, 2],
      );
    });

    it('finds the latest run of each of several interval jobs in one query', async () => {
      const { headers } = await harness.account();
      const db = harness.runtime.deps.db;
      const parents: string[] = [];
      for (const runs of [2, 1, 0]) {
        const response = await harness.app.inject({
          method: 'POST',
          url: '/job',
          headers,
          payload: { source: 'source_01', country: 'de', key: 'id', values: ['1'], interval: 15 },
        });
        const jobId = response.json().job._id as string;
        parents.push(jobId);
        // Each period's task starts a run.
        for (let run = 0; run < runs; run += 1) {
          const job = await findJob(db, jobId);
          await harness.runtime.tasks.run(INTERVAL_RUN_TASK.name, { jobId, runAt: job?.next_run_at });
        }
      }
      const latest = await findLatestRuns(db, parents);
      for (const [position, parent] of parents.slice(0, 2).entries()) {
        const expected = await findLatestRun(db, parent);
        assert.ok(expected, `parent ${position} has run`);
        assert.equal(latest.get(parent)?.id, expected.id, `parent ${position}`);
      }
      assert.equal(latest.size, 2, 'an interval job without a run has no entry');
    });

    it('purges results past retention and answers results expired', async () => {
      const { headers } = await harness.account();
      const job = await submit(headers, ['7']);
      await recordValueResult(harness.runtime.deps, job, {
        index: 0,
        item: notFoundItem('7'),
        cost: 1,
        reservedShare: 1,
      });
      const past = new Date(Date.now() - 1000).toISOString();
      await harness.runtime.deps.db
        .updateTable('jobs')
        .set({ expires_at: past })
        .where('id', '=', job.id)
        .execute();
      assert.equal(await purgeExpiredResults(harness.runtime.deps.db, new Date().toISOString(), 100), 1);
      const download = await harness.app.inject({ method: 'GET', url: `/job/${job.id}/download`, headers });
      assert.deepEqual(download.json(), { error: true, message: 'results expired' });
      const stored = await harness.runtime.deps.db
        .selectFrom('job_values')
        .select('result')
        .where('job_id', '=', job.id)
        .execute();
      assert.ok(stored.every((row) => row.result === null));
    });
  });
}
