import { sql } from 'kysely';
import { dialectOf, type Db } from '../db/database.ts';
import { newObjectId } from '../lib/ids.ts';
import { isoNow } from '../lib/time.ts';
import type { LedgerKind } from './credits.table.ts';

/** Appends one ledger entry. */
export async function insertLedgerEntry(
  db: Db,
  entry: {
    accountId: string;
    kind: LedgerKind;
    amount: number;
    jobId?: string;
    valueIndex?: number;
    note?: string;
  },
): Promise<void> {
  await db
    .insertInto('credit_ledger')
    .values({
      id: newObjectId(),
      account_id: entry.accountId,
      kind: entry.kind,
      amount: entry.amount,
      job_id: entry.jobId ?? null,
      value_index: entry.valueIndex ?? null,
      note: entry.note ?? null,
      created_at: isoNow(),
    })
    .execute();
}

/** The balance: the sum of every signed ledger amount of the account. */
export async function sumBalance(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('balance'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Credits still held by reservations of the account (reserved minus released). */
export async function sumOutstandingReservations(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('held'))
    .where('account_id', '=', accountId)
    .where('kind', 'in', ['reserve', 'release'])
    .executeTakeFirst();
  return -Number(row?.held ?? 0);
}

/** Credits charged since a time (for the monthly budget cap). */
export async function sumChargedSince(db: Db, accountId: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('charged'))
    .where('account_id', '=', accountId)
    .where('kind', '=', 'charge')
    .where('created_at', '>=', sinceIso)
    .executeTakeFirst();
  return -Number(row?.charged ?? 0);
}

/** Sum of a job's ledger entries of one kind (positive figure). */
export async function sumJobEntries(db: Db, jobId: string, kinds: readonly LedgerKind[]): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('job_id', '=', jobId)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Serializes credit decisions of one account inside a transaction. PostgreSQL locks the account
 * row; SQLite transactions already run one at a time on the service's single connection.
 */
export async function lockAccountForCredits(db: Db, accountId: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}
