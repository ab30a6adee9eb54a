import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { listJobResults } from '../../src/pipeline/work/work.repository.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { createResponseChecker, type Document } from '../support/openapi.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { signInNewUser } from '../support/sessions.ts';
import { runJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

/** The account plane and sign-in: session routes whose 401 is decisions G31's body. */
function isSessionPlane(path: string): boolean {
  return path.startsWith('/v1/') || path.startsWith('/.well-known/');
}

describe('OpenAPI document and real answers', () => {
  let harness: Harness;
  let receiver: Receiver;
  let document: Document;
  let headers: Record<string, string>;
  let accountId: string;
  let checker: ReturnType<typeof createResponseChecker>;

  before(async () => {
    receiver = await startReceiver();
    harness = await startHarness({
      env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', STREAM_FLUSH_INTERVAL_MS: '100' },
    });
    ({ headers, accountId } = await harness.account());
    document = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document;
    checker = createResponseChecker(document);
  });
  after(async () => {
    await harness.close();
    await receiver.close();
  });

  /** Calls the app and checks the answer against the operation `method template`. */
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    template: string,
    url: string,
    options: { payload?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {
    const response = await harness.app.inject({
      method,
      url,
      headers: options.headers ?? headers,
      ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
      ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
    });
    const body = checker.check(method, template, {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
    });
    return { response, body: body as Record<string, any> };
  }

  it('is a valid OpenAPI 3.1 document by a real validator', async () => {
    assert.equal(document.openapi, '3.1.0');
    await SwaggerParser.validate(structuredClone(document) as never);
  });

  it('marks a parameter with a default as optional, as the route treats it', () => {
    const defaulted: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const parameter of (operation.parameters ?? []) as Record<string, any>[]) {
          if (parameter.schema?.default === undefined) continue;
          defaulted.push(`${method} ${path} ${parameter.name}`);
          assert.notEqual(parameter.required, true, `${method} ${path}: ${parameter.name} has a default`);
        }
      }
    }
    assert.ok(defaulted.includes('get /history offset'), defaulted.join(', '));
    const history = document.paths['/history']?.get?.parameters as Record<string, any>[];
    assert.equal(history.find((parameter) => parameter.name === 'source')?.required, true);
  });

  it('gives every operation an operationId, a description and its refusals', () => {
    const operationIds = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method} ${path}`;
        assert.match(String(operation.operationId), /^[a-z][A-Za-z]+$/, `${name} has an operationId`);
        assert.ok(!operationIds.has(operation.operationId), `${name} has a unique operationId`);
        operationIds.add(operation.operationId);
        assert.ok(String(operation.description).length > 20, `${name} has a description`);
        assert.ok(operation.responses['200']?.content, `${name} documents its 200 body`);
        if (operation.requestBody) {
          for (const status of ['400', '413', '415']) {
            assert.ok(operation.responses[status]?.content, `${name} documents ${status}`);
          }
        }
        const open = Array.isArray(operation.security) && operation.security.length === 0;
        const session = isSessionPlane(path);
        if (!open || session) assert.ok(operation.responses['500']?.content, `${name} documents 500`);
        if (open) continue;
        // Only a change made with the session cookie can be refused 403 (CSRF) on the account plane.
        const refusals = session && method === 'get' ? ['401', '404', '429'] : ['401', '403', '404', '429'];
        for (const status of refusals) {
          assert.ok(operation.responses[status]?.content, `${name} documents ${status}`);
        }
        const unauthorized = operation.responses['401'].content['application/json'].schema;
        const g31 = JSON.stringify(unauthorized.properties.error.enum) === '["unauthorized"]';
        assert.equal(g31, session, `${name} 401 body is G31's only on the session plane`);
      }
    }
    for (const path of ['/v1/auth/login', '/v1/auth/refresh', '/v1/auth/logout']) {
      assert.deepEqual(document.paths[path]?.post?.security, [], `${path} needs no session`);
    }
    assert.deepEqual(document.paths['/.well-known/jwks.json']?.get?.security, []);
    assert.deepEqual(document.paths['/v1/account/me']?.get?.security, [
      { session: [] },
      { sessionCookie: [] },
    ]);
    assert.ok(
      !Object.keys(document.paths).some((path) => path.startsWith('/dashboard')),
      'static files hidden',
    );
    const submit = document.paths['/job']?.post;
    const idempotency = submit?.parameters?.find((p: { name: string }) => p.name === 'idempotency-key');
    assert.equal(idempotency?.in, 'header');
    assert.equal(idempotency?.required, false);
    const wait = document.paths['/job/{id}']?.get?.parameters?.find(
      (p: { name: string }) => p.name === 'wait',
    );
    assert.equal(wait?.required, false, 'optional query fields are marked optional');
  });

  it('describes every real answer of every route, and strips nothing', async () => {
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const values = truth.products.slice(0, 2).map((product) => String(product.id));

    await call('GET', '/health', '/health');
    await call('GET', '/health/live', '/health/live');
    const metrics = await call('GET', '/metrics', '/metrics', { headers: {} });
    assert.match(metrics.response.body, /pricecrawl_http_requests_total/);

    // Batch: submission, poll, downloads in three formats, then history of the crawled value.
    const { jobId, results } = await runJob(harness, headers, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values,
      include_meta: true,
    });
    const submitted = await call('POST', '/job', '/job', {
      payload: { source: 'source_01', country: 'de', key: 'id', values: [values[0]], wait: 30 },
    });
    assert.equal(submitted.body.error, false);
    await call('GET', '/job/{id}', `/job/${jobId}`);
    await call('GET', '/job/{id}', `/job/${jobId}?wait=1`);
    const download = await call('GET', '/job/{id}/download', `/job/${jobId}/download`);
    // The serializer keeps every field of every result as stored, source-specific content and meta included.
    const stored = (await listJobResults(harness.runtime.deps.db, jobId)).map(
      (row) => JSON.parse(row) as unknown,
    );
    assert.deepEqual(download.body.results, stored);
    assert.ok(results.every((result) => Object.keys(result.content ?? {}).length > 5 && result.meta));
    await call('GET', '/job/{id}/download', `/job/${jobId}/download?format=csv`);
    await call('GET', '/job/{id}/download', `/job/${jobId}/download?format=xlsx`);
    await call('GET', '/job/{id}/download.csv', `/job/${jobId}/download.csv`);
    await call('GET', '/job/{id}/download.xlsx', `/job/${jobId}/download.xlsx`);
    await call('GET', '/job/{id}/deliveries', `/job/${jobId}/deliveries`);
    await call('POST', '/job/{id}/replay-all', `/job/${jobId}/replay-all`);
    const historyQuery = `/history?source=source_01&country=de&key=id&value=${values[0]}`;
    const history = await call('GET', '/history', historyQuery);
    assert.ok(history.body.total >= 2);
    await call('GET', '/history', `${historyQuery}&format=csv`);
    await call('GET', '/history', `${historyQuery}&format=xlsx`);

    // Interval job: update and delete.
    const interval = await call('POST', '/job', '/job', {
      payload: { source: 'source_01', country: 'de', key: 'id', values, interval: 60 },
    });
    const intervalId = String(interval.body.job._id);
    assert.equal(interval.body.job.interval, 60);
    await call('PUT', '/job/{id}', `/job/${intervalId}`, { payload: { max_age: 60 } });
    await call('DELETE', '/job/{id}', `/job/${intervalId}`);

    // Stream: submission, progress, results, deliveries and both replays.
    const stream = await call('POST', '/stream', '/stream', {
      payload: {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
        callback_url: `${receiver.url}/hook`,
        delivery_batch_size: 1,
        client_ref: 'openapi-test',
      },
      headers: { ...headers, 'idempotency-key': 'openapi-stream-1' },
    });
    const streamId = String(stream.body.job_id);
    await until('both stream deliveries delivered', async () => {
      const page = await call('GET', '/stream/{id}/deliveries', `/stream/${streamId}/deliveries`);
      return page.body.deliveries?.filter((d: { status: string }) => d.status === 'delivered').length === 2;
    });
    await call('GET', '/stream/{id}', `/stream/${streamId}`);
    const page = await call('GET', '/stream/{id}/results', `/stream/${streamId}/results?limit=10`);
    assert.equal(page.body.count, 2);
    await call('GET', '/stream/{id}/results', `/stream/${streamId}/results?batch=1`);
    const deliveries = await call(
      'GET',
      '/stream/{id}/deliveries',
      `/stream/${streamId}/deliveries?status=delivered`,
    );
    await call('POST', '/stream/{id}/replay-all', `/stream/${streamId}/replay-all`);
    const deliveryId = String(deliveries.body.deliveries[0]._id);
    await call('POST', '/stream/deliveries/{delivery_id}/replay', `/stream/deliveries/${deliveryId}/replay`);

    assert.deepEqual(
      checker.unseen(200).filter((key) => !isSessionPlane(key.split(' ')[1] ?? '')),
      [],
      'every data-plane operation was seen answering 200',
    );
  });

  it('describes every real answer of sign-in and the account plane', async () => {
    const user = await signInNewUser(harness, accountId);
    const open = { headers: {} };
    const credentials = { email: user.email, password: user.password };
    const login = await call('POST', '/v1/auth/login', '/v1/auth/login', { ...open, payload: credentials });
    await call('POST', '/v1/auth/login', '/v1/auth/login', {
      ...open,
      payload: { ...credentials, cookie: true },
    });
    await call('POST', '/v1/auth/login', '/v1/auth/login', { ...open, payload: { email: user.email } });
    const wrongPassword = await call('POST', '/v1/auth/login', '/v1/auth/login', {
      ...open,
      payload: { ...credentials, password: 'not-the-password' },
      remoteAddress: '10.8.0.1',
    });
    assert.equal(wrongPassword.response.statusCode, 401);
    const refreshed = await call('POST', '/v1/auth/refresh', '/v1/auth/refresh', {
      ...open,
      payload: { refresh_token: login.body.refresh_token },
    });
    const usedUp = await call('POST', '/v1/auth/refresh', '/v1/auth/refresh', {
      ...open,
      payload: { refresh_token: login.body.refresh_token },
    });
    assert.equal(usedUp.response.statusCode, 401);
    await call('POST', '/v1/auth/logout', '/v1/auth/logout', {
      ...open,
      payload: { refresh_token: refreshed.body.refresh_token },
    });
    await call('POST', '/v1/auth/logout', '/v1/auth/logout', { ...open, payload: {} });
    await call('GET', '/.well-known/jwks.json', '/.well-known/jwks.json', open);

    const session = { headers: user.headers };
    const account = (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      template: string,
      url = template,
      payload?: object,
    ) => call(method, template, url, { ...session, ...(payload === undefined ? {} : { payload }) });
    for (const path of ['me', 'credits', 'plan', 'api-keys', 'budget-cap', 'overage', 'audit']) {
      await account('GET', `/v1/account/${path}`);
    }
    await account('GET', '/v1/account/billing', '/v1/account/billing?limit=2');
    await account('GET', '/v1/account/billing', '/v1/account/billing?group=day&days=7');
    await account('PATCH', '/v1/account/budget-cap', undefined, { budget_cap: 100000 });
    await account('PATCH', '/v1/account/overage', undefined, { overage: false });
    const refused = await account('PATCH', '/v1/account/budget-cap', undefined, { budget_cap: -1 });
    assert.equal(refused.body.error, true, 'a refused change answers {error:true} with 200');
    const created = await account('POST', '/v1/account/api-keys', undefined, { name: 'openapi' });
    const rotated = await account(
      'POST',
      '/v1/account/api-keys/{id}/rotate',
      `/v1/account/api-keys/${created.body.key.id}/rotate`,
    );
    await account('DELETE', '/v1/account/api-keys/{id}', `/v1/account/api-keys/${rotated.body.key.id}`);

    const jobs = (await account('GET', '/v1/account/jobs', '/v1/account/jobs?limit=50')).body.jobs as any[];
    const batch = jobs.find((job) => job.kind === 'batch' && job.status === 'finished');
    const stream = jobs.find((job) => job.kind === 'stream');
    assert.ok(batch && stream, 'the data-plane test left a finished batch job and a stream job');
    await account('GET', '/v1/account/jobs/{id}', `/v1/account/jobs/${batch.id}`);
    await account('GET', '/v1/account/jobs/{id}', `/v1/account/jobs/${stream.id}`);
    await account('GET', '/v1/account/jobs/{id}/download', `/v1/account/jobs/${batch.id}/download`);
    await account(
      'GET',
      '/v1/account/jobs/{id}/download',
      `/v1/account/jobs/${batch.id}/download?format=csv`,
    );
    // The dashboard's own routes (decisions G39).
    const results = await account(
      'GET',
      '/v1/account/jobs/{id}/results',
      `/v1/account/jobs/${batch.id}/results?limit=5`,
    );
    await account('GET', '/v1/account/jobs/{id}/runs', `/v1/account/jobs/${batch.id}/runs`);
    const history = new URLSearchParams({
      source: batch.source,
      country: batch.country,
      key: batch.key,
      value: results.body.results[0].value,
    });
    await account('GET', '/v1/account/history', `/v1/account/history?${history}`);
    await account('GET', '/v1/account/sources');
    await account('POST', '/v1/account/jobs', undefined, {
      source: batch.source,
      country: batch.country,
      key: batch.key,
      values: [results.body.results[0].value],
    });
    await account('GET', '/v1/account/jobs/{id}/deliveries', `/v1/account/jobs/${batch.id}/deliveries`);
    await account('POST', '/v1/account/jobs/{id}/replay-all', `/v1/account/jobs/${batch.id}/replay-all`);
    const deliveries = await account(
      'GET',
      '/v1/account/streams/{id}/deliveries',
      `/v1/account/streams/${stream.id}/deliveries`,
    );
    await account(
      'POST',
      '/v1/account/streams/{id}/replay-all',
      `/v1/account/streams/${stream.id}/replay-all`,
    );
    const deliveryId = String(deliveries.body.deliveries[0]._id);
    await account(
      'POST',
      '/v1/account/deliveries/{delivery_id}/replay',
      `/v1/account/deliveries/${deliveryId}/replay`,
    );
    const unknown = '65f1c2a9e4b0a1b2c3d4e5f0';
    assert.equal(
      (await account('GET', '/v1/account/jobs/{id}', `/v1/account/jobs/${unknown}`)).response.statusCode,
      404,
    );
    await account('DELETE', '/v1/account/api-keys/{id}', `/v1/account/api-keys/${unknown}`);

    // Every account operation refuses a request without a session, and an API key, with G31's 401.
    for (const [template, operations] of Object.entries(document.paths)) {
      if (!template.startsWith('/v1/account/')) continue;
      const url = template.replace(/\{[^}]+\}/g, unknown);
      for (const method of Object.keys(operations)) {
        const verb = method.toUpperCase() as 'GET';
        assert.equal((await call(verb, template, url, open)).response.statusCode, 401, `${verb} ${url}`);
        assert.equal(
          (await call(verb, template, url, { headers })).response.statusCode,
          401,
          `${verb} ${url}`,
        );
      }
    }
    assert.deepEqual(
      [...checker.unseen(200), ...checker.unseen(401)].filter((key) =>
        isSessionPlane(key.split(' ')[1] ?? ''),
      ),
      ['get /.well-known/jwks.json 401'],
      'every session-plane operation was seen answering 200 and 401 (the public keys need no session)',
    );
  });

  it('describes the body and CSRF refusals of the account plane and sign-in', async () => {
    const user = await signInNewUser(harness, accountId);
    const cookieLogin = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: user.email, password: user.password, cookie: true },
    });
    const cookies = cookieLogin.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const withoutCsrf = await call('POST', '/v1/account/api-keys', '/v1/account/api-keys', {
      headers: { cookie: cookies },
      payload: { name: 'no-csrf' },
    });
    assert.equal(withoutCsrf.response.statusCode, 403);
    const refreshWithoutCsrf = await call('POST', '/v1/auth/refresh', '/v1/auth/refresh', {
      headers: { cookie: cookies },
      payload: {},
    });
    assert.equal(refreshWithoutCsrf.response.statusCode, 403);
    const send = async (url: string, contentType: string, payload: string, status: number) => {
      const method = url.endsWith('budget-cap') ? 'PATCH' : 'POST';
      const answer = await harness.app.inject({
        method,
        url,
        headers: { ...user.headers, 'content-type': contentType },
        payload,
      });
      assert.equal(answer.statusCode, status, `${method} ${url} ${contentType}`);
      checker.check(method, url, answer);
    };
    for (const url of ['/v1/account/api-keys', '/v1/account/budget-cap', '/v1/auth/login']) {
      await send(url, 'application/json', '{"name":', 400);
      await send(url, 'text/plain', 'name', 415);
      await send(url, 'application/json', JSON.stringify({ name: 'x'.repeat(17 * 1024 * 1024) }), 413);
    }
    // decisions G30: failed sign-ins per email are limited; the sixth answers 429 with Retry-After.
    const wrong = { email: 'nobody@example.test', password: 'not-the-password' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await call('POST', '/v1/auth/login', '/v1/auth/login', {
        headers: {},
        payload: wrong,
        remoteAddress: `10.9.0.${attempt + 1}`,
      });
      statuses.push(answer.response.statusCode);
      if (answer.response.statusCode === 429)
        assert.match(String(answer.response.headers['retry-after']), /^\d+$/);
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
  });

  it('describes the refusals as they are answered', async () => {
    const unknownJob = '65f1c2a9e4b0a1b2c3d4e5f0';
    const refusal = await call('POST', '/job', '/job', { payload: { source: 'source_01' } });
    assert.deepEqual(Object.keys(refusal.body), ['error', 'message']);
    await call('GET', '/job/{id}', `/job/${unknownJob}`, { headers: {} });
    const missing = await call('GET', '/job/{id}', `/job/${unknownJob}`);
    assert.equal(missing.response.statusCode, 404);
    await call('GET', '/job/{id}/download', `/job/${unknownJob}/download`);
    await call('GET', '/stream/{id}', `/stream/${unknownJob}`);
    await call('POST', '/stream/deliveries/{delivery_id}/replay', `/stream/deliveries/${unknownJob}/replay`);
    await call('GET', '/history', '/history?source=source_01&country=de&key=id&value=1&format=xml');
    const tooLarge = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ values: 'x'.repeat(17 * 1024 * 1024) }),
    });
    checker.check('POST', '/job', { ...tooLarge, headers: tooLarge.headers });
    assert.equal(tooLarge.statusCode, 413);
  });

  it('describes the 429 of the rate limit', async () => {
    const limited = await startHarness({
      worker: false,
      env: { RATE_LIMIT_BURST: '1', RATE_LIMIT_PER_SECOND: '0.01' },
    });
    try {
      const account = await limited.account();
      const limitedChecker = createResponseChecker(
        (await limited.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document,
      );
      await limited.app.inject({
        method: 'GET',
        url: '/job/65f1c2a9e4b0a1b2c3d4e5f0',
        headers: account.headers,
      });
      const refused = await limited.app.inject({
        method: 'GET',
        url: '/job/65f1c2a9e4b0a1b2c3d4e5f0',
        headers: account.headers,
      });
      assert.equal(refused.statusCode, 429);
      limitedChecker.check('GET', '/job/{id}', refused);
      const user = await signInNewUser(limited, account.accountId);
      await limited.app.inject({ method: 'GET', url: '/v1/account/me', headers: user.headers });
      const refusedSession = await limited.app.inject({
        method: 'GET',
        url: '/v1/account/me',
        headers: user.headers,
      });
      assert.equal(refusedSession.statusCode, 429);
      limitedChecker.check('GET', '/v1/account/me', refusedSession);
      const documented = Object.keys(document.paths['/job/{id}']?.get?.responses['429'].headers ?? {});
      for (const header of ['retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
        assert.ok(documented.includes(header), `429 documents ${header}`);
        assert.match(String(refused.headers[header]), /^\d+$/, `429 answers ${header}`);
      }
    } finally {
      await limited.close();
    }
  });
});
