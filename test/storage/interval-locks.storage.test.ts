import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { INTERVAL_RUN_TASK } from '../../src/pipeline/tasks/tasks.interval-run.ts';
import { armGroupCommitPause } from '../../src/pipeline/results/results.fault.ts';
import { recordValueResults } from '../../src/pipeline/results/results.record.ts';
import { findJob, findLatestRun } from '../../src/pipeline/work/work.repository.ts';
import { DIALECTS } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { notFoundItem } from '../support/result-items.ts';

for (const dialect of DIALECTS) {
  describe(`interval runs and group commits on ${dialect}`, () => {
    let harness: Harness;
    before(async () => {
      harness = await startHarness({ dialect, worker: false });
    });
    after(async () => harness.close());

    /** Waits until some transaction waits for a lock (PostgreSQL), or a moment (SQLite). */
    async function untilSomeoneWaitsForALock(): Promise<void> {
      if (dialect === 'sqlite') return void (await sleep(300));
      for (let tries = 0; tries < 200; tries += 1) {
        const { rows } = await sql<{ waiting: string }>`
          select count(*) as waiting from pg_locks where not granted`.execute(harness.runtime.deps.db);
        if (Number(rows[0]?.waiting) > 0) return;
        await sleep(10);
      }
      assert.fail('DELETE never waited for the run');
    }

    it('deletes an interval job while a group of its running run commits, without a deadlock', async () => {
      const { deps } = harness.runtime;
      const { headers } = await harness.account({ credits: 100 });
      const created = await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: { source: 'source_01', country: 'de', key: 'id', values: ['1', '2'], interval: 60 },
      });
      const intervalId = created.json().job._id as string;
      const parent = await findJob(deps.db, intervalId);
      await harness.runtime.tasks.run(INTERVAL_RUN_TASK.name, {
        jobId: intervalId,
        runAt: parent?.next_run_at,
      });
      const run = await findLatestRun(deps.db, intervalId);
      assert.ok(run);

      // The group holds the run's row from its first write until the gate opens.
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const disarm = armGroupCommitPause(() => {
        holding();
        return gate;
      });
      const recording = recordValueResults(deps, run, [
        { index: 0, item: notFoundItem('1'), cost: 1, reservedShare: 1 },
      ]).finally(disarm);
      await held;
      const deleting = harness.app.inject({ method: 'DELETE', url: `/job/${intervalId}`, headers });
      await untilSomeoneWaitsForALock();
      open();
      const [recorded, deleted] = await Promise.allSettled([recording, deleting]);
      assert.equal(recorded.status, 'fulfilled', String((recorded as PromiseRejectedResult).reason));
      assert.equal(deleted.status, 'fulfilled');
      assert.equal(deleted.value.statusCode, 200, deleted.value.body);
    });

    it('records groups of several jobs of one account at once, without a deadlock', async () => {
      const { deps } = harness.runtime;
      const { headers } = await harness.account({ credits: 100 });
      const jobs = [];
      for (let n = 0; n < 4; n += 1) {
        const created = await harness.app.inject({
          method: 'POST',
          url: '/job',
          headers,
          payload: { source: 'source_01', country: 'de', key: 'id', values: ['1', '2'] },
        });
        const job = await findJob(deps.db, created.json().job._id as string);
        assert.ok(job);
        jobs.push(job);
      }
      // On PostgreSQL every group waits inside its transaction until all have written their values,
      // so that all hold their job's lock before any asks for the account's credit lock. SQLite
      // has one writer: its groups run one after the other.
      let arrived = 0;
      let allArrived!: () => void;
      const together = new Promise<void>((resolve) => (allArrived = resolve));
      const pauseInGroup = async () => {
        if (dialect === 'sqlite') return;
        arrived += 1;
        if (arrived === jobs.length) allArrived();
        await together;
      };
      const disarm = armGroupCommitPause(pauseInGroup);
      const outcomes = await Promise.allSettled(
        jobs.map((job) =>
          recordValueResults(deps, job, [
            { index: 0, item: notFoundItem('1'), cost: 1, reservedShare: 1 },
            { index: 1, item: notFoundItem('2'), cost: 1, reservedShare: 1 },
          ]),
        ),
      ).finally(disarm);
      for (const outcome of outcomes) {
        assert.equal(outcome.status, 'fulfilled', String((outcome as PromiseRejectedResult).reason));
      }
      for (const job of jobs) assert.equal((await findJob(deps.db, job.id))?.values_done, 2);
    });
  });
}
