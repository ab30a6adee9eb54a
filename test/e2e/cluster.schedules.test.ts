import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { sleep } from '../../src/platform/lib/time.ts';
import { createRuntime, type Runtime } from '../../src/main/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';

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
    const startedMs = Date.now();
    await sleep(periodMs * 4 + 200);
    const elapsedMs = Date.now() - startedMs;
    for (const schedule of ['retention-cleaner', 'reconcile-lost-work']) {
      const mine = runs.filter((run) => run.schedule === schedule);
      const periods = Math.ceil(elapsedMs / periodMs);
      // Once per period: 5 here; both processes doing the work would make about 10.
      assert.ok(mine.length >= periods - 1 && mine.length <= periods, `${schedule}: ${mine.length} runs`);
    }
  });
});
