import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLegacyCredentials, requireAccount } from '../../src/provisioning/provisioning.service.ts';
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
});
