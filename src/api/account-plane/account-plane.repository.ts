import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { JobKind } from '../../pipeline/work/work.table.ts';
import { isoNow } from '../../platform/lib/time.ts';

/** An account's API keys, newest first (never the hash). */
export async function listApiKeys(db: Db, accountId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'label', 'key_prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One key of the account; another account's key is as unknown as a missing one. */
export async function findAccountApiKey(db: Db, accountId: string, keyId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'label', 'key_prefix', 'created_at', 'last_used_at', 'revoked_at'])
    .where('account_id', '=', accountId)
    .where('id', '=', keyId)
    .executeTakeFirst();
}

/** Revokes a key; the data plane reads `revoked_at` on every request, so it is refused at once. */
export async function revokeApiKey(db: Db, keyId: string, atIso: string = isoNow()): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ revoked_at: atIso })
    .where('id', '=', keyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A page of the account's ledger, newest first, before ledger sequence `beforeSeq`. */
export async function listLedgerPage(db: Db, accountId: string, page: { limit: number; beforeSeq?: number }) {
  let query = db
    .selectFrom('credit_ledger')
    .select(['seq', 'created_at', 'kind', 'amount', 'job_id', 'balance_after'])
    .where('account_id', '=', accountId);
  if (page.beforeSeq !== undefined) query = query.where('seq', '<', page.beforeSeq);
  return query.orderBy('seq', 'desc').limit(page.limit).execute();
}

/** Credits spent (charge plus overage) per UTC day since `fromIso`. */
export async function sumSpentPerDay(db: Db, accountId: string, fromIso: string) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('credit_ledger')
    .select([day.as('day'), sql<number>`coalesce(-sum(amount), 0)`.as('spent')])
    .where('account_id', '=', accountId)
    .where('kind', 'in', ['charge', 'overage'])
    .where('created_at', '>=', fromIso)
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: row.day, spent: Number(row.spent) }));
}

/** A page of the account's jobs (not the runs of interval jobs), newest first. */
export async function listAccountJobsPage(
  db: Db,
  accountId: string,
  page: { limit: number; kind?: JobKind; before?: { createdAt: string; id: string } },
) {
  let query = db
    .selectFrom('jobs')
    .select([
      'id',
      'kind',
      'status',
      'source',
      'country',
      'key',
      'topic',
      'values_total',
      'values_done',
      'values_errors',
      'interval_minutes',
      'next_run_at',
      'created_at',
      'updated_at',
    ])
    .where('account_id', '=', accountId)
    .where('parent_id', 'is', null);
  if (page.kind !== undefined) query = query.where('kind', '=', page.kind);
  const before = page.before;
  if (before !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.createdAt),
        eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/** The account's enterprise source grants as `source_NN.cc`. */
export async function listSourceGrants(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('account_sources')
    .select(['source', 'country'])
    .where('account_id', '=', accountId)
    .orderBy('source')
    .orderBy('country')
    .execute();
  return rows.map((row) => `${row.source}.${row.country}`);
}
