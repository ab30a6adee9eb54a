import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { InvalidRequestError, NotFoundError, PricecrawlClient, type AccountApi } from 'pricecrawl/client';
import { injectFetch, type SentRequest } from '../support/client-fetch.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { signInNewUser } from '../support/sessions.ts';
import { until } from '../support/until.ts';

describe("client: the account plane's jobs, results, deliveries, history and sources", () => {
  let harness: Harness;
  let receiver: Receiver;
  let account: AccountApi;
  let token: string;
  let email: string;
  let values: string[];
  let jobId: string;
  const sent: SentRequest[] = [];

  /** The requests sent since the last call, emptying the record. */
  const takeSent = () => sent.splice(0, sent.length);

  /** Asserts that one request went to `url` with the session token and no API key. */
  function assertSessionRequest(request: SentRequest | undefined, method: string, url: string) {
    assert.deepEqual(
      [request?.method, request?.url, request?.headers.authorization, request?.headers['x-api-key']],
      [method, url, `Bearer ${token}`, undefined],
    );
  }

  before(async () => {
    harness = await startHarness({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1' } });
    receiver = await startReceiver();
    const { accountId } = await harness.account({ credits: 100 });
    const user = await signInNewUser(harness, accountId);
    email = user.email;
    const truth = await fetchTruth(harness, 'source_01', 'de');
    values = truth.products.slice(0, 2).map((product) => String(product.id));
    const anonymous = new PricecrawlClient({
      baseUrl: 'http://pricecrawl.test',
      fetch: injectFetch(harness.app, sent),
    });
    token = (await anonymous.account.login({ email: user.email, password: user.password })).token;
    account = anonymous.withSession(token).account;
  });
  after(async () => {
    await harness.close();
    await receiver.close();
  });

  it('reads who is signed in and the sources the account may use', async () => {
    takeSent();
    const me = await account.me();
    assertSessionRequest(takeSent()[0], 'GET', '/v1/account/me');
    assert.equal(me.user.email, email);
    const { sources } = await account.sources();
    assertSessionRequest(takeSent()[0], 'GET', '/v1/account/sources');
    const source = sources.find((entry) => entry.id === 'source_01');
    assert.ok(source?.countries.includes('de'), 'source_01 is offered in de');
  });

  it('submits a job with the session and an Idempotency-Key: a repeat answers the same job', async () => {
    takeSent();
    const body = { source: 'source_01', country: 'de', key: 'id', values, callback_url: receiver.url };
    const submitted = await account.submitJob(body, { idempotencyKey: 'order-42' });
    const request = takeSent()[0];
    assertSessionRequest(request, 'POST', '/v1/account/jobs');
    assert.equal(request?.headers['idempotency-key'], 'order-42');
    assert.deepEqual(JSON.parse(request?.body ?? ''), body);
    jobId = submitted.job._id;
    assert.match(submitted.webhook_secret ?? '', /^[0-9a-f]{64}$/);
    assert.equal((await account.submitJob(body, { idempotencyKey: 'order-42' })).job._id, jobId);
    await until('the job finishes', async () => (await account.job(jobId)).job.status === 'finished');
    takeSent();
    const { job } = await account.job(jobId);
    assertSessionRequest(takeSent()[0], 'GET', `/v1/account/jobs/${jobId}`);
    assert.deepEqual([job.id, job.kind, job.values_total, job.values_done], [jobId, 'batch', 2, 2]);
    // The answer carried the secret, so the job's delivery is not held for the wait limit (ten
    // minutes) as an unanswered job's would be.
    await until('the job\u2019s final delivery reaches the receiver', () =>
      receiver.requests.some((request) => request.rawBody.includes(jobId)),
    );
  });

  it("pages the job's results, downloads them as JSON and CSV, and refuses its runs (not an interval job)", async () => {
    takeSent();
    const page = await account.jobResults(jobId, { offset: 1, limit: 1 });
    assertSessionRequest(takeSent()[0], 'GET', `/v1/account/jobs/${jobId}/results?offset=1&limit=1`);
    assert.deepEqual([page.total, page.count, page.results[0]?.index], [2, 1, 1]);
    assert.equal(page.results[0]?.value, values[1]);
    const download = await account.downloadJob(jobId);
    assertSessionRequest(takeSent()[0], 'GET', `/v1/account/jobs/${jobId}/download?format=json`);
    assert.equal(download.results.length, 2);
    const csv = await account.downloadJobCsv(jobId);
    assertSessionRequest(takeSent()[0], 'GET', `/v1/account/jobs/${jobId}/download?format=csv`);
    assert.match(csv, /^row_kind,position,key,success,/);
    for (const value of values) assert.ok(csv.includes(value), `the CSV has the rows of ${value}`);
    await assert.rejects(account.jobRuns(jobId), (error: unknown) => {
      assert.ok(error instanceof InvalidRequestError);
      assert.equal(error.message, 'not an interval job');
      return true;
    });
  });

  it("lists the job's delivery and replays its dead letters, all at once or one", async () => {
    takeSent();
    const { deliveries, total } = await account.deliveries(jobId, { limit: 5 });
    assertSessionRequest(takeSent()[0], 'GET', `/v1/account/jobs/${jobId}/deliveries?limit=5`);
    assert.equal(total, 1);
    const delivery = deliveries[0];
    assert.ok(delivery?.is_final, 'the one final delivery of a batch job');
    // Five failed attempts take most of an hour; the state they end in is set directly.
    const deadLetter = () =>
      harness.runtime.deps.db
        .updateTable('webhook_deliveries')
        .set({ status: 'dead_lettered', attempts: 5 })
        .where('job_id', '=', jobId)
        .execute();
    await deadLetter();
    assert.deepEqual(await account.replayAll(jobId), { error: false, replayed: 1 });
    assertSessionRequest(takeSent()[0], 'POST', `/v1/account/jobs/${jobId}/replay-all`);
    await deadLetter();
    const replayed = await account.replay(delivery._id);
    assertSessionRequest(takeSent()[0], 'POST', `/v1/account/deliveries/${delivery._id}/replay`);
    assert.deepEqual(replayed, { error: false, delivery_id: delivery._id, status: 'pending' });
    await assert.rejects(account.deliveries(jobId, { kind: 'stream' }), NotFoundError);
    assertSessionRequest(takeSent()[0], 'GET', `/v1/account/streams/${jobId}/deliveries`);
    await assert.rejects(account.replay('65f1c2a9e4b0a1b2c3d4e5f0'), NotFoundError);
  });

  it("reads a value's price history as JSON and CSV", async () => {
    const query = { source: 'source_01', country: 'de', key: 'id', value: values[0] ?? '' };
    takeSent();
    const history = await account.history(query);
    assertSessionRequest(
      takeSent()[0],
      'GET',
      `/v1/account/history?source=source_01&country=de&key=id&value=${query.value}&format=json`,
    );
    assert.equal(history.value, query.value);
    assert.ok(history.points.length >= 1, 'the crawl left a point');
    const csv = await account.historyCsv(query);
    assertSessionRequest(
      takeSent()[0],
      'GET',
      `/v1/account/history?source=source_01&country=de&key=id&value=${query.value}&format=csv`,
    );
    assert.equal(csv.trim().split('\n').length, history.points.length + 1, 'a header and one row per point');
  });
});
