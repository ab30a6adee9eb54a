import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PricecrawlClient } from 'pricecrawl/client';
import { injectFetch } from '../support/client-fetch.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { signInNewUser, type SignedInUser } from '../support/sessions.ts';

// GTINs with a wrong check digit are answered `parameter_invalid` at submission (G22): a batch job of
// them ends at once and its one final delivery exists without crawling or a worker.
const BAD_GTINS = ['4006381331001', '4006381331002'];
const DELIVERY_KEYS = [
  '_id',
  'attempts',
  'batch_sequence',
  'created_at',
  'delivered_at',
  'is_final',
  'job_id',
  'last_attempt_at',
  'last_error',
  'last_http_status',
  'next_attempt_at',
  'results_count',
  'status',
];

describe('a batch job’s webhook deliveries: GET /job/{id}/deliveries and POST /job/{id}/replay-all', () => {
  let harness: Harness;
  let headers: Record<string, string>;
  let accountId: string;
  let key: string;

  before(async () => {
    harness = await startHarness({
      worker: false,
      env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '2000' },
    });
    ({ headers, accountId, key } = await harness.account());
  });
  after(async () => harness.close());

  async function call(method: 'GET' | 'POST', url: string, as = headers, payload?: object) {
    const response = await harness.app.inject({ method, url, headers: as, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  }
  async function batchWithCallback(): Promise<string> {
    const submitted = await call('POST', '/job', headers, {
      source: 'source_01',
      country: 'de',
      key: 'gtin',
      values: BAD_GTINS,
      callback_url: 'http://127.0.0.1:9/hook',
    });
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
    return String(submitted.body.job._id);
  }
  async function deadLetterAll(jobId: string): Promise<void> {
    // Five failed attempts take most of an hour; the state they end in is set directly.
    await harness.runtime.deps.db
      .updateTable('webhook_deliveries')
      .set({ status: 'dead_lettered', attempts: 5 })
      .where('job_id', '=', jobId)
      .execute();
  }

  it('lists the final delivery with the stream route’s shape, filters by status and pages', async () => {
    const jobId = await batchWithCallback();
    const page = await call('GET', `/job/${jobId}/deliveries`);
    assert.equal(page.status, 200);
    assert.deepEqual(Object.keys(page.body).sort(), [
      'count',
      'deliveries',
      'error',
      'job_id',
      'limit',
      'offset',
      'total',
    ]);
    assert.deepEqual(
      [page.body.error, page.body.job_id, page.body.total, page.body.count],
      [false, jobId, 1, 1],
    );
    const [delivery] = page.body.deliveries;
    assert.deepEqual(Object.keys(delivery).sort(), DELIVERY_KEYS);
    assert.deepEqual(
      [delivery.job_id, delivery.batch_sequence, delivery.is_final, delivery.results_count, delivery.status],
      [jobId, 1, true, BAD_GTINS.length, 'pending'],
    );
    const none = await call('GET', `/job/${jobId}/deliveries?status=dead_lettered`);
    assert.deepEqual([none.body.total, none.body.count], [0, 0]);
    const skipped = await call('GET', `/job/${jobId}/deliveries?offset=1&limit=1`);
    assert.deepEqual([skipped.body.offset, skipped.body.limit, skipped.body.count], [1, 1, 0]);
    const bad = await call('GET', `/job/${jobId}/deliveries?status=lost`);
    // A validation error is answered 200 {error:true} (spec part 7), as on the stream route.
    assert.deepEqual([bad.status, bad.body.error], [200, true]);
    assert.match(bad.body.message, /status/);
  });

  it('replays every dead-lettered delivery of the job with a fresh budget', async () => {
    const jobId = await batchWithCallback();
    await deadLetterAll(jobId);
    assert.deepEqual((await call('POST', `/job/${jobId}/replay-all`)).body, { error: false, replayed: 1 });
    assert.deepEqual((await call('POST', `/job/${jobId}/replay-all`)).body, { error: false, replayed: 0 });
    const after = await call('GET', `/job/${jobId}/deliveries?status=pending`);
    assert.deepEqual(
      after.body.deliveries.map((d: any) => [d.status, d.attempts]),
      [['pending', 0]],
    );
  });

  it('answers 404 job not found for another account’s job, a stream, and unknown or malformed ids', async () => {
    const jobId = await batchWithCallback();
    const other = await harness.account();
    for (const [method, path] of [
      ['GET', `/job/${jobId}/deliveries`],
      ['POST', `/job/${jobId}/replay-all`],
    ] as const) {
      const theirs = await call(method, path, other.headers);
      assert.deepEqual([theirs.status, theirs.body], [404, { error: true, message: 'job not found' }]);
    }
    await deadLetterAll(jobId);
    await call('POST', `/job/${jobId}/replay-all`, other.headers);
    const untouched = await call('GET', `/job/${jobId}/deliveries?status=dead_lettered`);
    assert.equal(untouched.body.total, 1, 'another account’s replay-all changed nothing');

    const stream = await call('POST', '/stream', headers, {
      source: 'source_01',
      country: 'de',
      key: 'gtin',
      values: BAD_GTINS,
      callback_url: 'http://127.0.0.1:9/hook',
    });
    for (const id of [String(stream.body.job_id), 'nope', '0123456789abcdef01234567']) {
      const answer = await call('GET', `/job/${id}/deliveries`);
      assert.deepEqual([answer.status, answer.body.message], [404, 'job not found']);
    }
    assert.equal((await call('GET', `/stream/${jobId}/deliveries`)).status, 404);
  });

  it('is in the typed client as jobs.deliveries and jobs.replayAll', async () => {
    const jobId = await batchWithCallback();
    const client = new PricecrawlClient({
      baseUrl: 'http://pricecrawl.test:8080',
      apiKey: key,
      fetch: injectFetch(harness.app),
    });
    const page = await client.jobs.deliveries(jobId, { status: 'pending' });
    assert.deepEqual([page.job_id, page.total, page.deliveries[0]?.is_final], [jobId, 1, true]);
    await deadLetterAll(jobId);
    assert.deepEqual(await client.jobs.replayAll(jobId), { error: false, replayed: 1 });
  });

  it('has account-plane twins under /v1/account/jobs/{id}, another account’s job 404', async () => {
    const jobId = await batchWithCallback();
    const user: SignedInUser = await signInNewUser(harness, accountId);
    const listed = await call('GET', `/v1/account/jobs/${jobId}/deliveries`, user.headers);
    assert.deepEqual([listed.status, listed.body.total, listed.body.deliveries[0].job_id], [200, 1, jobId]);
    await deadLetterAll(jobId);
    const replayed = await call('POST', `/v1/account/jobs/${jobId}/replay-all`, user.headers);
    assert.deepEqual(replayed.body, { error: false, replayed: 1 });

    const stranger = await signInNewUser(harness, (await harness.account()).accountId);
    const theirs = await call('GET', `/v1/account/jobs/${jobId}/deliveries`, stranger.headers);
    assert.deepEqual([theirs.status, theirs.body.message], [404, 'job not found']);
    const replay = await call('POST', `/v1/account/jobs/${jobId}/replay-all`, stranger.headers);
    assert.equal(replay.status, 404);
  });
});
