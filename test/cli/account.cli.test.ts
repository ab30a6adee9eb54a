import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { runDatabaseCommand } from '../../src/cli/cli.commands.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { startHarness, type Harness } from '../support/harness.ts';

describe('operator CLI for users and account status', () => {
  let harness: Harness;
  before(async () => {
    harness = await startHarness({ worker: false });
  });
  after(async () => harness.close());

  const cli = (...argv: string[]) =>
    runDatabaseCommand(harness.runtime.deps, argv) as Promise<Record<string, any>>;
  const login = (email: string, password: string) =>
    harness.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });

  it('creates a user with a given password, who can then sign in', async () => {
    await harness.account({ name: 'cli-users' });
    const created = await cli(
      'users',
      'create',
      '--account',
      'cli-users',
      '--email',
      'Ops@Example.test',
      '--password',
      'long-enough-1',
    );
    assert.equal(created.email, 'ops@example.test');
    assert.equal(created.password, undefined, 'a given password is never echoed');
    assert.equal((await login('ops@example.test', 'long-enough-1')).statusCode, 200);
    await assert.rejects(
      cli('users', 'create', '--account', 'cli-users', '--email', 'ops@example.test'),
      /already exists/,
    );
    await assert.rejects(
      cli('users', 'create', '--account', 'cli-users', '--email', 'x@y.test', '--password', 'short'),
      /at least 8/,
    );
    await assert.rejects(
      cli('users', 'create', '--account', 'nope', '--email', 'z@y.test'),
      /account nope not found/,
    );
  });

  it('writes the regeneration of legacy credentials to the audit log, without the secrets', async () => {
    const { accountId } = await harness.account({
      name: 'cli-legacy',
      plan: 'enterprise',
      sources: 'source_01.de',
    });
    const first = await cli('legacy-credentials', '--account', 'cli-legacy');
    const second = await cli('legacy-credentials', '--account', 'cli-legacy');
    const entries = await harness.runtime.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('action', '=', 'legacy_credentials.replace')
      .orderBy('at')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      entries.map((entry) => [entry.actor, JSON.parse(entry.details ?? 'null')]),
      [first, second].map((made) => ['operator', { username: made.username, generation: made.generation }]),
    );
    for (const entry of entries) {
      assert.doesNotMatch(entry.details ?? '', new RegExp(`${first.password}|${second.password}`));
    }
  });

  it('disables a user: sign-in is refused afterwards', async () => {
    await harness.account({ name: 'cli-disable' });
    const { password } = await cli(
      'users',
      'create',
      '--account',
      'cli-disable',
      '--email',
      'gone@example.test',
    );
    assert.equal((await login('gone@example.test', password)).statusCode, 200);
    assert.deepEqual((await cli('users', 'disable', '--email', 'gone@example.test')).status, 'disabled');
    assert.equal((await login('gone@example.test', password)).statusCode, 401);
  });

  it('suspends an account (403 on the data plane, decisions C2) and resumes it', async () => {
    const { headers } = await harness.account({ name: 'cli-suspend' });
    const probe = () => harness.app.inject({ method: 'GET', url: '/job/0123456789abcdef01234567', headers });
    assert.equal((await probe()).statusCode, 404);
    assert.deepEqual(await cli('accounts', 'suspend', '--account', 'cli-suspend'), {
      account: 'cli-suspend',
      status: 'suspended',
    });
    const refused = await probe();
    assert.equal(refused.statusCode, 403);
    assert.equal(typeof refused.json().message, 'string');
    await cli('accounts', 'resume', '--account', 'cli-suspend');
    assert.equal((await probe()).statusCode, 404);
  });
});

describe('npx pricecrawl users create', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase('sqlite');
  });
  after(async () => database.drop());

  it('prints a generated password once as JSON', () => {
    const run = (...args: string[]) =>
      spawnSync('npx', ['pricecrawl', ...args], {
        env: { ...process.env, ...database.env },
        encoding: 'utf8',
      });
    assert.equal(run('accounts', 'create', '--name', 'shop', '--plan', 'self-serve').status, 0);
    const created = run('users', 'create', '--account', 'shop', '--email', 'new@example.test');
    assert.equal(created.status, 0, created.stderr);
    const body = JSON.parse(created.stdout);
    assert.equal(body.email, 'new@example.test');
    assert.match(body.password, /^[A-Za-z0-9_-]{24}$/);
  });
});
