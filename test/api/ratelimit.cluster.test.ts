import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadJwtSecret } from '../../src/accounts/auth/auth.service.ts';
import { loadConfig } from '../../src/config.ts';
import { createRuntime, type Runtime } from '../../src/main/runtime.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { TEST_REDIS_URL, dropRedisPrefix, requireRedis, uniqueRedisPrefix } from '../support/redis.ts';

describe('rate limits across the cluster: two API processes spend one bucket on Redis', () => {
  const prefix = uniqueRedisPrefix();
  const env = {
    QUEUE_ENGINE: 'bullmq',
    REDIS_URL: TEST_REDIS_URL,
    BULLMQ_PREFIX: prefix,
    ROLE: 'api',
    RATE_LIMIT_PER_SECOND: '0.5',
    RATE_LIMIT_BURST: '4',
  };
  let harness: Harness;
  let secondRuntime: Runtime;
  let secondApp: FastifyInstance;

  before(async () => {
    await requireRedis();
    harness = await startHarness({ dialect: 'postgres', worker: false, env });
    const config = loadConfig({ ...harness.database.env, ...env, LOG_LEVEL: 'silent' });
    secondRuntime = await createRuntime(config, pino({ level: 'silent' }));
    secondApp = await buildApp(secondRuntime.deps, { jwtSecret: await loadJwtSecret(secondRuntime.deps.db) });
  });
  after(async () => {
    await secondApp?.close();
    await secondRuntime?.close();
    await harness?.close();
    await dropRedisPrefix(prefix);
  });

  it('answers 429 once an account spent its burst, whichever API process it asked', async () => {
    const { headers } = await harness.account();
    const statuses: number[] = [];
    for (let request = 0; request < 6; request += 1) {
      const app = request % 2 === 0 ? harness.app : secondApp;
      const answer = await app.inject({ method: 'GET', url: '/job/0123456789abcdef01234567', headers });
      statuses.push(answer.statusCode);
    }
    // Per process the burst of 4 would let all six through (three each).
    assert.deepEqual(statuses, [404, 404, 404, 404, 429, 429]);
  });
});
