import type { Db } from '../../platform/db/database.ts';
import { isoNow } from '../../platform/lib/time.ts';
import type { IdempotencyKeysTable } from './submissions.table.ts';

export async function findIdempotencyKey(
  db: Db,
  accountId: string,
  key: string,
): Promise<IdempotencyKeysTable | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function insertIdempotencyKey(
  db: Db,
  row: { account_id: string; key: string; request_hash: string; job_id: string; response: string },
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({ ...row, created_at: isoNow() })
    .execute();
}

/** Forgets keys older than the idempotency window. */
export async function deleteIdempotencyKeysBefore(db: Db, beforeIso: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', beforeIso).execute();
}

/** Drops an account's earlier use of a key (past the window) so the key can answer a new job. */
export async function deleteIdempotencyKey(db: Db, accountId: string, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', accountId)
    .where('key', '=', key)
    .execute();
}
