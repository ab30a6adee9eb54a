import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';

/** npx itself may warn about the user's npm config on stderr; only the CLI's own lines matter. */
function withoutNpmNoise(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'))
    .join('\n');
}

describe('operator CLI (npx pricecrawl)', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase('sqlite');
  });
  after(async () => database.drop());

  function run(...args: string[]) {
    const result = spawnSync('npx', ['pricecrawl', ...args], {
      env: { ...process.env, ...database.env },
      encoding: 'utf8',
    });
    return { code: result.status, stdout: result.stdout, stderr: withoutNpmNoise(result.stderr) };
  }

  it('creates accounts, keys, grants and legacy credentials as JSON', () => {
    const created = run(
      'accounts',
      'create',
      '--name',
      'acme',
      '--plan',
      'self-serve',
      '--credits',
      '50',
      '--cache-reuse',
    );
    assert.equal(created.code, 0, created.stderr);
    assert.deepEqual(
      { ...JSON.parse(created.stdout), id: 'x' },
      { id: 'x', name: 'acme', plan: 'self-serve', cache_reuse: true, sources: 'all', credits: 50 },
    );
    const key = JSON.parse(run('keys', 'create', '--account', 'acme').stdout);
    assert.match(key.key, /^svc_live_[A-Za-z0-9_-]{48}$/);
    const grant = JSON.parse(run('credits', 'grant', '--account', 'acme', '--amount', '25').stdout);
    assert.deepEqual(grant, { account: 'acme', granted: 25, balance: 75 });
    const enterprise = run(
      'accounts',
      'create',
      '--name',
      'bigco',
      '--plan',
      'enterprise',
      '--sources',
      'source_01.de,source_02.uk',
    );
    assert.deepEqual(JSON.parse(enterprise.stdout).sources, ['source_01.de', 'source_02.uk']);
    const legacy = JSON.parse(run('legacy-credentials', '--account', 'bigco').stdout);
    assert.equal(legacy.account, 'bigco');
    assert.ok(legacy.username && legacy.password && legacy.jwt.split('.').length === 3);
    const again = JSON.parse(run('legacy-credentials', '--account', 'bigco').stdout);
    assert.notEqual(again.jwt, legacy.jwt);
    assert.match(again.replaces, /replace.*earlier.*no longer work/);
  });

  it('fails with a clear JSON error and exit code 2', () => {
    const cases: Array<[string[], RegExp]> = [
      [['accounts', 'create', '--name', 'acme', '--plan', 'self-serve'], /account acme already exists/],
      [['accounts', 'create', '--name', 'x', '--plan', 'gold'], /--plan must be self-serve or enterprise/],
      [
        ['accounts', 'create', '--name', 'y', '--plan', 'enterprise', '--sources', 'source_99.de'],
        /unknown source/,
      ],
      [['keys', 'create', '--account', 'nobody'], /account nobody not found/],
      [
        ['credits', 'grant', '--account', 'acme', '--amount', '-3'],
        /--amount must be a positive integer|argument/,
      ],
      [['legacy-credentials', '--account', 'acme'], /enterprise accounts/],
      [['frobnicate'], /unknown command/],
    ];
    for (const [args, message] of cases) {
      const result = run(...args);
      assert.equal(result.code, 2, args.join(' '));
      const lines = withoutNpmNoise(result.stderr).trim().split('\n');
      assert.equal(lines.length, 1, `one JSON line, not the usage text: ${args.join(' ')}`);
      const error = JSON.parse(lines[0] ?? '');
      assert.equal(error.error, true);
      assert.match(error.message, message);
      assert.equal(
        error.hint,
        args[0] === 'frobnicate'
          ? 'run `npx pricecrawl help` for the commands'
          : `run \`npx pricecrawl ${args[0] === 'legacy-credentials' ? args[0] : args.slice(0, 2).join(' ')} --help\` for its options`,
      );
    }
  });

  it('stops on a bad environment variable naming it', () => {
    const result = spawnSync('npx', ['pricecrawl', 'keys', 'create', '--account', 'acme'], {
      env: { ...process.env, ...database.env, PORT: 'x' },
      encoding: 'utf8',
    });
    assert.equal(result.status, 2);
    const error = JSON.parse(withoutNpmNoise(result.stderr).trim());
    assert.equal(error.error, true);
    assert.match(error.message, /PORT="x" must be an integer/);
  });
});
