import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLegacyCredentials } from '../../src/accounts/provisioning/provisioning.service.ts';
import {
  findLegacyCredentialByAccount,
  insertAccount,
} from '../../src/accounts/accounts/accounts.repository.ts';
import { authenticate, loadJwtSecret } from '../../src/accounts/auth/auth.service.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { DIALECTS, createTestDatabase, openMigratedTestDb, type TestDatabase } from '../support/databases.ts';

for (const dialect of DIALECTS) {
  describe(`legacy credential generations on ${dialect}`, () => {
    let database: TestDatabase;
    let db: Db;

    before(async () => {
      database = await createTestDatabase(dialect);
      db = await openMigratedTestDb(database, 'legacy.sqlite');
    });
    after(async () => {
      await db.destroy();
      await database.drop();
    });

    it('bumps the generation on every regeneration and verifies only the newest JWT', async () => {
      const account = await insertAccount(db, {
        name: `legacy-${dialect}`,
        plan: 'enterprise',
        cacheReuse: false,
        sources: [{ source: 'source_01', country: 'de' }],
      });
      const first = await createLegacyCredentials(db, account);
      const second = await createLegacyCredentials(db, account);
      assert.deepEqual([first.generation, second.generation], [1, 2]);
      assert.equal((await findLegacyCredentialByAccount(db, account.id))?.username, second.username);
      const secret = await loadJwtSecret(db);
      const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
      await assert.rejects(authenticate(db, secret, bearer(first.jwt)), /invalid bearer token/);
      assert.equal((await authenticate(db, secret, bearer(second.jwt))).id, account.id);
    });
  });
}
