import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { loadJwtSecret } from '../../src/accounts/auth/auth.service.ts';
import { loadConfig } from '../../src/config.ts';
import { createRuntime, type Runtime } from '../../src/main/runtime.ts';
import { startHarness, type Harness } from '../support/harness.ts';
import { signInNewUser } from '../support/sessions.ts';
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
    LOGIN_MAX_FAILURES_PER_EMAIL: '5',
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

  it('checks at most the limit of concurrent wrong passwords for one email over both processes', async () => {
    // Issue 22, defect 2, in the distributed deployment: the reservation is one bucket on Redis.
    const { accountId } = await harness.account();
    const user = await signInNewUser(harness, accountId);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, attempt) =>
        (attempt % 2 === 0 ? harness.app : secondApp).inject({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: user.email, password: 'not-the-password' },
          remoteAddress: `10.20.0.${attempt}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    assert.deepEqual(statuses, [...Array(5).fill(401), ...Array(11).fill(429)]);
  });
});
