import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fetchTruth, startHarness, type Harness, type SandboxTruth } from '../support/harness.ts';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadJwtSecret } from '../../src/accounts/auth/auth.service.ts';
import { createRuntime } from '../../src/main/runtime.ts';
import { runJob, submitJob } from '../support/run-job.ts';
import { startReceiver } from '../support/receiver.ts';
import { signInNewUser, type SignedInUser } from '../support/sessions.ts';
import { until } from '../support/until.ts';

describe('the account plane /v1/account/* (decisions C5, G16, G18, G31)', () => {
  let harness: Harness;
  let truth: SandboxTruth;
  let accountId: string;
  let dataHeaders: Record<string, string>;
  let user: SignedInUser;

  before(async () => {
    harness = await startHarness({ env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '2000' } });
    truth = await fetchTruth(harness, 'source_01', 'de');
    ({ accountId, headers: dataHeaders } = await harness.account({ credits: 1000 }));
    user = await signInNewUser(harness, accountId);
  });
  after(async () => harness.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const response = await harness.app.inject({ method, url, headers: user.headers, payload });
    return { status: response.statusCode, body: response.json() as Record<string, any>, raw: response };
  };
  const productIds = (from: number, count: number) =>
    truth.products.slice(from, from + count).map((product) => String(product.id));

  it('answers credits, plan and the spending setting with error:false', async () => {
    const credits = await call('GET', '/v1/account/credits');
    assert.deepEqual(credits.body, {
      error: false,
      balance: 1000,
      reserved: 0,
      available: 1000,
      spent_this_month: 0,
      overage: false,
      budget_cap: null,
    });
    assert.deepEqual((await call('GET', '/v1/account/plan')).body, {
      error: false,
      plan: 'self-serve',
      sources: 'all',
      cache_reuse: false,
    });
  });

  it('shows credits falling after a job, the ledger paged by cursor and spending per day', async () => {
    const { jobId } = await runJob(harness, dataHeaders, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: productIds(0, 3),
    });
    const credits = (await call('GET', '/v1/account/credits')).body;
    assert.equal(credits.balance, 997);
    assert.equal(credits.spent_this_month, 3);
    assert.equal(credits.reserved, 0);

    const first = (await call('GET', '/v1/account/billing?limit=2')).body;
    assert.equal(first.entries.length, 2);
    assert.ok(first.next_cursor);
    for (const entry of first.entries)
      assert.deepEqual(Object.keys(entry).sort(), ['amount', 'at', 'balance_after', 'job_id', 'kind']);
    const all: any[] = [...first.entries];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = (await call('GET', `/v1/account/billing?limit=2&cursor=${cursor}`)).body;
      all.push(...page.entries);
      cursor = page.next_cursor;
    }
    assert.equal(all.at(-1).kind, 'grant', 'the oldest entry is the grant');
    assert.equal(all[0].balance_after, 997, 'the newest entry carries the balance');
    assert.ok(all.some((entry) => entry.kind === 'charge' && entry.job_id === jobId));
    // A group commit writes several entries at one instant, so entries have no identity of their
    // own here: the pages together must be exactly the ledger read in one page.
    const whole = (await call('GET', '/v1/account/billing?limit=100')).body;
    assert.equal(whole.next_cursor, null);
    assert.deepEqual(all, whole.entries);

    const perDay = (await call('GET', '/v1/account/billing?group=day&days=7')).body;
    assert.equal(perDay.days.length, 7);
    assert.deepEqual(perDay.days.at(-1), { date: new Date().toISOString().slice(0, 10), spent: 3 });

    const bad = await call('GET', '/v1/account/billing?cursor=not-a-cursor');
    assert.equal(bad.status, 200);
    assert.equal(bad.body.error, true);
    assert.match(bad.body.message, /cursor/);
  });

  it('creates, lists, rotates and revokes API keys; a revoked key is refused at once', async () => {
    const created = await call('POST', '/v1/account/api-keys', { name: 'ci' });
    assert.equal(created.body.error, false);
    const rawKey: string = created.body.api_key;
    assert.match(rawKey, /^svc_live_[A-Za-z0-9_-]{48}$/);
    assert.deepEqual(Object.keys(created.body.key).sort(), [
      'created_at',
      'id',
      'last_used_at',
      'name',
      'prefix',
      'revoked_at',
    ]);
    assert.equal(rawKey.startsWith(created.body.key.prefix), true);

    const probe = (key: string) =>
      harness.app.inject({
        method: 'GET',
        url: '/job/0123456789abcdef01234567',
        headers: { 'x-api-key': key },
      });
    assert.equal((await probe(rawKey)).statusCode, 404, 'the new key works on the data plane');
    const listed = (await call('GET', '/v1/account/api-keys')).body.keys.find(
      (key: any) => key.id === created.body.key.id,
    );
    assert.ok(listed.last_used_at, 'the use is recorded');
    assert.ok(!JSON.stringify((await call('GET', '/v1/account/api-keys')).body).includes(rawKey.slice(13)));

    const rotated = await call('POST', `/v1/account/api-keys/${created.body.key.id}/rotate`);
    assert.equal(rotated.body.key.name, 'ci');
    assert.notEqual(rotated.body.api_key, rawKey);
    assert.equal((await probe(rawKey)).statusCode, 401, 'rotation revoked the old key');
    assert.equal((await probe(rotated.body.api_key)).statusCode, 404);

    // A second API process on the same database, already serving the key, refuses it as soon as
    // the first one revoked it.
    const secondRuntime = await createRuntime(harness.runtime.deps.config, pino({ level: 'silent' }));
    const secondApp = await buildApp(secondRuntime.deps, {
      jwtSecret: await loadJwtSecret(secondRuntime.deps.db),
    });
    try {
      const probeSecond = () =>
        secondApp.inject({
          method: 'GET',
          url: '/job/0123456789abcdef01234567',
          headers: { 'x-api-key': rotated.body.api_key },
        });
      assert.equal((await probeSecond()).statusCode, 404);
      const revoked = await call('DELETE', `/v1/account/api-keys/${rotated.body.key.id}`);
      assert.ok(revoked.body.key.revoked_at);
      assert.equal((await probeSecond()).statusCode, 401);
      assert.equal((await probe(rotated.body.api_key)).statusCode, 401);
    } finally {
      await secondApp.close();
      await secondRuntime.close();
    }
    const revoked = (await call('GET', '/v1/account/api-keys')).body.keys.find(
      (key: any) => key.id === rotated.body.key.id,
    );
    const again = await call('DELETE', `/v1/account/api-keys/${rotated.body.key.id}`);
    assert.equal(again.body.key.revoked_at, revoked.revoked_at, 'revoking twice keeps the first time');

    const rotateRevoked = await call('POST', `/v1/account/api-keys/${rotated.body.key.id}/rotate`);
    assert.deepEqual(rotateRevoked.body, { error: true, message: 'api key is revoked: create a new one' });
    const foreign = await call('DELETE', '/v1/account/api-keys/0123456789abcdef01234567');
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body, { error: true, message: 'api key not found' });
    const nameless = await call('POST', '/v1/account/api-keys', {});
    assert.deepEqual(nameless.body, { error: true, message: 'missing required field name' });
  });

  it('serves budget-cap and overage as one resource, enforced by the credits feature', async () => {
    const patched = await call('PATCH', '/v1/account/budget-cap', { budget_cap: 5, overage: true });
    assert.deepEqual(patched.body, { error: false, overage: true, budget_cap: 5 });
    assert.deepEqual((await call('GET', '/v1/account/overage')).body, {
      error: false,
      overage: true,
      budget_cap: 5,
    });
    assert.deepEqual((await call('PATCH', '/v1/account/overage', { overage: false })).body, {
      error: false,
      overage: false,
      budget_cap: 5,
    });
    // 3 credits were spent this month; a job that may need 3 more passes the cap of 5.
    const refused = await submitJob(harness, dataHeaders, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: productIds(10, 3),
    });
    assert.deepEqual(refused, { error: true, message: 'insufficient credits: monthly budget cap reached' });
    assert.equal((await call('PATCH', '/v1/account/budget-cap', {})).body.error, true);
    assert.deepEqual((await call('PATCH', '/v1/account/budget-cap', { budget_cap: -1 })).body, {
      error: true,
      message: 'budget_cap must be >= 0',
    });
    assert.deepEqual((await call('PATCH', '/v1/account/budget-cap', { budget_cap: null })).body, {
      error: false,
      overage: false,
      budget_cap: null,
    });
  });

  it('lists the account’s jobs newest first, by kind, paged, and opens one', async () => {
    const submitted: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await submitJob(harness, dataHeaders, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: productIds(20 + i, 1),
      });
      submitted.push(answer.job._id);
    }
    const first = (await call('GET', '/v1/account/jobs?limit=2&kind=batch')).body;
    assert.deepEqual(
      first.jobs.map((job: any) => job.id),
      [submitted[2], submitted[1]],
    );
    const second = (await call('GET', `/v1/account/jobs?limit=2&kind=batch&cursor=${first.next_cursor}`))
      .body;
    assert.equal(second.jobs[0].id, submitted[0]);
    assert.deepEqual((await call('GET', '/v1/account/jobs?kind=stream')).body.jobs, []);
    assert.equal((await call('GET', '/v1/account/jobs?kind=nope')).body.error, true);

    const detail = (await call('GET', `/v1/account/jobs/${submitted[0]}`)).body;
    assert.equal(detail.job.id, submitted[0]);
    assert.equal(detail.job.kind, 'batch');
    const other = await harness.account();
    const foreign = await submitJob(harness, other.headers, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: productIds(0, 1),
    });
    assert.equal(
      (await call('GET', `/v1/account/jobs/${foreign.job._id}`)).status,
      404,
      'another account’s job stays hidden',
    );
  });

  it('downloads a finished job as JSON and CSV like the data plane', async () => {
    const { jobId, results } = await runJob(harness, dataHeaders, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values: productIds(0, 2),
    });
    const json = await call('GET', `/v1/account/jobs/${jobId}/download`);
    assert.deepEqual(json.body.results, results);
    const csv = await harness.app.inject({
      method: 'GET',
      url: `/v1/account/jobs/${jobId}/download?format=csv`,
      headers: user.headers,
    });
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    const dataCsv = await harness.app.inject({
      method: 'GET',
      url: `/job/${jobId}/download?format=csv`,
      headers: dataHeaders,
    });
    assert.equal(csv.body, dataCsv.body);
  });

  it('lists a stream’s deliveries and replays dead-lettered ones through the same stream service', async () => {
    const receiver = await startReceiver();
    try {
      const submitted = await harness.app.inject({
        method: 'POST',
        url: '/stream',
        headers: dataHeaders,
        payload: {
          source: 'source_01',
          country: 'de',
          key: 'id',
          values: productIds(30, 2),
          callback_url: receiver.url,
        },
      });
      const jobId: string = submitted.json().job_id;
      assert.ok(jobId, submitted.body);
      await until('the stream finished and delivered', async () => {
        const detail = (await call('GET', `/v1/account/jobs/${jobId}`)).body;
        return detail.job.status === 'finished' && detail.deliveries.delivered > 0;
      });
      const listed = (await call('GET', `/v1/account/streams/${jobId}/deliveries`)).body;
      assert.equal(listed.job_id, jobId);
      assert.ok(listed.deliveries.length > 0);
      const first = listed.deliveries[0];
      // Five failed attempts take most of an hour; the state they end in is set directly.
      await harness.runtime.deps.db
        .updateTable('webhook_deliveries')
        .set({ status: 'dead_lettered' })
        .where('id', '=', first._id)
        .execute();
      const dead = (await call('GET', `/v1/account/streams/${jobId}/deliveries?status=dead_lettered`)).body;
      assert.deepEqual(
        dead.deliveries.map((delivery: any) => delivery._id),
        [first._id],
      );
      assert.deepEqual((await call('POST', `/v1/account/streams/${jobId}/replay-all`)).body, {
        error: false,
        replayed: 1,
      });
      const single = (await call('POST', `/v1/account/deliveries/${first._id}/replay`)).body;
      assert.deepEqual(single, { error: false, delivery_id: first._id, status: 'pending' });
      const batchJob = (await call('GET', '/v1/account/jobs?kind=batch&limit=1')).body.jobs[0].id;
      assert.equal((await call('GET', `/v1/account/streams/${batchJob}/deliveries`)).status, 404);
    } finally {
      await receiver.close();
    }
  });

  it('logs every key and spending change with who and when', async () => {
    const { body } = await call('GET', '/v1/account/audit?limit=100');
    const actions = body.entries.map((entry: any) => entry.action);
    for (const action of [
      'api_key.create',
      'api_key.rotate',
      'api_key.revoke',
      'spending.update',
      'user.create',
    ]) {
      assert.ok(actions.includes(action), `${action} in ${actions}`);
    }
    const spending = body.entries.find((entry: any) => entry.action === 'spending.update');
    assert.equal(spending.actor, `user:${user.email}`);
    assert.ok(Date.parse(spending.at) > 0);
    assert.ok(spending.details.before && spending.details.after);
    assert.equal(
      actions.filter((action: string) => action === 'api_key.revoke').length,
      1,
      'the repeated revocation changed nothing and is not logged',
    );
    const paged = (await call('GET', '/v1/account/audit?limit=1')).body;
    const next = (await call('GET', `/v1/account/audit?limit=1&cursor=${paged.next_cursor}`)).body;
    assert.notEqual(next.entries[0].id, paged.entries[0].id);
    assert.deepEqual(paged.entries[0], body.entries[0]);
    assert.deepEqual(next.entries[0], body.entries[1]);
  });

  it('documents every account and sign-in route in /openapi.json with schemas, examples and error bodies', async () => {
    const doc = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    assert.ok(operations.length >= 20, `${operations.length} operations`);
    const ids = new Set<string>();
    for (const { path, method, operation } of operations) {
      const where = `${method} ${path}`;
      assert.ok(operation.operationId, `${where} has an operationId`);
      ids.add(operation.operationId);
      assert.ok(operation.description, `${where} has a description`);
      const ok = operation.responses['200']?.content?.['application/json'];
      assert.ok(ok?.schema, `${where} documents its 200 body`);
      assert.ok(ok.examples || ok.schema.examples || ok.example, `${where} has examples`);
      assert.ok(operation.responses['401'], `${where} documents 401`);
      if (path.startsWith('/v1/account/')) {
        assert.deepEqual(
          operation.security,
          [{ session: [] }, { sessionCookie: [] }],
          `${where} takes a session token or cookie`,
        );
        assert.ok(operation.responses['429'], `${where} documents 429`);
      }
    }
    assert.equal(ids.size, operations.length, 'operationIds are unique');
  });
});
