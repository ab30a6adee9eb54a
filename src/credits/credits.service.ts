import type { Account } from '../accounts/accounts.table.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import {
  insertLedgerEntry,
  lockAccountForCredits,
  sumBalance,
  sumChargedSince,
  sumOutstandingReservations,
} from './credits.repository.ts';

/** First instant of the current calendar month (UTC), where the budget cap's count starts. */
export function monthStartIso(now: Date = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** Adds credits to an account (operator grant or bootstrap). */
export async function grantCredits(
  db: Db,
  accountId: string,
  amount: number,
  note?: string,
): Promise<number> {
  await insertLedgerEntry(db, { accountId, kind: 'grant', amount, note: note ?? 'grant' });
  return sumBalance(db, accountId);
}

/**
 * Reserves the worst case of a submission (decisions G15) inside the caller's transaction. Refuses
 * with `insufficient credits` when the balance cannot cover it (unless overage is on) or when the
 * monthly budget cap could be passed (G16: never, also under concurrent jobs).
 */
export async function reserveCredits(
  trx: Db,
  account: Account,
  jobId: string,
  amount: number,
): Promise<void> {
  if (amount === 0) return;
  await lockAccountForCredits(trx, account.id);
  const balance = await sumBalance(trx, account.id);
  if (balance < amount && account.overage !== 1) throw new AppError('insufficient_credits');
  if (account.budget_cap !== null) {
    const spent = await sumChargedSince(trx, account.id, monthStartIso());
    const held = await sumOutstandingReservations(trx, account.id);
    if (spent + held + amount > account.budget_cap) {
      throw new AppError('insufficient_credits', 'insufficient credits: monthly budget cap reached');
    }
  }
  await insertLedgerEntry(trx, { accountId: account.id, kind: 'reserve', amount: -amount, jobId });
}

/**
 * Settles one value inside the transaction that records its result: its reserved share goes back
 * and its real cost is charged, so the balance always equals the ledger's sum.
 */
export async function settleValueCredits(
  trx: Db,
  input: { accountId: string; jobId: string; valueIndex: number; reservedShare: number; cost: number },
): Promise<void> {
  if (input.reservedShare > 0) {
    await insertLedgerEntry(trx, {
      accountId: input.accountId,
      kind: 'release',
      amount: input.reservedShare,
      jobId: input.jobId,
      valueIndex: input.valueIndex,
    });
  }
  if (input.cost > 0) {
    await insertLedgerEntry(trx, {
      accountId: input.accountId,
      kind: 'charge',
      amount: -input.cost,
      jobId: input.jobId,
      valueIndex: input.valueIndex,
    });
  }
}

/** The account's balance as the ledger says. */
export async function creditBalance(db: Db, accountId: string): Promise<number> {
  return sumBalance(db, accountId);
}
