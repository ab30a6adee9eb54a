import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { fetchTruth, startHarness, type Harness } from '../support/harness.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { submitJob } from '../support/run-job.ts';
import { until } from '../support/until.ts';

/**
 * The workers' BullMQ lock (`BULLMQ_LOCK_DURATION_MS`): renewed every 2 s, so a loaded machine's
 * event-loop stalls do not lose a live worker's tasks, and short enough that the kill costs seconds.
 */
const LOCK_DURATION_MS = 4000;

/** Starts a worker process as an operator does (`npm run worker`), in its own process group. */
function startWorkerProcess(env: Record<string, string>): ChildProcess {
  const child = spawn('npm', ['run', 'worker', '--silent'], {
    cwd: process.cwd(),
    // HEALTH_PORT 0: each worker's probe server takes a free port, so two workers never collide.
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', HEALTH_PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

/** SIGKILLs the whole group (npm, node) at once, like a machine that dies. */
function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

describe('fault: a worker process SIGKILLed in the middle of a job', () => {
  const prefix = uniqueRedisPrefix();
  const queueEnv = { QUEUE_ENGINE: 'bullmq', REDIS_URL: TEST_REDIS_URL, BULLMQ_PREFIX: prefix };
  const workers: ChildProcess[] = [];
  let api: Harness | undefined;
  let inspector: Queue | undefined;

  before(async () => {
    await requireRedis();
    api = await startHarness({
      dialect: 'postgres',
      env: { ...queueEnv, ROLE: 'api' },
      sandbox: { faults: { source_01: { latencyMs: { min: 40, max: 120 } } } },
    });
    inspector = new Queue('tasks', { connection: { url: TEST_REDIS_URL }, prefix });
  });
  after(async () => {
    for (const worker of workers) killGroup(worker);
    await inspector?.close();
    await api?.close();
    await dropRedisPrefix(prefix);
  });

  it('loses nothing: the killed worker’s values are taken up by another, each answered and charged once', async () => {
    assert.ok(api && inspector);
    const workerEnv = {
      ...api.database.env,
      ...queueEnv,
      SANDBOX_PORT: new URL(api.sandboxOrigin).port,
      WORKER_CONCURRENCY: '6',
      // A short lock, so the survivor's stalled check takes the dead worker's tasks within seconds
      // instead of BullMQ's 30 s + 30 s; the mechanism is the same at any duration.
      BULLMQ_LOCK_DURATION_MS: String(LOCK_DURATION_MS),
    };
    const doomed = startWorkerProcess(workerEnv);
    const survivor = startWorkerProcess(workerEnv);
    workers.push(doomed, survivor);

    const auth = await api.account({ credits: 10_000 });
    const truth = await fetchTruth(api, 'source_01', 'de');
    const values = truth.products.slice(0, 150).map((product) => String(product.id));
    const created = await submitJob(api, auth.headers, {
      source: 'source_01',
      country: 'de',
      key: 'id',
      values,
    });
    const jobId = String(created.job?._id);
    const db = api.runtime.deps.db;
    const done = async () =>
      (await db.selectFrom('jobs').select('values_done').where('id', '=', jobId).executeTakeFirstOrThrow())
        .values_done;
    await until('both workers are crawling', async () => (await done()) >= 30, 60_000);
    assert.ok((await inspector.getActiveCount()) > 0, 'tasks are running when the worker dies');
    killGroup(doomed);

    // The dead worker's locks run out (LOCK_DURATION_MS); the survivor's stalled check takes its tasks.
    await until('the job finished', async () => (await done()) === values.length, 120_000);
    const job = await db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    assert.equal(job.status, 'finished');
    const charges = await db
      .selectFrom('credit_ledger')
      .select('value_index')
      .where('job_id', '=', jobId)
      .where('kind', '=', 'charge')
      .execute();
    const indexes = charges.map((charge) => charge.value_index).sort((a, b) => (a ?? 0) - (b ?? 0));
    assert.deepEqual(
      indexes,
      values.map((_, index) => index),
      'every value charged exactly once',
    );
    const answered = await db
      .selectFrom('job_values')
      .select(['idx', 'success'])
      .where('job_id', '=', jobId)
      .execute();
    assert.equal(answered.filter((row) => row.success === 1).length, values.length);
  });
});
