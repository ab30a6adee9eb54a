import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../../src/platform/db/database.ts';
import { sleep } from '../../src/platform/lib/time.ts';
import { freePort, startServiceProcess, waitForOk, type ServiceProcess } from '../support/processes.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';

const API_KEY = `svc_live_${'sqliteProcs0'.repeat(5).slice(0, 48)}`;
const JOBS = 5;
const VALUES_PER_JOB = 180;
const STREAM_VALUES = 200;
// Started with node directly (not npm) so the test's signals reach the service.
const SERVER = ['--import', 'tsx', 'src/main/server.ts'];
const WORKER = ['--import', 'tsx', 'src/main/worker.ts'];

type Json = Record<string, any>;

async function call(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
  });
  return { status: response.status, body: (await response.json()) as Json };
}

/** Polls a batch job until it finished; every answer on the way must be below 500. */
async function waitFinished(base: string, jobId: string): Promise<void> {
  for (let polls = 0; polls < 40; polls += 1) {
    const { status, body } = await call(base, `/job/${jobId}?wait=5`);
    assert.ok(status < 500, `GET /job answered ${status}: ${JSON.stringify(body)}`);
    if (body.job?.status === 'finished') return;
  }
  throw new Error(`job ${jobId} did not finish`);
}

/** Indexes of the stream's results as delivered, counted once per delivery (retries repeat a batch). */
function streamIndexes(receiver: Receiver): { counts: Map<number, number>; final: boolean } {
  const counts = new Map<number, number>();
  const batches = new Set<number>();
  let final = false;
  for (const request of receiver.requests) {
    const payload = JSON.parse(request.rawBody) as Json;
    final ||= payload.is_final === true;
    if (batches.has(payload.batch_sequence)) continue;
    batches.add(payload.batch_sequence);
    for (const result of payload.results as Array<{ index: number }>)
      counts.set(result.index, (counts.get(result.index) ?? 0) + 1);
  }
  return { counts, final };
}

describe('two processes on one SQLite file under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pricecrawl-sqlite-procs-'));
  const started: ServiceProcess[] = [];
  let receiver: Receiver | undefined;
  after(async () => {
    for (const service of started) service.signal('SIGKILL');
    await Promise.all(started.map((service) => service.exited));
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an API process and a worker answer every value once, charge it once, with no 5xx and no lock error', async () => {
    const ports = { api: await freePort(), sandbox: await freePort(), health: await freePort() };
    const env = {
      DATA_DIR: dataDir,
      PORT: String(ports.api),
      SANDBOX_PORT: String(ports.sandbox),
      HEALTH_PORT: String(ports.health),
      BOOTSTRAP_API_KEY: API_KEY,
      BOOTSTRAP_CREDITS: '10000',
      // The sandbox is not the bottleneck: both processes write as fast as they crawl.
      CRAWL_PAIR_RPS: '5000',
      CRAWL_PAIR_CONCURRENCY: '64',
      // A worker process refuses loopback receivers unless they are allowed (docs/streams.md).
      CALLBACK_ALLOW_HOSTS: '127.0.0.1',
    };
    const base = `http://127.0.0.1:${ports.api}`;
    // Both start at once: they also migrate the new file at once.
    const api = startServiceProcess(process.execPath, SERVER, { ...env, ROLE: 'all' });
    const worker = startServiceProcess(process.execPath, WORKER, { ...env, SANDBOX_ENABLED: 'false' });
    started.push(api, worker);
    await waitForOk(`${base}/health`, api);
    await waitForOk(`http://127.0.0.1:${ports.health}/health`, worker);

    const catalog = (await (
      await fetch(`http://127.0.0.1:${ports.sandbox}/catalog.json?source=source_01&country=de`)
    ).json()) as { products: Array<{ id: string }>; not_found: { id: string[] } };
    const ids = [...catalog.products.map((product) => product.id), ...catalog.not_found.id];
    // Distinct values only: a value repeated across jobs may be re-served from the cache (no charge).
    assert.ok(ids.length >= JOBS * VALUES_PER_JOB + STREAM_VALUES, `only ${ids.length} sandbox ids`);
    const valuesOf = (job: number) => ids.slice(job * VALUES_PER_JOB, (job + 1) * VALUES_PER_JOB);
    receiver = await startReceiver();

    // Every submission at once, so they meet the worker's and each other's write transactions.
    const submissions = await Promise.all([
      ...Array.from({ length: JOBS }, (_, job) =>
        call(base, '/job', {
          method: 'POST',
          body: JSON.stringify({ source: 'source_01', country: 'de', key: 'id', values: valuesOf(job) }),
        }),
      ),
      call(base, '/stream', {
        method: 'POST',
        body: JSON.stringify({
          source: 'source_01',
          country: 'de',
          key: 'id',
          values: ids.slice(JOBS * VALUES_PER_JOB, JOBS * VALUES_PER_JOB + STREAM_VALUES),
          callback_url: receiver.url,
          delivery_batch_size: 50,
        }),
      }),
    ]);
    for (const { status, body } of submissions) {
      assert.ok(status < 500, `a submission answered ${status}: ${JSON.stringify(body)}`);
      assert.equal(body.error, false, JSON.stringify(body));
    }
    const jobIds = submissions.slice(0, JOBS).map(({ body }) => body.job._id as string);
    const streamId = submissions[JOBS]?.body.job_id as string;

    for (const [job, jobId] of jobIds.entries()) {
      await waitFinished(base, jobId);
      const { status, body } = await call(base, `/job/${jobId}/download`);
      assert.equal(status, 200);
      assert.deepEqual(
        (body.results as Array<{ key: string }>).map((result) => result.key),
        valuesOf(job),
        'every value answered once, in order',
      );
    }
    const deadline = Date.now() + 30_000;
    const streamDone = (seen: ReturnType<typeof streamIndexes>) =>
      seen.final && seen.counts.size >= STREAM_VALUES;
    while (!streamDone(streamIndexes(receiver)) && Date.now() < deadline) await sleep(200);
    const { counts, final } = streamIndexes(receiver);
    const logsTail = () => `${api.output().slice(-4000)}\n--- worker ---\n${worker.output().slice(-4000)}`;
    assert.ok(final, `the stream delivered its final batch (${counts.size} values):\n${logsTail()}`);
    assert.equal(counts.size, STREAM_VALUES, 'every stream value delivered');
    assert.ok(
      [...counts.values()].every((count) => count === 1),
      'no stream value delivered twice',
    );

    const db = openDatabase({ dialect: 'sqlite', file: join(dataDir, 'pricecrawl.sqlite') });
    try {
      const charges = await db
        .selectFrom('credit_ledger')
        .select(['job_id', 'value_index'])
        .where('kind', '=', 'charge')
        .where('job_id', 'in', [...jobIds, streamId])
        .execute();
      const perValue = new Map<string, number>();
      for (const { job_id, value_index } of charges) {
        const key = `${job_id}:${value_index}`;
        perValue.set(key, (perValue.get(key) ?? 0) + 1);
      }
      assert.equal(perValue.size, JOBS * VALUES_PER_JOB + STREAM_VALUES, 'every value charged');
      assert.ok(
        [...perValue.values()].every((count) => count === 1),
        'no value charged twice',
      );
    } finally {
      await db.destroy();
    }

    const lockErrors = `${api.output()}\n${worker.output()}`
      .split('\n')
      .filter((line) => /database is locked|SQLITE_BUSY/.test(line));
    assert.equal(
      lockErrors.length,
      0,
      `${lockErrors.length} lock errors in the logs, the first: ${lockErrors[0]?.slice(0, 300)}`,
    );
    const workerMetrics = await (await fetch(`http://127.0.0.1:${ports.health}/metrics`)).text();
    const fetched = Number(
      /^pricecrawl_crawl_fetch_seconds_count(?:\{[^}]*\})? (\d+)/m.exec(workerMetrics)?.[1],
    );
    assert.ok(fetched > 0, 'the worker process crawled too (both processes wrote)');
    worker.signal('SIGTERM');
    api.signal('SIGTERM');
    assert.deepEqual(await Promise.all([worker.exited, api.exited]), [0, 0]);
  });
});
