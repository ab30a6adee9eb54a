import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildOperationsApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createRuntime } from '../../src/main/runtime.ts';
import { after, before, describe, it } from 'node:test';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { awaitResults, runJob, submitJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

/** The value of one sample of the Prometheus text, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0] ?? '';
    if (wanted.every((label) => labelText.includes(label))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('GET /metrics', () => {
  let harness: Harness;
  let receiver: Receiver;
  let headers: Record<string, string>;
  let productIds: string[];

  const scrape = async () => (await harness.app.inject({ method: 'GET', url: '/metrics' })).body;

  before(async () => {
    receiver = await startReceiver();
    harness = await startHarness({
      env: { CALLBACK_ALLOW_HOSTS: '127.0.0.1', STREAM_FLUSH_INTERVAL_MS: '100' },
    });
    ({ headers } = await harness.account());
    productIds = (await fetchTruth(harness, 'source_01', 'de')).products.map((product) => String(product.id));
  });
  after(async () => {
    await harness.close();
    await receiver.close();
  });

  it('answers Prometheus text with the process metrics, event-loop lag among them', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.match(response.body, /^pricecrawl_nodejs_eventloop_lag_seconds \d/m);
  });

  it('reads the queue depth and the oldest task age from the queue: up while work waits, 0 once drained', async () => {
    // No worker runs yet, so the submitted values wait in the queue.
    const idle = await startHarness({ worker: false });
    try {
      const idleScrape = async () => (await idle.app.inject({ method: 'GET', url: '/metrics' })).body;
      const { headers: idleHeaders } = await idle.account();
      const { job } = await submitJob(idle, idleHeaders, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: productIds.slice(20, 23),
      });
      const jobId = (job as { _id?: string } | undefined)?._id;
      assert.ok(jobId);
      await until('the oldest waiting task has aged', async () => {
        const text = await idleScrape();
        return sample(text, 'pricecrawl_queue_oldest_task_age_seconds') > 0;
      });
      const waiting = await idleScrape();
      // The three values wait in one crawl task (a chunk); the deadline task is not due yet.
      assert.ok(sample(waiting, 'pricecrawl_queue_ready_tasks') >= 1, waiting);

      idle.runtime.startWorker();
      await awaitResults(idle, idleHeaders, jobId);
      await until('the queue drained', async () => {
        const text = await idleScrape();
        return sample(text, 'pricecrawl_queue_ready_tasks') === 0;
      });
      const drained = await idleScrape();
      assert.match(drained, /^pricecrawl_queue_ready_tasks 0$/m);
      assert.match(drained, /^pricecrawl_queue_oldest_task_age_seconds 0$/m);
    } finally {
      await idle.close();
    }
  });

  it('counts requests, jobs, values, credits and fetches as a real job runs', async () => {
    const before = await scrape();
    const values = productIds.slice(0, 3);
    const { jobId, results } = await runJob(harness, headers, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values,
    });
    assert.equal(results.length, 3);
    const text = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      sample(text, name, labels) - sample(before, name, labels);
    assert.equal(moved('pricecrawl_jobs_total', { source: 'source_01', outcome: 'finished' }), 1);
    const found = results.filter((result) => result.success && result.reason === null).length;
    assert.equal(
      moved('pricecrawl_values_total', { source: 'source_01', outcome: 'found', served_from: 'live' }),
      found,
    );
    assert.ok(moved('pricecrawl_credits_spent_total', { source: 'source_01' }) >= found);
    const fetches = moved('pricecrawl_crawl_fetch_seconds_count', { source: 'source_01', outcome: 'ok' });
    assert.ok(fetches >= 3, `${fetches} fetches counted:\n${text}`);
    assert.equal(
      moved('pricecrawl_http_requests_total', { route: '/job', method: 'POST', status: '200' }),
      1,
    );
    assert.ok(
      moved('pricecrawl_http_requests_total', { route: '/job/:id', method: 'GET', status: '200' }) >= 1,
    );
    assert.doesNotMatch(text, new RegExp(jobId), 'routes are labelled by pattern, never by raw URL');
  });

  it('counts retries and blocks per source', async () => {
    const before = await scrape();
    const setFaults = (profiles: unknown) =>
      fetch(`${harness.sandboxOrigin}/_sandbox/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(profiles),
      });
    assert.equal(
      (await setFaults({ source_01: { rates: { blockPage: 0.5 }, retryAfterSeconds: 0 } })).status,
      200,
    );
    try {
      await runJob(harness, headers, {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values: productIds.slice(3, 7),
      });
    } finally {
      await setFaults({});
    }
    const text = await scrape();
    const blocks = sample(text, 'pricecrawl_crawl_blocks_total', { source: 'source_01' });
    assert.ok(blocks > sample(before, 'pricecrawl_crawl_blocks_total', { source: 'source_01' }));
    assert.ok(sample(text, 'pricecrawl_crawl_retries_total', { source: 'source_01', kind: 'blocked' }) > 0);
  });

  it('counts webhook deliveries by outcome and attempt', async () => {
    const values = productIds.slice(13, 15);
    const before = sample(await scrape(), 'pricecrawl_deliveries_total', {
      outcome: 'delivered',
      attempt: '1',
    });
    const submitted = await harness.app.inject({
      method: 'POST',
      url: '/stream',
      headers,
      payload: {
        source: 'source_01',
        country: 'de',
        key: 'id',
        values,
        callback_url: `${receiver.url}/hook`,
        delivery_batch_size: 1,
      },
    });
    assert.equal(submitted.json().error, false, submitted.body);
    await until('two deliveries counted', async () => {
      const now = sample(await scrape(), 'pricecrawl_deliveries_total', {
        outcome: 'delivered',
        attempt: '1',
      });
      return now - before === 2;
    });
  });

  it('requires the bearer token when METRICS_TOKEN is set', async () => {
    const guarded = await startHarness({ worker: false, env: { METRICS_TOKEN: 'scrape-secret' } });
    try {
      const ask = (authorization?: string) =>
        guarded.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
      assert.equal((await ask()).statusCode, 401);
      assert.equal((await ask('Bearer wrong')).statusCode, 401);
      const allowed = await ask('Bearer scrape-secret');
      assert.equal(allowed.statusCode, 200);
      assert.match(allowed.body, /pricecrawl_http_requests_total/);
    } finally {
      await guarded.close();
    }
  });

  it('is served by a worker process on its own port, beside liveness only', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pricecrawl-worker-metrics-'));
    const runtime = await createRuntime(
      loadConfig({ DATA_DIR: dataDir, ROLE: 'worker', LOG_LEVEL: 'silent' }),
      pino({ level: 'silent' }),
    );
    const operations = await buildOperationsApp(runtime.deps);
    try {
      const metrics = await operations.inject({ method: 'GET', url: '/metrics' });
      assert.equal(metrics.statusCode, 200);
      assert.match(metrics.body, /^pricecrawl_queue_ready_tasks 0$/m);
      assert.equal((await operations.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
      assert.equal((await operations.inject({ method: 'GET', url: '/job/1' })).statusCode, 404);
    } finally {
      await operations.close();
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
