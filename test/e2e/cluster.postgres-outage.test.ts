import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { awaitResults, submitJob } from '../support/run-job.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { until } from '../support/until.ts';

describe('fault: PostgreSQL unreachable (a proxy between the service and PostgreSQL is cut)', () => {
  let proxy: TcpProxy;
  let harness: Harness;
  // Error lines the service logged: the queue loop's failed claims show it met the outage too.
  const logged: string[] = [];

  before(async () => {
    const admin = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
    harness = await startHarness({
      dialect: 'postgres',
      routeDatabaseUrl: (url) => proxy.route(url),
      logger: pino({ level: 'error' }, { write: (line: string) => void logged.push(line) }),
    });
  });
  after(async () => {
    await proxy?.restore().catch(() => undefined);
    await harness?.close();
    await proxy?.close();
  });

  it('answers 503 with the error body while it lasts and recovers by itself afterwards', async () => {
    const { headers } = await harness.account({ credits: 1000 });
    const jobUrl = '/job/0123456789abcdef01234567';
    assert.equal((await harness.app.inject({ url: '/health' })).statusCode, 200);
    assert.equal((await harness.app.inject({ url: jobUrl, headers })).statusCode, 404);

    await proxy.cut();
    const askDuringOutage = async () => {
      const expected = [
        { url: '/health', message: 'database unreachable' },
        { url: jobUrl, message: 'database unavailable, try again shortly' },
      ];
      for (const { url, message } of expected) {
        const startedMs = Date.now();
        const answer = await harness.app.inject({ url, headers });
        assert.equal(answer.statusCode, 503, `${url}: ${answer.body}`);
        assert.deepEqual(answer.json(), { error: true, message });
        assert.ok(Date.now() - startedMs < 6000, `${url} answered within the connect timeout`);
      }
      const api = await harness.app.inject({ url: jobUrl, headers });
      assert.equal(api.headers['retry-after'], '5');
    };
    await askDuringOutage();
    await askDuringOutage();
    // The outage lasts until the worker side met it as well; the API answers the same meanwhile.
    await until('the queue loop failed to claim work', () =>
      logged.some((line) => line.includes('queue claim failed')),
    );
    await askDuringOutage();

    await proxy.restore();
    await until('the service answers again', async () => {
      const health = await harness.app.inject({ url: '/health' });
      return health.statusCode === 200;
    });
    assert.equal((await harness.app.inject({ url: jobUrl, headers })).statusCode, 404);
    // The worker side (queue loop, webhook loop, cleaner) lived through it too: a job runs to the end.
    const truth = await fetchTruth(harness, 'source_01', 'de');
    const values = truth.products.slice(0, 2).map((product) => String(product.id));
    const created = await submitJob(harness, headers, { source: 'source_01', country: 'de', values });
    const results = await awaitResults(harness, headers, String(created.job?._id));
    assert.equal(results.length, 2);
    assert.ok(results.every((result) => result.success === true));
  });
});
