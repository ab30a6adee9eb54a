import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createLegacyCredentials,
  requireAccount,
} from '../../src/accounts/provisioning/provisioning.service.ts';
import { authenticate, loadJwtSecret } from '../../src/accounts/auth/auth.service.ts';
import { verifyPassword } from '../../src/accounts/auth/credentials.ts';
import { startHarness, type Harness } from '../support/harness.ts';

describe('data-API authentication', () => {
  let harness: Harness;
  let key: string;

  before(async () => {
    harness = await startHarness({ worker: false });
    ({ key } = await harness.account({ name: 'selfserve' }));
  });
  after(async () => harness.close());

  const statusOf = (headers: Record<string, string | undefined>) =>
    harness.app.inject({ method: 'GET', url: '/job/0123456789abcdef01234567', headers });

  it('accepts the key in x-api-key and as a bearer token', async () => {
    assert.equal((await statusOf({ 'x-api-key': key })).statusCode, 404);
    assert.equal((await statusOf({ authorization: `Bearer ${key}` })).statusCode, 404);
  });

  it('answers 401 with the spec body for missing, malformed and unknown keys', async () => {
    const unknownKey = `svc_live_${'A'.repeat(48)}`;
    for (const headers of [
      {},
      { 'x-api-key': 'nope' },
      { 'x-api-key': unknownKey },
      { authorization: `Bearer ${unknownKey}` },
    ]) {
      const response = await statusOf(headers);
      assert.equal(response.statusCode, 401);
      const body = response.json();
      assert.equal(body.error, 'user not found');
      assert.equal(typeof body.message, 'string');
    }
  });

  it('accepts HTTP Basic and the service JWT of an enterprise account', async () => {
    await harness.account({ name: 'bigco', plan: 'enterprise', sources: 'source_01.de' });
    const account = await requireAccount(harness.runtime.deps.db, 'bigco');
    const legacy = await createLegacyCredentials(harness.runtime.deps.db, account);
    const basic = Buffer.from(`${legacy.username}:${legacy.password}`).toString('base64');
    assert.equal((await statusOf({ authorization: `Basic ${basic}` })).statusCode, 404);
    assert.equal((await statusOf({ authorization: `Bearer ${legacy.jwt}` })).statusCode, 404);
    const wrong = Buffer.from(`${legacy.username}:wrong`).toString('base64');
    assert.equal((await statusOf({ authorization: `Basic ${wrong}` })).statusCode, 401);
    assert.equal((await statusOf({ authorization: `Bearer ${legacy.jwt.slice(0, -2)}xx` })).statusCode, 401);
  });

  it('gives self-serve accounts no legacy credentials', async () => {
    const account = await requireAccount(harness.runtime.deps.db, 'selfserve');
    await assert.rejects(createLegacyCredentials(harness.runtime.deps.db, account), /enterprise accounts/);
  });

  it('answers 403 for a suspended account', async () => {
    const { key: suspendedKey, accountId } = await harness.account({ name: 'suspended' });
    await harness.runtime.deps.db
      .updateTable('accounts')
      .set({ status: 'suspended' })
      .where('id', '=', accountId)
      .execute();
    const response = await statusOf({ 'x-api-key': suspendedKey });
    assert.equal(response.statusCode, 403);
    assert.equal(response.json().error, 'account suspended');
  });

  it('stores only the SHA-256 of a key', async () => {
    const rows = await harness.runtime.deps.db
      .selectFrom('api_keys')
      .select(['key_hash', 'key_prefix'])
      .execute();
    for (const row of rows) {
      assert.match(row.key_hash, /^[0-9a-f]{64}$/);
      assert.notEqual(row.key_hash, key);
    }
  });

  it('answers not subscribed to source for an enterprise account outside its pairs (C2)', async () => {
    const { headers } = await harness.account({
      name: 'narrow',
      plan: 'enterprise',
      sources: 'source_01.de,source_01.uk',
    });
    const outside = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers,
      payload: { source: 'source_01', country: 'fr', values: ['pen'] },
    });
    assert.equal(outside.statusCode, 200);
    assert.deepEqual(outside.json(), { error: true, message: 'not subscribed to source' });
    // uk and gb are one marketplace: a grant for uk covers gb.
    const gb = await harness.app.inject({
      method: 'POST',
      url: '/job',
      headers,
      payload: { source: 'source_01', country: 'gb', values: ['pen'] },
    });
    assert.equal(gb.json().error, false);
  });

  it('runs the password hash for unknown usernames too, so answers do not reveal which exist', async () => {
    await harness.account({ name: 'hashco', plan: 'enterprise', sources: 'source_01.de' });
    const db = harness.runtime.deps.db;
    const legacy = await createLegacyCredentials(db, await requireAccount(db, 'hashco'));
    const hashed: string[] = [];
    const spy = async (password: string, stored: string) => {
      hashed.push(stored);
      return verifyPassword(password, stored);
    };
    const basic = (user: string) => ({
      authorization: `Basic ${Buffer.from(`${user}:guess`).toString('base64')}`,
    });
    const secret = await loadJwtSecret(db);
    await assert.rejects(
      authenticate(db, secret, basic(legacy.username), { verifyPassword: spy }),
      /invalid/,
    );
    await assert.rejects(authenticate(db, secret, basic('no-such-user'), { verifyPassword: spy }), /invalid/);
    assert.equal(hashed.length, 2);
    assert.match(hashed[1] ?? '', /^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
  });

  it('invalidates earlier legacy credentials when they are generated again', async () => {
    await harness.account({ name: 'rotco', plan: 'enterprise', sources: 'source_01.de' });
    const db = harness.runtime.deps.db;
    const account = await requireAccount(db, 'rotco');
    const first = await createLegacyCredentials(db, account);
    assert.equal((await statusOf({ authorization: `Bearer ${first.jwt}` })).statusCode, 404);
    const second = await createLegacyCredentials(db, account);
    assert.match(second.replaces, /no longer work/);
    const basicOf = (legacy: { username: string; password: string }) =>
      `Basic ${Buffer.from(`${legacy.username}:${legacy.password}`).toString('base64')}`;
    assert.equal((await statusOf({ authorization: `Bearer ${first.jwt}` })).statusCode, 401);
    assert.equal((await statusOf({ authorization: basicOf(first) })).statusCode, 401);
    assert.equal((await statusOf({ authorization: `Bearer ${second.jwt}` })).statusCode, 404);
    assert.equal((await statusOf({ authorization: basicOf(second) })).statusCode, 404);
  });
});
