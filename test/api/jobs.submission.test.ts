import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { creditBalance } from '../../src/accounts/credits/credits.service.ts';
import { startHarness, type Harness } from '../support/harness.ts';

describe('POST /job bookkeeping', () => {
  let harness: Harness;

  before(async () => {
    harness = await startHarness({ worker: false });
  });
  after(async () => harness.close());

  const body = {
    source: 'source_01',
    country: 'de',
    key: 'gtin',
    values: ['4006381333931', '4054278533728'],
  };

  it('answers the same job for a repeated Idempotency-Key and charges nothing twice', async () => {
    const { headers, accountId } = await harness.account({ credits: 100 });
    const send = (payload: Record<string, unknown>) =>
      harness.app.inject({
        method: 'POST',
        url: '/job',
        headers: { ...headers, 'idempotency-key': 'order-1' },
        payload,
      });
    const first = (await send(body)).json();
    const balanceAfterFirst = await creditBalance(harness.runtime.deps.db, accountId);
    const second = (await send(body)).json();
    assert.equal(second.job._id, first.job._id);
    assert.equal(await creditBalance(harness.runtime.deps.db, accountId), balanceAfterFirst);
    const other = (await send({ ...body, values: ['4006381333931'] })).json();
    assert.deepEqual(other, { error: true, message: 'idempotency key reused with a different request' });
  });

  it('answers the same job for the same request with its fields in another order (G26)', async () => {
    const { headers } = await harness.account({ credits: 100 });
    const send = (payload: Record<string, unknown>) =>
      harness.app.inject({
        method: 'POST',
        url: '/job',
        headers: { ...headers, 'idempotency-key': 'order-2' },
        payload,
      });
    const first = (await send(body)).json();
    const reordered = { values: body.values, key: body.key, country: body.country, source: body.source };
    const second = (await send(reordered)).json();
    assert.equal(second.error, false, JSON.stringify(second));
    assert.equal(second.job._id, first.job._id);
  });

  it('reserves the worst case at submission and refuses what the balance cannot cover', async () => {
    const { headers, accountId } = await harness.account({ credits: 5 });
    const reserved = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers,
      payload: { source: 'source_01', country: 'de', key: 'term', values: ['a', 'b'], max_pages: 2 },
    });
    assert.equal(reserved.json().error, false);
    assert.equal(await creditBalance(harness.runtime.deps.db, accountId), 1);
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers,
      payload: { source: 'source_01', country: 'de', key: 'term', values: ['c', 'd'] },
    });
    assert.deepEqual(refused.json(), { error: true, message: 'insufficient credits' });
    const jobs = await harness.runtime.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    assert.equal(jobs.length, 1, 'a refused submission leaves no job behind');
  });

  it('finishes a job whose values are all malformed at once, free of charge', async () => {
    const { headers, accountId } = await harness.account({ credits: 10 });
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers,
      payload: { ...body, values: ['4006381333932', '123'], wait: true },
    });
    assert.deepEqual(answer.json(), { error: true, message: 'wait accepts exactly one value in values' });
    const created = (
      await harness.app.inject({
        method: 'POST',
        url: '/job',
        headers,
        payload: { ...body, values: ['4006381333932', '123'] },
      })
    ).json();
    const status = (
      await harness.app.inject({ method: 'GET', url: `/job/${created.job._id}`, headers })
    ).json();
    assert.deepEqual(status, {
      error: false,
      job: { _id: created.job._id, status: 'finished', done: 2, all: 2 },
    });
    const download = (
      await harness.app.inject({ method: 'GET', url: `/job/${created.job._id}/download`, headers })
    ).json();
    assert.deepEqual(
      download.results.map((result: { key: string; success: boolean; reason: string }) => [
        result.key,
        result.success,
        result.reason,
      ]),
      [
        ['4006381333932', false, 'parameter_invalid'],
        ['123', false, 'parameter_invalid'],
      ],
    );
    assert.equal(await creditBalance(harness.runtime.deps.db, accountId), 10);
  });

  it('answers job not finished for the download of a running job and hides other accounts’ jobs', async () => {
    const owner = await harness.account();
    const stranger = await harness.account();
    const created = (
      await harness.app.inject({ method: 'POST', url: '/job', headers: owner.headers, payload: body })
    ).json();
    const early = await harness.app.inject({
      method: 'GET',
      url: `/job/${created.job._id}/download`,
      headers: owner.headers,
    });
    assert.deepEqual(early.json(), { error: true, message: 'job not finished' });
    for (const url of [`/job/${created.job._id}`, `/job/${created.job._id}/download`]) {
      const foreign = await harness.app.inject({ method: 'GET', url, headers: stranger.headers });
      assert.equal(foreign.statusCode, 404);
      assert.deepEqual(foreign.json(), { error: true, message: 'job not found' });
    }
  });
});
