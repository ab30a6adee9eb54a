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

  it('sets a lost password: the old one and the sessions made with it stop working', async () => {
    await harness.account({ name: 'cli-reset' });
    await cli(
      'users',
      'create',
      '--account',
      'cli-reset',
      '--email',
      'reset@example.test',
      '--password',
      'old-password-1',
    );
    const session = await login('reset@example.test', 'old-password-1');
    assert.equal(session.statusCode, 200);
    const given = await cli(
      'users',
      'set-password',
      '--email',
      'Reset@Example.test',
      '--password',
      'new-password-2',
    );
    assert.equal(given.email, 'reset@example.test');
    assert.equal(given.password, undefined, 'a given password is never echoed');
    assert.equal((await login('reset@example.test', 'old-password-1')).statusCode, 401);
    assert.equal((await login('reset@example.test', 'new-password-2')).statusCode, 200);
    const refreshed = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refresh_token: session.json().refresh_token },
    });
    assert.equal(refreshed.statusCode, 401);
    const audit = await harness.runtime.deps.db
      .selectFrom('audit_log')
      .select(['actor', 'details'])
      .where('action', '=', 'user.set_password')
      .where('target', '=', 'reset@example.test')
      .execute();
    assert.deepEqual(
      audit.map((entry) => entry.actor),
      ['operator'],
    );
    assert.doesNotMatch(JSON.stringify(audit), /new-password-2/);
    await assert.rejects(
      cli('users', 'set-password', '--email', 'nobody@example.test'),
      /user nobody@example.test not found/,
    );
    await assert.rejects(
      cli('users', 'set-password', '--email', 'reset@example.test', '--password', 'short'),
      /at least 8/,
    );
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

    const reset = run('users', 'set-password', '--email', 'new@example.test');
    assert.equal(reset.status, 0, reset.stderr);
    const answer = JSON.parse(reset.stdout);
    assert.equal(answer.email, 'new@example.test');
    assert.match(answer.password, /^[A-Za-z0-9_-]{24}$/);
    assert.notEqual(answer.password, body.password, 'a new password, printed once');

    const missing = run('users', 'set-password');
    assert.equal(missing.status, 2);
    assert.deepEqual(JSON.parse(missing.stderr), {
      error: true,
      message: 'missing --email',
      hint: 'run `npx pricecrawl users set-password --help` for its options',
    });
    const help = run('users', 'set-password', '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: pricecrawl users set-password --email E \[--password P\]/);
    assert.ok(help.stdout.split('\n').length <= 3, help.stdout);
  });
});
