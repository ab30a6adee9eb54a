import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ensureDemoAccount } from '../../src/accounts/provisioning/provisioning.service.ts';
import { ensureBootstrapUser } from '../../src/accounts/identity/identity.users.ts';
import { revokeApiKey } from '../../src/api/account-plane/account-plane.repository.ts';
import { hashApiKey } from '../../src/accounts/auth/credentials.ts';
import { startHarness, type Harness } from '../support/harness.ts';

describe('the first start’s dashboard user (startup contract)', () => {
  const harnesses: Harness[] = [];
  after(async () => Promise.all(harnesses.map((harness) => harness.close())));

  const start = async (env: Record<string, string> = {}) => {
    const harness = await startHarness({ worker: false, env });
    harnesses.push(harness);
    await ensureDemoAccount(harness.runtime.deps);
    return harness;
  };
  const login = (harness: Harness, email: string, password: string) =>
    harness.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });

  it('creates demo@localhost of account demo with a generated password answered once', async () => {
    const harness = await start();
    const first = await ensureBootstrapUser(harness.runtime.deps);
    assert.equal(first.email, 'demo@localhost');
    assert.ok(first.createdPassword);
    assert.deepEqual(await ensureBootstrapUser(harness.runtime.deps), { email: 'demo@localhost' });
    const signedIn = await login(harness, 'demo@localhost', first.createdPassword);
    assert.equal(signedIn.statusCode, 200);
    const me = await harness.app.inject({
      method: 'GET',
      url: '/v1/account/me',
      headers: { authorization: `Bearer ${signedIn.json().token}` },
    });
    assert.equal(me.json().account.name, 'demo');
  });

  it('uses BOOTSTRAP_USER_EMAIL and BOOTSTRAP_USER_PASSWORD when given, printing nothing', async () => {
    const harness = await start({
      BOOTSTRAP_USER_EMAIL: 'owner@example.test',
      BOOTSTRAP_USER_PASSWORD: 'chosen-password',
    });
    assert.deepEqual(await ensureBootstrapUser(harness.runtime.deps), { email: 'owner@example.test' });
    assert.equal((await login(harness, 'owner@example.test', 'chosen-password')).statusCode, 200);
  });

  it('applies a changed BOOTSTRAP_USER_PASSWORD to the existing user at the next start, ending its sessions', async () => {
    const harness = await start({
      BOOTSTRAP_USER_EMAIL: 'lost@example.test',
      BOOTSTRAP_USER_PASSWORD: 'forgotten-password',
    });
    await ensureBootstrapUser(harness.runtime.deps);
    const before = await login(harness, 'lost@example.test', 'forgotten-password');
    assert.equal(before.statusCode, 200);
    const restarted = {
      db: harness.runtime.deps.db,
      config: { ...harness.runtime.deps.config, bootstrapUserPassword: 'remembered-password' },
    };
    assert.deepEqual(await ensureBootstrapUser(restarted), {
      email: 'lost@example.test',
      passwordApplied: true,
    });
    assert.equal((await login(harness, 'lost@example.test', 'forgotten-password')).statusCode, 401);
    assert.equal((await login(harness, 'lost@example.test', 'remembered-password')).statusCode, 200);
    const refreshed = await harness.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refresh_token: before.json().refresh_token },
    });
    assert.equal(refreshed.statusCode, 401, 'the session from before the change ended');
    // The same variable at the start after that changes nothing.
    assert.deepEqual(await ensureBootstrapUser(restarted), { email: 'lost@example.test' });
  });

  it('leaves a revoked BOOTSTRAP_API_KEY revoked on the next start instead of failing', async () => {
    const key = `svc_live_${'b'.repeat(48)}`;
    const harness = await start({ BOOTSTRAP_API_KEY: key });
    const row = await harness.runtime.deps.db
      .selectFrom('api_keys')
      .select('id')
      .where('key_hash', '=', hashApiKey(key))
      .executeTakeFirstOrThrow();
    await revokeApiKey(harness.runtime.deps.db, row.id);
    assert.deepEqual(await ensureDemoAccount(harness.runtime.deps), { bootstrapKeyRevoked: true });
    const refused = await harness.app.inject({
      method: 'GET',
      url: '/job/0123456789abcdef01234567',
      headers: { 'x-api-key': key },
    });
    assert.equal(refused.statusCode, 401);
  });
});
