import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { awaitResults } from '../support/run-job.ts';
import { signInNewUser, type SignedInUser } from '../support/sessions.ts';

describe('the dashboard’s own account-plane routes (decisions G39)', () => {
  let harness: Harness;
  let truth: SandboxTruth;
  let accountId: string;
  let dataHeaders: Record<string, string>;
  let user: SignedInUser;

  before(async () => {
    harness = await startHarness({ env: { SHUTDOWN_TIMEOUT_MS: '2000' } });
    truth = await fetchTruth(harness, 'source_01', 'de');
    ({ accountId, headers: dataHeaders } = await harness.account({ credits: 1000 }));
    user = await signInNewUser(harness, accountId);
  });
  after(async () => harness.close());

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    headers: Record<string, string> = user.headers,
  ) => {
    const response = await harness.app.inject({ method, url, headers, payload });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const ids = (from: number, count: number) =>
    truth.products.slice(from, from + count).map((product) => String(product.id));

  it('submits a job for the session’s account and reads its results paged, failures with their reason', async () => {
    const values = [...ids(0, 2), 'no such product 0'];
    const created = await call('POST', '/v1/account/jobs', {
      source: 'source_01',
      country: 'DE',
      key: 'id',
      values,
    });
    assert.equal(created.status, 200);
    assert.equal(created.body.error, false, JSON.stringify(created.body));
    const jobId = created.body.job._id as string;
    assert.equal(created.body.job.country, 'de');
    // The job belongs to the account: the data plane reads it with the account's key.
    await awaitResults(harness, dataHeaders, jobId);

    const all = await call('GET', `/v1/account/jobs/${jobId}/results`);
    assert.equal(all.body.error, false, JSON.stringify(all.body));
    assert.equal(all.body.total, 3);
    assert.equal(all.body.status, 'finished');
    assert.equal(all.body.run_id, null);
    assert.deepEqual(
      all.body.results.map((row: any) => [row.index, row.value, row.result.key]),
      values.map((value, index) => [index, value, value]),
    );
    const found = all.body.results[0].result;
    assert.equal(found.success, true);
    assert.equal(typeof found.content.price_min, 'number');
    assert.ok(['live', 'cache'].includes(found.served_from));

    const page = await call('GET', `/v1/account/jobs/${jobId}/results?offset=1&limit=1`);
    assert.deepEqual(
      [page.body.offset, page.body.limit, page.body.total, page.body.count, page.body.results[0].index],
      [1, 1, 3, 1, 1],
    );
    const tooMany = await call('GET', `/v1/account/jobs/${jobId}/results?limit=1001`);
    assert.equal(tooMany.body.error, true, 'a page holds at most 1 000 results');
    assert.match(tooMany.body.message, /limit/);
  });

  it('answers the same job for a repeated Idempotency-Key', async () => {
    const body = { source: 'source_01', country: 'de', key: 'id', values: ids(2, 1) };
    const headers = { ...user.headers, 'idempotency-key': 'dashboard-form-1' };
    const first = await call('POST', '/v1/account/jobs', body, headers);
    const second = await call('POST', '/v1/account/jobs', body, headers);
    assert.equal(first.body.error, false, JSON.stringify(first.body));
    assert.equal(second.body.job._id, first.body.job._id);
  });

  it('refuses a submission the data plane refuses, with the same message', async () => {
    const body = { source: 'source_01', country: 'zz', key: 'id', values: ids(0, 1) };
    const refused = await call('POST', '/v1/account/jobs', body);
    assert.equal(refused.body.error, true);
    assert.deepEqual(refused.body, (await call('POST', '/job', body, dataHeaders)).body);
  });

  it('hides another account’s job (404) and refuses a request without a session (401) or with an API key', async () => {
    const created = await call('POST', '/v1/account/jobs', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids(3, 1),
    });
    const jobId = created.body.job._id as string;
    const other = await harness.account({ credits: 10 });
    const stranger = await signInNewUser(harness, other.accountId);
    for (const path of [`/v1/account/jobs/${jobId}/results`, `/v1/account/jobs/${jobId}/runs`]) {
      const hidden = await call('GET', path, undefined, stranger.headers);
      assert.equal(hidden.status, 404, path);
      assert.deepEqual(hidden.body, { error: true, message: 'job not found' });
      assert.equal((await call('GET', path, undefined, {})).status, 401, path);
      assert.equal((await call('GET', path, undefined, dataHeaders)).status, 401, `${path} with an API key`);
    }
    const keyed = await call('POST', '/v1/account/jobs', { source: 'source_01' }, dataHeaders);
    assert.equal(keyed.status, 401);
    assert.equal((await call('GET', '/v1/account/sources', undefined, {})).status, 401);
  });

  it('needs the CSRF token to submit with the session cookie', async () => {
    const login = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: user.email, password: user.password, cookie: true },
    });
    const cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie.value]));
    const cookie = `pc_session=${cookies.pc_session}; pc_csrf=${cookies.pc_csrf}`;
    const body = { source: 'source_01', country: 'de', key: 'id', values: ids(4, 1) };
    const refused = await call('POST', '/v1/account/jobs', body, { cookie });
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body, { error: true, message: 'missing or wrong CSRF token' });
    const accepted = await call('POST', '/v1/account/jobs', body, {
      cookie,
      'x-csrf-token': cookies.pc_csrf ?? '',
    });
    assert.equal(accepted.body.error, false, JSON.stringify(accepted.body));
    // A read needs no CSRF token.
    assert.equal((await call('GET', '/v1/account/sources', undefined, { cookie })).status, 200);
  });

  it('reads a value’s price history as GET /history does', async () => {
    const [value] = ids(0, 1);
    const query = `source=source_01&country=de&key=id&value=${encodeURIComponent(value ?? '')}`;
    const history = await call('GET', `/v1/account/history?${query}`);
    assert.equal(history.body.error, false, JSON.stringify(history.body));
    assert.ok(history.body.total >= 1, 'the first test’s job left a point');
    assert.deepEqual(history.body, (await call('GET', `/history?${query}`, undefined, dataHeaders)).body);
  });

  it('lists the sources with their countries, keys and topics', async () => {
    const { body } = await call('GET', '/v1/account/sources');
    const source01 = body.sources.find((source: any) => source.id === 'source_01');
    assert.ok(source01.countries.includes('de'));
    assert.ok(source01.keys.some((key: any) => key.key === 'id' && key.countries === null));
    assert.ok(source01.topics.some((topic: any) => topic.topic === 'search'));
    assert.equal(typeof source01.uses_max_pages, 'boolean');

    const enterprise = await harness.account({ plan: 'enterprise', sources: 'source_02.de', credits: 10 });
    const granted = await signInNewUser(harness, enterprise.accountId);
    const limited = await call('GET', '/v1/account/sources', undefined, granted.headers);
    assert.deepEqual(
      limited.body.sources.map((source: any) => [source.id, source.countries]),
      [['source_02', ['de']]],
    );
  });

  it('lists an interval job’s runs and reads a run’s results; a batch job has no runs', async () => {
    const created = await call('POST', '/v1/account/jobs', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids(5, 2),
      interval: 60,
    });
    const jobId = created.body.job._id as string;
    let runs: Record<string, any> = {};
    for (let polls = 0; polls < 60; polls += 1) {
      await harness.app.inject({ method: 'GET', url: `/job/${jobId}?wait=10`, headers: dataHeaders });
      runs = (await call('GET', `/v1/account/jobs/${jobId}/runs`)).body;
      if (runs.runs?.[0]?.status === 'finished') break;
    }
    assert.equal(runs.interval, 60);
    assert.equal(runs.runs.length, 1);
    const [run] = runs.runs;
    assert.equal(run.values_done, 2);
    const results = await call('GET', `/v1/account/jobs/${jobId}/results?run_id=${run.id}`);
    assert.equal(results.body.run_id, run.id);
    assert.equal(results.body.total, 2);
    const batch = await call('GET', `/v1/account/jobs/${jobId}/results?run_id=${jobId}`);
    assert.equal(batch.status, 404, 'the job is not its own run');
    const download = await call('GET', `/v1/account/jobs/${run.id}/download`);
    assert.equal(download.body.results.length, 2, 'a run downloads by its id');
    const plain = await call('POST', '/v1/account/jobs', {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: ids(7, 1),
    });
    const noRuns = await call('GET', `/v1/account/jobs/${plain.body.job._id}/runs`);
    assert.deepEqual(noRuns.body, { error: true, message: 'not an interval job' });
  });
});
