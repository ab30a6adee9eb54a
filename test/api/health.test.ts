import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { runInRequest } from '../../src/platform/lib/request-context.ts';
import { createLogger, createRuntime, type Runtime } from '../../src/main/runtime.ts';

/** A logger writing JSON lines into an array. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { lines, raw, logger: createLogger({ logLevel: 'info' }, sink) };
}

describe('health checks and request ids', () => {
  let dataDir: string;
  let runtime: Runtime;
  let lines: Array<Record<string, unknown>>;
  let raw: string[];
  let accepting = true;
  let app: Awaited<ReturnType<typeof buildApp>>;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pricecrawl-health-'));
    const captured = capturingLogger();
    lines = captured.lines;
    raw = captured.raw;
    runtime = await createRuntime(
      loadConfig({ DATA_DIR: dataDir, ROLE: 'api', LOG_LEVEL: 'info' }),
      captured.logger,
    );
    app = await buildApp(runtime.deps, { jwtSecret: new Uint8Array(32), isAccepting: () => accepting });
  });
  after(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers /health 200 once work is accepted and /health/live always', async () => {
    const ready = await app.inject({ method: 'GET', url: '/health' });
    assert.equal(ready.statusCode, 200);
    assert.deepEqual(ready.json(), { status: 'ok', version: '4.0' });
    const live = await app.inject({ method: 'GET', url: '/health/live' });
    assert.deepEqual([live.statusCode, live.json()], [200, { status: 'ok' }]);
  });

  it('keeps a well-formed x-request-id, replaces a malformed one, and logs every request line with it', async () => {
    const kept = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-42.a_b' },
    });
    assert.equal(kept.headers['x-request-id'], 'trace-42.a_b');
    const requestLines = lines.filter((line) => line.reqId === 'trace-42.a_b');
    assert.ok(requestLines.some((line) => line.msg === 'incoming request'));
    assert.ok(requestLines.some((line) => line.msg === 'request completed'));
    for (const malformed of ['has space', 'x'.repeat(129), 'semi;colon']) {
      const replaced = await app.inject({
        method: 'GET',
        url: '/health',
        headers: { 'x-request-id': malformed },
      });
      assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    }
    const fresh = await app.inject({ method: 'GET', url: '/job/65f1c2a9e4b0a1b2c3d4e5f6' });
    assert.equal(fresh.statusCode, 401);
    assert.match(String(fresh.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('gives lines of the process logger written while serving a request the request id', async () => {
    await new Promise<void>((resolve) =>
      runInRequest('served-by-a-service', () => {
        runtime.deps.logger.info({ step: 'service' }, 'service line');
        resolve();
      }),
    );
    runtime.deps.logger.info('outside any request');
    assert.equal(lines.find((line) => line.msg === 'service line')?.reqId, 'served-by-a-service');
    assert.equal(lines.find((line) => line.msg === 'outside any request')?.reqId, undefined);
    // Fastify's request logger already carries the id: it is not written twice.
    const completed = raw.find((line) => line.includes('"request completed"')) ?? '';
    assert.equal(completed.split('"reqId"').length, 2, completed);
  });

  it('answers /health 503 during shutdown', async () => {
    accepting = false;
    try {
      const response = await app.inject({ method: 'GET', url: '/health' });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { error: true, message: 'shutting down' });
      assert.equal((await app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
    } finally {
      accepting = true;
    }
  });

  it('answers /health 503 while the database is unreachable, and stays live', async () => {
    await runtime.close();
    const response = await app.inject({ method: 'GET', url: '/health' });
    assert.equal(response.statusCode, 503);
    assert.deepEqual(response.json(), { error: true, message: 'database unreachable' });
    assert.equal((await app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
  });
});
