import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { freePort, startServiceProcess, waitForOk, type ServiceProcess } from '../support/processes.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { within } from '../support/until.ts';

// The package's bin, which `npx pricecrawl` resolves to; started directly so the test's signals
// reach the service (npm exec does not forward SIGTERM).
const BIN = ['bin/pricecrawl.js'];
const API_KEY = `svc_live_${'rolesTestKey'.repeat(5).slice(0, 48)}`;

describe('the startup contract: npx pricecrawl api and npx pricecrawl worker, one role each', () => {
  const prefix = uniqueRedisPrefix();
  const started: ServiceProcess[] = [];
  let database: TestDatabase | undefined;
  let env: Record<string, string> = {};
  let ports = { api: 0, sandbox: 0, health: 0 };

  before(async () => {
    await requireRedis();
    database = await createTestDatabase('postgres');
    ports = { api: await freePort(), sandbox: await freePort(), health: await freePort() };
    // One set of variables for both commands, ROLE included: the command names the role.
    env = {
      ...database.env,
      ROLE: 'all',
      QUEUE_ENGINE: 'bullmq',
      REDIS_URL: TEST_REDIS_URL,
      BULLMQ_PREFIX: prefix,
      PORT: String(ports.api),
      SANDBOX_PORT: String(ports.sandbox),
      HEALTH_PORT: String(ports.health),
      BOOTSTRAP_API_KEY: API_KEY,
      CRAWL_REQUEST_TIMEOUT_MS: '5000',
    };
  });
  after(async () => {
    for (const service of started) service.signal('SIGKILL');
    await Promise.all(started.map((service) => service.exited));
    await database?.drop();
    await dropRedisPrefix(prefix);
  });

  it('a worker answers /health and /health/live on HEALTH_PORT and serves nothing on PORT', async () => {
    const worker = startServiceProcess(process.execPath, [...BIN, 'worker'], env);
    started.push(worker);
    await waitForOk(`http://127.0.0.1:${ports.health}/health/live`, worker);
    const health = await fetch(`http://127.0.0.1:${ports.health}/health`);
    assert.equal(health.status, 200);
    assert.equal(((await health.json()) as { status: string }).status, 'ok');
    const unknown = await fetch(`http://127.0.0.1:${ports.health}/job/x`);
    assert.equal(unknown.status, 404, 'the probe server serves no API route');
    await assert.rejects(fetch(`http://127.0.0.1:${ports.api}/health`), 'nothing listens on PORT');
  });

  it('the API answers /health and its jobs are crawled by the worker, not by itself', async () => {
    const api = startServiceProcess(process.execPath, [...BIN, 'api'], env);
    started.push(api);
    const base = `http://127.0.0.1:${ports.api}`;
    await waitForOk(`${base}/health`, api);
    const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
    const catalog = (await (
      await fetch(`http://127.0.0.1:${ports.sandbox}/catalog.json?source=source_01&country=de`)
    ).json()) as { products: Array<{ id: string }> };
    const values = catalog.products.slice(0, 3).map((product) => product.id);
    const created = (await (
      await fetch(`${base}/job`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ source: 'source_01', country: 'de', key: 'id', values }),
      })
    ).json()) as { error: boolean; job: { _id: string } };
    assert.equal(created.error, false, JSON.stringify(created));
    let status = '';
    for (let polls = 0; polls < 30 && status !== 'finished'; polls += 1) {
      const answer = (await (await fetch(`${base}/job/${created.job._id}?wait=10`, { headers })).json()) as {
        job: { status: string };
      };
      status = answer.job.status;
    }
    assert.equal(status, 'finished');
    const download = (await (await fetch(`${base}/job/${created.job._id}/download`, { headers })).json()) as {
      results: Array<{ key: string; success: boolean }>;
    };
    assert.deepEqual(
      download.results.map((result) => [result.key, result.success]),
      values.map((value) => [value, true]),
    );
  });

  it('both roles stop on SIGTERM with exit code 0', async () => {
    const [worker, api] = started;
    assert.ok(worker && api);
    worker.signal('SIGTERM');
    api.signal('SIGTERM');
    // An exit answers at once; the bound only names a process that never stops.
    const codes = await within(
      'both roles exit after SIGTERM',
      Promise.all([worker.exited, api.exited]),
      60_000,
    );
    assert.deepEqual(codes, [0, 0], `${worker.output()}\n${api.output()}`);
  });
});
