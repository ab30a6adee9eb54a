import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { listJobResults } from '../../src/work/work.repository.ts';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { createResponseChecker, type Document } from '../support/openapi.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { runJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

/** The account plane documents and tests its own routes (test/api/account*.test.ts). */
function isAccountPlane(path: string): boolean {
  return path.startsWith('/v1/') || path.startsWith('/.well-known/') || path.startsWith('/dashboard');
}

describe('OpenAPI document and real answers', () => {
  let harness: Harness;
  let receiver: Receiver;
  let document: Document;
  let headers: Record<string, string>;
  let checker: ReturnType<typeof createResponseChecker>;

  before(async () => {
    receiver = await startReceiver();
    harness = await startHarness({
      env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', STREAM_FLUSH_INTERVAL_MS: '100' },
    });
    ({ headers } = await harness.account());
    document = (await harness.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document;
    checker = createResponseChecker(document);
  });
  after(async () => {
    await harness.close();
    await receiver.close();
  });

  /** Calls the app and checks the answer against the operation `method template`. */
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    template: string,
    url: string,
    options: { payload?: unknown; headers?: Record<string, string> } = {},
  ) {
    const response = await harness.app.inject({
      method,
      url,
      headers: options.headers ?? headers,
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

  it('gives every data-plane operation an operationId, a description and its refusals', () => {
    const operationIds = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      if (isAccountPlane(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method} ${path}`;
        assert.match(String(operation.operationId), /^[a-z][A-Za-z]+$/, `${name} has an operationId`);
        assert.ok(!operationIds.has(operation.operationId), `${name} has a unique operationId`);
        operationIds.add(operation.operationId);
        assert.ok(String(operation.description).length > 20, `${name} has a description`);
        assert.ok(operation.responses['200']?.content, `${name} documents its 200 body`);
        const open = Array.isArray(operation.security) && operation.security.length === 0;
        if (open) continue;
        for (const status of ['401', '403', '404', '429', '500']) {
          assert.ok(operation.responses[status]?.content, `${name} documents ${status}`);
        }
        if (operation.requestBody) assert.ok(operation.responses['413'], `${name} documents 413`);
      }
    }
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
      checker.unseen(200).filter((key) => !isAccountPlane(key.split(' ')[1] ?? '')),
      [],
      'every data-plane operation was seen answering 200',
    );
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
