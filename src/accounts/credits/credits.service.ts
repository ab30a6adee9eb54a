import type { Account } from '../accounts/accounts.table.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { isoNow } from '../../platform/lib/time.ts';
import {
  appendLedgerEntry,
  findRunningTotals,
  lockAccountForCredits,
  monthOf,
  openLedger,
  sumBalance,
  sumJobEntries,
  type LedgerWriter,
  type RunningTotals,
  type SpendingSettings,
} from './credits.repository.ts';

/**
 * Credits (decisions G15, G16; docs/billing.md). Every change is a ledger entry written under the
 * account's credit lock, inside the transaction of the work it pays for: a submission reserves its
 * worst case, each value releases its share and is charged its real cost when its result is
 * recorded, and whatever a job still holds when it ends goes back.
 */

/** Runs `work` in the caller's transaction, or in a new one when `db` is not a transaction. */
async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Credits charged plus overage this calendar month, as of `totals`. */
function spentThisMonth(totals: RunningTotals): number {
  return totals.month === monthOf(isoNow()) ? totals.monthSpent : 0;
}

/**
 * How much more the account may spend right now: the monthly budget cap minus what this month
 * spent and what reservations hold, and, without overage, the balance. Never negative.
 */
function spendingRoom(totals: RunningTotals, settings: SpendingSettings): number {
  const capRoom =
    settings.budgetCap === null ? Infinity : settings.budgetCap - spentThisMonth(totals) - totals.held;
  const balanceRoom = settings.overage ? Infinity : totals.balance;
  return Math.max(0, Math.min(capRoom, balanceRoom));
}

/** Adds credits to an account (operator grant or bootstrap); answers the balance after it. */
export async function grantCredits(
  db: Db,
  accountId: string,
  amount: number,
  note?: string,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    await lockAccountForCredits(trx, accountId);
    const totals = await appendLedgerEntry(trx, { accountId, kind: 'grant', amount, note: note ?? 'grant' });
    return totals.balance;
  });
}

/**
 * Reserves the worst case of a submission (decisions G15) inside the caller's transaction. Refuses
 * with `insufficient credits` when the balance cannot cover it (unless overage is on) or when the
 * monthly budget cap could be passed. The account lock makes concurrent submissions decide one
 * after another, so together they never reserve past either limit (G16).
 */
export async function reserveCredits(
  trx: Db,
  account: Pick<Account, 'id'>,
  jobId: string,
  amount: number,
): Promise<void> {
  if (amount === 0) return;
  const settings = await lockAccountForCredits(trx, account.id);
  const totals = await findRunningTotals(trx, account.id);
  if (!settings.overage && totals.balance < amount) throw new AppError('insufficient_credits');
  if (settings.budgetCap !== null && spentThisMonth(totals) + totals.held + amount > settings.budgetCap) {
    throw new AppError('insufficient_credits', 'insufficient credits: monthly budget cap reached');
  }
  await appendLedgerEntry(trx, { accountId: account.id, kind: 'reserve', amount: -amount, jobId });
}

/** One value to settle: its reserved share goes back, its real cost is charged. */
export interface ValueSettlement {
  valueIndex: number;
  reservedShare: number;
  cost: number;
}

/**
 * Settles one value inside the transaction that records its result: its reserved share goes back
 * and its real cost is charged. Answers the credits actually charged, which is the cost unless
 * spending room ran out: extra seller pages are not covered by the reservation, and what the
 * balance (without overage) or the monthly cap cannot cover is waived, never spent. The part
 * beyond the credits granted is written as `overage`.
 */
export async function settleValueCredits(
  trx: Db,
  input: { accountId: string; jobId: string } & ValueSettlement,
): Promise<number> {
  const [charged] = await settleValuesCredits(trx, input.accountId, input.jobId, [input]);
  return charged ?? 0;
}

/**
 * Settles several values of one job in one go, inside the transaction that records their results
 * (a group commit): the account's credit lock and running totals are read once, each value is
 * decided in order exactly as `settleValueCredits` decides one (its entries keep their value
 * index), and every entry is written in one insert. Answers the credits charged per value.
 */
export async function settleValuesCredits(
  trx: Db,
  accountId: string,
  jobId: string,
  values: readonly ValueSettlement[],
): Promise<number[]> {
  if (values.every((value) => value.reservedShare <= 0 && value.cost <= 0)) return values.map(() => 0);
  const settings = await lockAccountForCredits(trx, accountId);
  const ledger = await openLedger(trx, accountId);
  const charged = values.map((value) => settleInto(ledger, settings, jobId, value));
  await ledger.write();
  return charged;
}

/** One value's entries appended to `ledger`; answers what it charged. */
function settleInto(
  ledger: LedgerWriter,
  settings: SpendingSettings,
  jobId: string,
  value: ValueSettlement,
): number {
  const entry = { jobId, valueIndex: value.valueIndex };
  let totals = ledger.totals;
  if (value.reservedShare > 0)
    totals = ledger.append({ ...entry, kind: 'release', amount: value.reservedShare });
  if (value.cost <= 0) return 0;
  const charged = Math.min(value.cost, spendingRoom(totals, settings));
  const waived = value.cost - charged;
  const prepaid = totals.balance + totals.held;
  const covered = settings.overage ? Math.min(charged, Math.max(prepaid, 0)) : charged;
  const note = waived > 0 ? `${waived} of ${value.cost} credits waived: no spending room` : undefined;
  if (covered > 0 || charged === 0) ledger.append({ ...entry, kind: 'charge', amount: -covered, note });
  if (charged > covered) ledger.append({ ...entry, kind: 'overage', amount: -(charged - covered), note });
  return charged;
}

/**
 * Releases whatever a job's reservation still holds (values settle their shares as they finish;
 * this catches everything else when a job ends: timeout, failure, a share never settled).
 * Answers the credits released.
 */
export async function releaseJobRemainder(trx: Db, accountId: string, jobId: string): Promise<number> {
  await lockAccountForCredits(trx, accountId);
  const outstanding = -(await sumJobEntries(trx, jobId, ['reserve', 'release']));
  if (outstanding <= 0) return 0;
  await appendLedgerEntry(trx, {
    accountId,
    jobId,
    kind: 'release',
    amount: outstanding,
    note: 'job ended',
  });
  return outstanding;
}

/** The account's balance, derived from the ledger (sum of every signed amount). */
export async function creditBalance(db: Db, accountId: string): Promise<number> {
  return sumBalance(db, accountId);
}
