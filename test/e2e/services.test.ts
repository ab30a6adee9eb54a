import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

/** Runs `code` in a fresh process with `env` added (the kits read their URLs at import). */
function runWith(env: Record<string, string>, code: string): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return `${result.stdout}${result.stderr}`;
}

describe('the test kits fail, never skip, when a service is missing', () => {
  it('a missing PostgreSQL fails naming the URL and how CI starts it', () => {
    const output = runWith(
      { TEST_POSTGRES_URL: 'postgres://postgres@127.0.0.1:1/postgres' },
      `import { createTestDatabase } from './test/support/databases.ts';
       await createTestDatabase('postgres').then(() => console.log('connected'), (e) => console.log(e.message));`,
    );
    assert.match(
      output,
      /PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres .*\.ci\/run/,
    );
  });

  it('a missing Redis fails naming the URL and how CI starts it', () => {
    const output = runWith(
      { TEST_REDIS_URL: 'redis://127.0.0.1:1' },
      `import { requireRedis } from './test/support/redis.ts';
       await requireRedis().then(() => console.log('connected'), (e) => console.log(e.message));`,
    );
    assert.match(output, /Redis is not reachable at redis:\/\/127\.0\.0\.1:1 .*\.ci\/run/);
  });
});
