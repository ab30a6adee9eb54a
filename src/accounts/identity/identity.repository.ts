import type { Db } from '../../platform/db/database.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import { isoNow } from '../../platform/lib/time.ts';
import type {
  RefreshTokensTable,
  RefreshToken,
  SigningKey,
  SigningKeysTable,
  User,
} from './identity.table.ts';

/** Inserts a user; the address is stored lower-cased. */
export async function insertUser(
  db: Db,
  input: { accountId: string; email: string; passwordHash: string | null },
): Promise<User> {
  const now = isoNow();
  const user: User = {
    id: newObjectId(),
    account_id: input.accountId,
    email: input.email.toLowerCase(),
    password_hash: input.passwordHash,
    status: 'active',
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(user).execute();
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Replaces a user's password hash. */
export async function updateUserPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: isoNow() })
    .where('id', '=', userId)
    .execute();
}

export async function updateUserStatus(db: Db, userId: string, status: User['status']): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: isoNow() }).where('id', '=', userId).execute();
}

export async function insertRefreshToken(db: Db, row: RefreshTokensTable): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

export async function findRefreshTokenByHash(db: Db, tokenHash: string): Promise<RefreshToken | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a live token used; answers false when another request used or revoked it first. */
export async function markRefreshTokenUsed(db: Db, id: string, atIso: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: atIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every token of a login (logout, or a used token presented again). */
export async function revokeRefreshFamily(db: Db, familyId: string, atIso: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: atIso })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every login of a user (user disabled). */
export async function revokeUserRefreshTokens(db: Db, userId: string, atIso: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: atIso })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** True while the login a session token came from is neither logged out nor revoked. */
export async function isRefreshFamilyLive(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a signing key unless one with its kid exists (first process wins). */
export async function insertSigningKeyIfAbsent(db: Db, key: SigningKeysTable): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values(key)
    .onConflict((c) => c.column('kid').doNothing())
    .execute();
}

export async function findSigningKey(db: Db, kid: string): Promise<SigningKey | undefined> {
  return db.selectFrom('signing_keys').selectAll().where('kid', '=', kid).executeTakeFirst();
}

/** Marks every other key retired (it keeps verifying until the tokens it signed expired). */
export async function retireOtherSigningKeys(db: Db, currentKid: string, atIso: string): Promise<void> {
  await db
    .updateTable('signing_keys')
    .set({ retired_at: atIso })
    .where('kid', '!=', currentKid)
    .where('retired_at', 'is', null)
    .execute();
  await db.updateTable('signing_keys').set({ retired_at: null }).where('kid', '=', currentKid).execute();
}

/** Keys that may still have valid tokens: current ones and those retired after `retiredAfterIso`. */
export async function listVerifyingKeys(db: Db, retiredAfterIso: string): Promise<SigningKey[]> {
  return db
    .selectFrom('signing_keys')
    .selectAll()
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', retiredAfterIso)]))
    .orderBy('created_at', 'desc')
    .execute();
}
