import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildOperationsApp } from '../../src/app.ts';
import { startHarness, type Harness } from '../support/harness.ts';

describe("a worker's operations server (HEALTH_PORT)", () => {
  let harness: Harness | undefined;
  let probes: FastifyInstance | undefined;
  let accepting = true;

  before(async () => {
    harness = await startHarness({ worker: false });
    probes = await buildOperationsApp(harness.runtime.deps, () => accepting);
  });
  after(async () => {
    await probes?.close();
    await harness?.close();
  });

  it('answers readiness and liveness with 200 while the worker runs', async () => {
    assert.ok(probes);
    const ready = await probes.inject({ url: '/health' });
    assert.deepEqual([ready.statusCode, ready.json().status], [200, 'ok']);
    const live = await probes.inject({ url: '/health/live' });
    assert.equal(live.statusCode, 200);
  });

  it('serves metrics and no API route: any other path is a 404 error body', async () => {
    assert.ok(probes);
    const metrics = await probes.inject({ url: '/metrics' });
    assert.equal(metrics.statusCode, 200);
    assert.match(metrics.body, /# TYPE /);
    const response = await probes.inject({ method: 'POST', url: '/job' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().error, true);
  });

  it('answers 503 with an error body once shutdown began, while liveness stays 200', async () => {
    assert.ok(probes);
    accepting = false;
    const ready = await probes.inject({ url: '/health' });
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.json().error, true);
    assert.match(ready.json().message, /shutting down/);
    assert.equal((await probes.inject({ url: '/health/live' })).statusCode, 200);
  });
});
