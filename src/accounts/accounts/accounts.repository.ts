import type { Db } from '../../platform/db/database.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import { isoNow } from '../../platform/lib/time.ts';
import type { Account, Plan } from './accounts.table.ts';

/** Inserts an account and its enterprise source grants. */
export async function insertAccount(
  db: Db,
  input: { name: string; plan: Plan; cacheReuse: boolean; sources: { source: string; country: string }[] },
): Promise<Account> {
  const account: Account = {
    id: newObjectId(),
    name: input.name,
    plan: input.plan,
    cache_reuse: input.cacheReuse ? 1 : 0,
    status: 'active',
    overage: 0,
    budget_cap: null,
    created_at: isoNow(),
  };
  await db.insertInto('accounts').values(account).execute();
  if (input.sources.length > 0) {
    await db
      .insertInto('account_sources')
      .values(input.sources.map((pair) => ({ account_id: account.id, ...pair })))
      .execute();
  }
  return account;
}

export async function findAccountByName(db: Db, name: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function findAccountById(db: Db, id: string): Promise<Account | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether any key, active or revoked, has this hash (hashes are unique across both). */
export async function apiKeyHashExists(db: Db, keyHash: string): Promise<boolean> {
  const row = await db.selectFrom('api_keys').select('id').where('key_hash', '=', keyHash).executeTakeFirst();
  return row !== undefined;
}

/** Finds the account owning an active key with this hash. */
export async function findAccountByKeyHash(
  db: Db,
  keyHash: string,
): Promise<{ account: Account; keyHash: string } | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('accounts')
    .select('api_keys.key_hash')
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { key_hash, ...account } = row;
  return { account, keyHash: key_hash };
}

/**
 * Notes that a key authenticated a request. Written at most once a minute per key, so a busy key
 * costs one small update a minute, not one per request.
 */
export async function recordApiKeyUse(db: Db, keyHash: string, now: Date = new Date()): Promise<void> {
  const staleBefore = isoNow(new Date(now.getTime() - 60_000));
  await db
    .updateTable('api_keys')
    .set({ last_used_at: isoNow(now) })
    .where('key_hash', '=', keyHash)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}

/** Sets an account's status (operator: suspend or resume, decisions C2). */
export async function updateAccountStatus(
  db: Db,
  accountId: string,
  status: Account['status'],
): Promise<void> {
  await db.updateTable('accounts').set({ status }).where('id', '=', accountId).execute();
}

export async function insertApiKey(
  db: Db,
  accountId: string,
  keyHash: string,
  keyPrefix: string,
  label: string | null,
) {
  const row = {
    id: newObjectId(),
    account_id: accountId,
    key_hash: keyHash,
    key_prefix: keyPrefix,
    label,
    created_at: isoNow(),
    revoked_at: null,
  };
  await db.insertInto('api_keys').values(row).execute();
  return row;
}

/** The names of an account's active (not revoked) API keys. */
export async function listActiveKeyNames(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select('label')
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.flatMap((row) => (row.label === null ? [] : [row.label]));
}

export async function findLegacyCredential(db: Db, username: string) {
  return db.selectFrom('legacy_credentials').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findLegacyCredentialByAccount(db: Db, accountId: string) {
  return db
    .selectFrom('legacy_credentials')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * Replaces the account's legacy credential and bumps its JWT generation, so tokens issued before
 * stop verifying; answers the new generation.
 */
export async function replaceLegacyCredential(
  db: Db,
  accountId: string,
  username: string,
  passwordHash: string,
): Promise<number> {
  const updated = await db
    .updateTable('legacy_credentials')
    .set((eb) => ({
      username,
      password_hash: passwordHash,
      created_at: isoNow(),
      jwt_generation: eb('jwt_generation', '+', 1),
    }))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    await db
      .insertInto('legacy_credentials')
      .values({
        account_id: accountId,
        username,
        password_hash: passwordHash,
        created_at: isoNow(),
        jwt_generation: 1,
      })
      .execute();
    return 1;
  }
  const row = await findLegacyCredentialByAccount(db, accountId);
  if (!row) throw new Error(`legacy credential of ${accountId} vanished while it was replaced`);
  return row.jwt_generation;
}

/** True when an enterprise account lists the pair (`uk`/`gb` are one marketplace). */
export async function hasSourceGrant(
  db: Db,
  accountId: string,
  source: string,
  countries: readonly string[],
) {
  const row = await db
    .selectFrom('account_sources')
    .select('source')
    .where('account_id', '=', accountId)
    .where('source', '=', source)
    .where('country', 'in', countries)
    .executeTakeFirst();
  return row !== undefined;
}

/** The (source, country) pairs an enterprise account is enabled for (decisions C2). */
export async function listSourceGrants(
  db: Db,
  accountId: string,
): Promise<Array<{ source: string; country: string }>> {
  return db
    .selectFrom('account_sources')
    .select(['source', 'country'])
    .where('account_id', '=', accountId)
    .execute();
}

export async function readSetting(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Writes a setting unless it exists; answers the stored value (first writer wins). */
export async function ensureSetting(db: Db, name: string, value: string): Promise<string> {
  await db
    .insertInto('settings')
    .values({ name, value })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  return (await readSetting(db, name)) ?? value;
}
