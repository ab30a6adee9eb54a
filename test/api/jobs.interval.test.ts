import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findJob } from '../../src/pipeline/work/work.repository.ts';
import { INTERVAL_RUN_TASK } from '../../src/pipeline/tasks/tasks.interval-run.ts';
import { grantCredits } from '../../src/accounts/credits/credits.service.ts';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { signInNewUser } from '../support/sessions.ts';

describe('interval jobs (G5, spec 4.4 and 4.5)', () => {
  let harness: Harness;
  let headers: Record<string, string>;
  let accountId: string;
  let truth: SandboxTruth;

  before(async () => {
    harness = await startHarness();
    ({ headers, accountId } = await harness.account());
    truth = await fetchTruth(harness, 'source_01', 'de');
  });
  after(async () => harness.close());

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    harness.app
      .inject({ method, url, headers, ...(payload ? { payload } : {}) })
      .then((response) => response.json());

  async function waitForRun(jobId: string) {
    for (let polls = 0; polls < 30; polls += 1) {
      const status = await request('GET', `/job/${jobId}?wait=10`);
      if (status.job.status === 'finished') return status.job;
    }
    throw new Error('run did not finish');
  }

  it('runs its values now and every period, showing the latest run with interval and next_run_at', async () => {
    const ids = truth.products.slice(0, 2).map((product) => product.id);
    const created = await request('POST', '/job', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids,
      interval: 60,
    });
    assert.equal(created.error, false);
    assert.equal(created.job.interval, 60);
    const jobId = created.job._id as string;

    const first = await waitForRun(jobId);
    assert.equal(first.interval, 60);
    assert.equal(first.done, 2);
    assert.match(first.run_id, /^[0-9a-f]{24}$/);
    const nextRunAt = new Date(first.next_run_at).getTime();
    const createdAt = new Date(created.job.createdAt).getTime();
    assert.equal(nextRunAt - createdAt, 60 * 60_000);

    const download = await request('GET', `/job/${jobId}/download`);
    assert.deepEqual(
      download.results.map((result: { key: string }) => result.key),
      ids,
    );

    // The period comes: the scheduled task starts the next run.
    const job = await findJob(harness.runtime.deps.db, jobId);
    await harness.runtime.tasks.run(INTERVAL_RUN_TASK.name, { jobId, runAt: job?.next_run_at });
    const second = await waitForRun(jobId);
    assert.notEqual(second.run_id, first.run_id);
    assert.equal(new Date(second.next_run_at).getTime() - nextRunAt, 60 * 60_000);
  });

  it('downloads with the status of the run it serves and shows why a period was skipped', async () => {
    const poor = await harness.account({ credits: 2 });
    const ask = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      harness.app
        .inject({ method, url, headers: poor.headers, ...(payload ? { payload } : {}) })
        .then((response) => response.json());
    const ids = truth.products.slice(4, 6).map((product) => product.id);
    const created = await ask('POST', '/job', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids,
      interval: 60,
    });
    const jobId = created.job._id as string;
    let first;
    for (let polls = 0; polls < 30 && first?.status !== 'finished'; polls += 1) {
      first = (await ask('GET', `/job/${jobId}?wait=10`)).job;
    }
    assert.equal(first.status, 'finished');
    const download = await ask('GET', `/job/${jobId}/download`);
    assert.equal(download.status, 'finished', 'the run served, not the parent that keeps working');
    assert.equal(first.last_run_error, null);

    // The first run spent both credits: the next period cannot reserve and is skipped.
    const runNext = async () => {
      const job = await findJob(harness.runtime.deps.db, jobId);
      await harness.runtime.tasks.run(INTERVAL_RUN_TASK.name, { jobId, runAt: job?.next_run_at });
    };
    await runNext();
    const skipped = (await ask('GET', `/job/${jobId}`)).job;
    assert.equal(skipped.run_id, first.run_id);
    assert.match(skipped.last_run_error, /^run of \S+ skipped: insufficient credits/);

    await grantCredits(harness.runtime.deps.db, poor.accountId, 10);
    await runNext();
    const resumed = (await ask('GET', `/job/${jobId}`)).job;
    assert.notEqual(resumed.run_id, first.run_id);
    assert.equal(resumed.last_run_error, null);
  });

  it('shows the latest run on the account plane too: list, detail and download', async () => {
    // Issue 22, defect 6: the dashboard saw the parent's own `working` and 0 values forever.
    const ids = truth.products.slice(4, 7).map((product) => product.id);
    const created = await request('POST', '/job', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids,
      interval: 60,
    });
    const jobId = created.job._id as string;
    const run = await waitForRun(jobId);
    const session = (await signInNewUser(harness, accountId)).headers;
    const plane = (url: string) =>
      harness.app.inject({ method: 'GET', url, headers: session }).then((response) => response.json());

    const listed = (await plane('/v1/account/jobs?limit=500')).jobs.find(
      (job: { id: string }) => job.id === jobId,
    );
    const expected = { status: 'finished', values_total: 3, values_done: 3, interval: 60 };
    assert.deepEqual(
      {
        status: listed.status,
        values_total: listed.values_total,
        values_done: listed.values_done,
        interval: listed.interval,
      },
      expected,
    );
    const detail = (await plane(`/v1/account/jobs/${jobId}`)).job;
    assert.deepEqual(
      {
        status: detail.status,
        values_total: detail.values_total,
        values_done: detail.values_done,
        interval: detail.interval,
      },
      expected,
    );
    assert.equal(detail.run_id, run.run_id);
    assert.equal(detail.next_run_at, run.next_run_at);
    const download = await plane(`/v1/account/jobs/${jobId}/download`);
    assert.equal(download.status, 'finished');
    assert.equal(download.results.length, 3);
  });

  it('replaces values with PUT, clearing previous results, and deletes with DELETE', async () => {
    const [a, b] = truth.products.slice(2, 4).map((product) => product.id);
    const created = await request('POST', '/job', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: [a],
      interval: 15,
    });
    const jobId = created.job._id as string;
    await waitForRun(jobId);

    const updated = await request('PUT', `/job/${jobId}`, { values: [b], max_pages: 2 });
    assert.equal(updated.error, false);
    assert.deepEqual(updated.job.values, [b]);
    assert.equal(updated.job.max_pages, 2);
    const runs = await harness.runtime.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('parent_id', '=', jobId)
      .execute();
    assert.ok(runs.length <= 1, 'previous runs and their results are gone');
    await waitForRun(jobId);
    const download = await request('GET', `/job/${jobId}/download`);
    assert.deepEqual(
      download.results.map((result: { key: string }) => result.key),
      [b],
    );

    const invalid = await request('PUT', `/job/${jobId}`, { max_pages: 99 });
    assert.deepEqual(invalid, { error: true, message: 'max_pages must be <= 10' });

    assert.deepEqual(await request('DELETE', `/job/${jobId}`), { error: false, message: 'job deleted' });
    const gone = await harness.app.inject({ method: 'GET', url: `/job/${jobId}`, headers });
    assert.equal(gone.statusCode, 404);
    const orphans = await harness.runtime.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('parent_id', '=', jobId)
      .execute();
    assert.equal(orphans.length, 0);
  });

  it('answers not an interval job for PUT and DELETE on a one-shot job', async () => {
    const created = await request('POST', '/job', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ['1'],
    });
    const jobId = created.job._id as string;
    assert.deepEqual(await request('PUT', `/job/${jobId}`, { values: ['2'] }), {
      error: true,
      message: 'not an interval job',
    });
    assert.deepEqual(await request('DELETE', `/job/${jobId}`), {
      error: true,
      message: 'not an interval job',
    });
  });

  it('refuses an interval outside 15..10080 minutes and wait with interval', async () => {
    const base = { source: 'source_01', country: 'de', key: 'id', values: ['1'] };
    assert.deepEqual(await request('POST', '/job', { ...base, interval: 5 }), {
      error: true,
      message: 'interval must be >= 15',
    });
    assert.equal(
      (await request('POST', '/job', { ...base, interval: 15, wait: 5 })).message,
      'wait cannot be combined with interval',
    );
  });
});
