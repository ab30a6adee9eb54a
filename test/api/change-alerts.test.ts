import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { findBaselines, upsertBaselines } from '../../src/pipeline/changes/changes.repository.ts';
import { startHarness, type Harness } from '../support/harness.ts';

describe('deliver on interval jobs through the API (decisions G40)', () => {
  let harness: Harness;
  let headers: Record<string, string>;

  before(async () => {
    harness = await startHarness({ worker: false, env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
    ({ headers } = await harness.account());
  });
  after(async () => harness.close());

  const ask = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }).then((response) => ({
      status: response.statusCode,
      body: response.json() as Record<string, unknown>,
    }));

  const interval = {
    source: 'source_01',
    country: 'de',
    key: 'id',
    values: ['1', '2'],
    interval: 60,
    callback_url: 'http://127.0.0.1:9/hook',
  };

  it('refuses a deliver outside its closed set, naming what is allowed (G37)', async () => {
    const answer = await ask('POST', '/job', { ...interval, deliver: 'diffs' });
    assert.equal(answer.body.error, true);
    assert.equal(answer.body.message, 'deliver must be one of all, changes (got "diffs")');
    assert.deepEqual(answer.body.details, { field: 'deliver', value: 'diffs', allowed: ['all', 'changes'] });
  });

  it('refuses deliver on a job that is not an interval job, and changes without a callback_url', async () => {
    const oneShot = await ask('POST', '/job', { ...interval, interval: undefined, deliver: 'changes' });
    assert.equal(oneShot.body.message, 'deliver is only accepted with interval');
    const noCallback = await ask('POST', '/job', {
      ...interval,
      callback_url: undefined,
      deliver: 'changes',
    });
    assert.equal(noCallback.body.message, 'deliver "changes" requires callback_url');
    const stream = await ask('POST', '/stream', { ...interval, interval: undefined, deliver: 'changes' });
    assert.equal(stream.body.error, true);
    assert.equal(stream.body.message, 'deliver is only accepted with interval');
  });

  it('echoes deliver on interval jobs, all by default, and changes it with PUT, forgetting the baselines', async () => {
    const plain = await ask('POST', '/job', interval);
    assert.equal((plain.body.job as Record<string, unknown>).deliver, 'all');
    const created = await ask('POST', '/job', { ...interval, deliver: 'changes' });
    assert.equal(created.body.error, false, JSON.stringify(created.body));
    const job = created.body.job as Record<string, unknown>;
    assert.equal(job.deliver, 'changes');
    const oneShot = await ask('POST', '/job', { ...interval, interval: undefined });
    assert.equal(Object.hasOwn(oneShot.body.job as object, 'deliver'), false, 'only interval jobs have it');

    const { db } = harness.runtime.deps;
    await upsertBaselines(db, [
      {
        job_id: job._id as string,
        value: '1',
        price_min: 10,
        price_max: 10,
        price_avg: 10,
        availability: null,
        buybox_price: null,
        offers_count: 1,
        observed_at: new Date().toISOString(),
        run_id: job._id as string,
      },
    ]);
    const updated = await ask('PUT', `/job/${String(job._id)}`, { deliver: 'all' });
    assert.equal(updated.body.error, false, JSON.stringify(updated.body));
    assert.equal((updated.body.job as Record<string, unknown>).deliver, 'all');
    assert.equal((await findBaselines(db, job._id as string, ['1'])).size, 0, 'previous results are cleared');
    const refused = await ask('PUT', `/job/${String(job._id)}`, { deliver: 'sometimes' });
    assert.deepEqual((refused.body.details as Record<string, unknown>).field, 'deliver');
  });
});
