import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  listAccountJobsPage,
  listApiKeys,
  listLedgerPage,
  revokeApiKey,
  sumSpentPerDay,
} from '../../src/api/account-plane/account-plane.repository.ts';
import { createAccount, createApiKey } from '../../src/accounts/provisioning/provisioning.service.ts';
import { findAccountByKeyHash, recordApiKeyUse } from '../../src/accounts/accounts/accounts.repository.ts';
import { insertAuditEntry, listAuditEntries } from '../../src/accounts/audit/audit.repository.ts';
import { hashApiKey } from '../../src/accounts/auth/credentials.ts';
import { appendLedgerEntry } from '../../src/accounts/credits/credits.repository.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { SessionKeyring } from '../../src/accounts/identity/identity.keys.ts';
import {
  findRefreshTokenByHash,
  insertRefreshToken,
  insertUser,
  isRefreshFamilyLive,
  markRefreshTokenUsed,
  revokeRefreshFamily,
} from '../../src/accounts/identity/identity.repository.ts';
import { SourceCatalogue } from '../../src/crawl/sources/sources.catalogue.ts';
import { DIALECTS, createTestDatabase, openMigratedTestDb, type TestDatabase } from '../support/databases.ts';

for (const dialect of DIALECTS) {
  describe(`identity and account-plane storage (${dialect})`, () => {
    let database: TestDatabase;
    let db: Db;
    let accountId: string;

    before(async () => {
      database = await createTestDatabase(dialect);
      db = await openMigratedTestDb(database, 'account.sqlite');
      const { account } = await createAccount(
        { db, catalogue: new SourceCatalogue({}) },
        { name: 'store', plan: 'self-serve', credits: 100 },
      );
      accountId = account.id;
    });
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    it('uses a refresh token once and revokes its whole family', async () => {
      const user = await insertUser(db, { accountId, email: 'Store@Example.test', passwordHash: null });
      assert.equal(user.email, 'store@example.test');
      const row = (id: string, hash: string) => ({
        id,
        family_id: 'family-1',
        user_id: user.id,
        token_hash: hash,
        created_at: '2026-01-01T00:00:00.000Z',
        expires_at: '2099-01-01T00:00:00.000Z',
        used_at: null,
        revoked_at: null,
      });
      await insertRefreshToken(db, row('t1', 'a'.repeat(64)));
      await insertRefreshToken(db, row('t2', 'b'.repeat(64)));
      assert.equal(await markRefreshTokenUsed(db, 't1', '2026-01-01T00:01:00.000Z'), true);
      assert.equal(await markRefreshTokenUsed(db, 't1', '2026-01-01T00:02:00.000Z'), false, 'only once');
      assert.equal(await isRefreshFamilyLive(db, 'family-1'), true);
      await revokeRefreshFamily(db, 'family-1', '2026-01-01T00:03:00.000Z');
      assert.equal(await isRefreshFamilyLive(db, 'family-1'), false);
      assert.ok((await findRefreshTokenByHash(db, 'b'.repeat(64)))?.revoked_at);
    });

    it('keeps signing keys across processes and retires the previous one on rotation', async () => {
      const first = await SessionKeyring.open(db, 'k1', 900);
      const again = await SessionKeyring.open(db, 'k1', 900);
      assert.deepEqual((await first.jwks()).keys, (await again.jwks()).keys, 'one key for every process');
      await SessionKeyring.open(db, 'k2', 900);
      const keys = await db.selectFrom('signing_keys').select(['kid', 'retired_at']).orderBy('kid').execute();
      assert.equal(keys.find((key) => key.kid === 'k1')?.retired_at !== null, true);
      assert.equal(keys.find((key) => key.kid === 'k2')?.retired_at, null);
      assert.deepEqual((await again.jwks()).keys.map((key) => key.kid).sort(), ['k1', 'k2']);
    });

    it('revokes keys, notes their use at most once a minute, and lists them without hashes', async () => {
      const { id, key } = await createApiKey(db, { id: accountId } as never, 'store-key');
      const hash = hashApiKey(key);
      await recordApiKeyUse(db, hash, new Date('2026-01-01T00:00:00.000Z'));
      await recordApiKeyUse(db, hash, new Date('2026-01-01T00:00:30.000Z'));
      let listed = (await listApiKeys(db, accountId)).find((row) => row.id === id);
      assert.equal(listed?.last_used_at, '2026-01-01T00:00:00.000Z');
      await recordApiKeyUse(db, hash, new Date('2026-01-01T00:02:00.000Z'));
      listed = (await listApiKeys(db, accountId)).find((row) => row.id === id);
      assert.equal(listed?.last_used_at, '2026-01-01T00:02:00.000Z');
      assert.ok(!('key_hash' in (listed ?? {})));
      assert.ok(await findAccountByKeyHash(db, hash));
      await revokeApiKey(db, id);
      assert.equal(await findAccountByKeyHash(db, hash), undefined);
    });

    it('pages the ledger and the audit log and sums spending per day', async () => {
      await db.transaction().execute(async (trx) => {
        for (const amount of [-3, -4]) await appendLedgerEntry(trx, { accountId, kind: 'charge', amount });
        await appendLedgerEntry(trx, { accountId, kind: 'overage', amount: -2 });
      });
      const first = await listLedgerPage(db, accountId, { limit: 2 });
      const rest = await listLedgerPage(db, accountId, { limit: 10, beforeSeq: Number(first.at(-1)?.seq) });
      assert.deepEqual(
        [...first, ...rest].map((row) => Number(row.amount)),
        [-2, -4, -3, 100],
      );
      const today = new Date().toISOString().slice(0, 10);
      assert.deepEqual(await sumSpentPerDay(db, accountId, `${today}T00:00:00.000Z`), [
        { day: today, spent: 9 },
      ]);

      for (const action of ['a', 'b', 'c']) await insertAuditEntry(db, { accountId, actor: 'test', action });
      const audit = await listAuditEntries(db, accountId, { limit: 2 });
      const last = audit.at(-1);
      assert.ok(last);
      const older = await listAuditEntries(db, accountId, {
        limit: 10,
        before: { at: last.at, id: last.id },
      });
      const all = [...audit, ...older];
      assert.equal(new Set(all.map((entry) => entry.id)).size, all.length, 'no entry twice');
      assert.ok(all.length >= 3);
    });

    it('pages the account’s jobs newest first without interval runs', async () => {
      const job = (id: string, createdAt: string, parentId: string | null) => ({
        id,
        account_id: accountId,
        kind: 'batch' as const,
        source: 'source_01',
        country: 'de',
        key: 'id',
        topic: 'product_and_offers',
        max_pages: 1,
        max_age: 1200,
        sort_by: 'ranking_descending',
        timeout_minutes: 1440,
        not_found_max_age: 10,
        include_meta: 0,
        fetch_seller_names: 0,
        callback_url: null,
        client_ref: null,
        delivery_batch_size: null,
        webhook_secret: null,
        interval_minutes: null,
        next_run_at: null,
        status: 'new' as const,
        values_total: 1,
        values_done: 0,
        values_errors: 0,
        credits_reserved: 0,
        created_at: createdAt,
        updated_at: createdAt,
        started_at: null,
        finished_at: null,
        deadline_at: createdAt,
        expires_at: createdAt,
        results_purged: 0,
        parent_id: parentId,
      });
      await db
        .insertInto('jobs')
        .values([
          job('000000000000000000000001', '2026-01-01T00:00:00.000Z', null),
          job('000000000000000000000002', '2026-01-02T00:00:00.000Z', null),
          job('000000000000000000000003', '2026-01-02T00:00:00.000Z', null),
          job('000000000000000000000004', '2026-01-03T00:00:00.000Z', '000000000000000000000001'),
        ])
        .execute();
      const first = await listAccountJobsPage(db, accountId, { limit: 2 });
      assert.deepEqual(
        first.map((row) => row.id),
        ['000000000000000000000003', '000000000000000000000002'],
      );
      const last = first.at(-1);
      assert.ok(last);
      const rest = await listAccountJobsPage(db, accountId, {
        limit: 2,
        before: { createdAt: last.created_at, id: last.id },
      });
      assert.deepEqual(
        rest.map((row) => row.id),
        ['000000000000000000000001'],
      );
      assert.deepEqual(await listAccountJobsPage(db, accountId, { limit: 5, kind: 'stream' }), []);
    });
  });
}
