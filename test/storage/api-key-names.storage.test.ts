import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { insertApiKey } from '../../src/accounts/accounts/accounts.repository.ts';
import { createAccount, createApiKey } from '../../src/accounts/provisioning/provisioning.service.ts';
import type { Account } from '../../src/accounts/accounts/accounts.table.ts';
import { revokeApiKey } from '../../src/api/account-plane/account-plane.repository.ts';
import { SourceCatalogue } from '../../src/crawl/sources/sources.catalogue.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { down, up } from '../../src/platform/db/migrations/0016_api_key_names.ts';
import { DIALECTS, createTestDatabase, openMigratedTestDb, type TestDatabase } from '../support/databases.ts';

for (const dialect of DIALECTS) {
  describe(`API key names unique among an account's active keys, migration 0016 (${dialect})`, () => {
    let database: TestDatabase;
    let db: Db;
    let account: Account;
    let other: Account;

    before(async () => {
      database = await createTestDatabase(dialect);
      db = await openMigratedTestDb(database, 'names.sqlite');
      const deps = { db, catalogue: new SourceCatalogue({}) };
      ({ account } = await createAccount(deps, { name: 'names', plan: 'self-serve', credits: 1 }));
      ({ account: other } = await createAccount(deps, { name: 'others', plan: 'self-serve', credits: 1 }));
    });
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    const names = async (accountId: string) =>
      (
        await db
          .selectFrom('api_keys')
          .select(['label', 'revoked_at'])
          .where('account_id', '=', accountId)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      )
        .map((row) => `${row.label}${row.revoked_at === null ? '' : ' [revoked]'}`)
        .sort();

    it('names unnamed keys and numbers duplicate active names of older databases, in the order they were made', async () => {
      // A database from before 0016: no index, duplicates and unnamed keys.
      await down(db as unknown as Kysely<unknown>);
      const revoked = await insertApiKey(db, account.id, 'h0', 'svc_live_r000', 'bootstrap');
      await revokeApiKey(db, revoked.id);
      await insertApiKey(db, account.id, 'h1', 'svc_live_a111', 'bootstrap');
      await insertApiKey(db, account.id, 'h2', 'svc_live_b222', 'bootstrap');
      await insertApiKey(db, account.id, 'h3', 'svc_live_c333', null);
      await insertApiKey(db, other.id, 'h4', 'svc_live_d444', 'bootstrap');
      await up(db as unknown as Kysely<unknown>);
      assert.deepEqual(await names(account.id), [
        'bootstrap',
        'bootstrap (2)',
        'bootstrap [revoked]',
        'key svc_live_c333',
      ]);
      assert.deepEqual(await names(other.id), ['bootstrap'], 'another account’s names are its own');
    });

    it('refuses a second active key of the same name in the database itself', async () => {
      await assert.rejects(insertApiKey(db, account.id, 'h5', 'svc_live_e555', 'bootstrap'));
    });

    it('numbers a taken name for the service’s own keys and refuses it for a name a user typed', async () => {
      const numbered = await createApiKey(db, account, 'bootstrap');
      assert.equal(
        (await db.selectFrom('api_keys').select('label').where('id', '=', numbered.id).executeTakeFirst())
          ?.label,
        'bootstrap (3)',
      );
      await assert.rejects(createApiKey(db, account, 'bootstrap', 'refuse'), {
        message: 'an active API key is already named "bootstrap": choose another name',
      });
      // A revoked key's name is free again.
      const ci = await createApiKey(db, account, 'ci', 'refuse');
      await revokeApiKey(db, ci.id);
      await createApiKey(db, account, 'ci', 'refuse');
    });
  });
}
