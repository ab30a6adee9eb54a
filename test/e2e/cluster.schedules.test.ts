import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { createRuntime, type Runtime } from '../../src/main/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';
import { until } from '../support/until.ts';

describe('schedules fire once per cluster: two worker runtimes on one PostgreSQL database', () => {
  const prefix = uniqueRedisPrefix();
  let database: TestDatabase;
  const runtimes: Runtime[] = [];
  const runs: Array<{ schedule: string; runtime: number }> = [];

  before(async () => {
    await requireRedis();
    database = await createTestDatabase('postgres');
  });
  after(async () => {
    for (const runtime of runtimes) await runtime.close();
    await database?.drop();
    await dropRedisPrefix(prefix);
  });

  it('runs the retention cleaner and the reconciliation once per period, not once per process', async () => {
    const periodMs = 1000;
    const config = loadConfig({
      ...database.env,
      QUEUE_ENGINE: 'bullmq',
      REDIS_URL: TEST_REDIS_URL,
      BULLMQ_PREFIX: prefix,
      ROLE: 'worker',
      CLEANER_INTERVAL_MS: String(periodMs),
      RECONCILE_INTERVAL_MS: String(periodMs),
    });
    // Before the first runtime starts: every run counted below falls after this.
    const startedMs = Date.now();
    for (let index = 0; index < 2; index += 1) {
      // The side effect counted: each run's log line, per runtime.
      const logger = pino(
        { level: 'debug' },
        {
          write(line: string) {
            const entry = JSON.parse(line) as { schedule?: string };
            if (entry.schedule) runs.push({ schedule: entry.schedule, runtime: index });
          },
        },
      );
      const runtime = await createRuntime(config, logger);
      runtime.startWorker();
      runtimes.push(runtime);
    }
    const schedules = ['retention-cleaner', 'reconcile-lost-work'];
    const runsOf = (schedule: string) => runs.filter((run) => run.schedule === schedule).length;
    // Waits for the runs, not for a stretch of time: the bound below holds whenever it stops.
    await until('four runs of each schedule', () => schedules.every((schedule) => runsOf(schedule) >= 4));
    const elapsedMs = Date.now() - startedMs;
    for (const schedule of schedules) {
      // Runs a period apart: n of them span n - 1 periods. Both processes doing the work would make
      // about twice as many in the same time.
      const most = Math.floor(elapsedMs / periodMs) + 1;
      assert.ok(runsOf(schedule) <= most, `${schedule}: ${runsOf(schedule)} runs in ${elapsedMs} ms`);
    }
  });
});
