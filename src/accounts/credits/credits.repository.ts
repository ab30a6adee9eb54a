import { sql } from 'kysely';
import { dialectOf, type Db } from '../../platform/db/database.ts';
import { writeInChunks } from '../../platform/lib/chunks.ts';
import { newObjectId } from '../../platform/lib/ids.ts';
import { isoNow } from '../../platform/lib/time.ts';
import type { CreditLedgerTable, LedgerKind } from './credits.table.ts';

/** An account's running ledger totals after its latest entry. */
export interface RunningTotals {
  seq: number;
  balance: number;
  held: number;
  /** `YYYY-MM` of the latest entry; `monthSpent` counts that month only. */
  month: string;
  monthSpent: number;
}

const NO_ENTRIES: RunningTotals = { seq: 0, balance: 0, held: 0, month: '', monthSpent: 0 };

/** The calendar month (UTC, `YYYY-MM`) of an ISO timestamp. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

/** The account's totals after its latest ledger entry (zeros for an account without entries). */
export async function findRunningTotals(db: Db, accountId: string): Promise<RunningTotals> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(['seq', 'balance_after', 'held_after', 'month', 'month_spent_after'])
    .where('account_id', '=', accountId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return NO_ENTRIES;
  return {
    seq: Number(row.seq),
    balance: Number(row.balance_after),
    held: Number(row.held_after),
    month: row.month,
    monthSpent: Number(row.month_spent_after),
  };
}

/** The totals after one more entry: the single definition `verifyAccountLedger` re-applies. */
export function advanceTotals(
  totals: RunningTotals,
  entry: { kind: LedgerKind; amount: number; createdAt: string },
): RunningTotals {
  const month = monthOf(entry.createdAt);
  const holds = entry.kind === 'reserve' || entry.kind === 'release';
  const spends = entry.kind === 'charge' || entry.kind === 'overage';
  return {
    seq: totals.seq + 1,
    balance: totals.balance + entry.amount,
    held: totals.held - (holds ? entry.amount : 0),
    month,
    monthSpent: (totals.month === month ? totals.monthSpent : 0) - (spends ? entry.amount : 0),
  };
}

/** One ledger entry to write; the running totals are computed when it is appended. */
export interface LedgerEntryInput {
  accountId: string;
  kind: LedgerKind;
  amount: number;
  jobId?: string;
  valueIndex?: number;
  note?: string;
}

/**
 * Entries of one account appended in memory and written together: `append` advances the running
 * totals at once (so a settlement can decide on them), `write` inserts every appended row in one
 * statement per chunk. The caller holds the account's credit lock (`lockAccountForCredits`) in the
 * same transaction from `openLedger` to `write`: the unique (account, seq) index turns a forgotten
 * lock into an error instead of a wrong total.
 */
export interface LedgerWriter {
  /** The totals after the last appended entry. */
  readonly totals: RunningTotals;
  append(entry: Omit<LedgerEntryInput, 'accountId'>): RunningTotals;
  write(): Promise<void>;
}

/** Opens a ledger writer on the account's latest totals (one read). */
export async function openLedger(db: Db, accountId: string): Promise<LedgerWriter> {
  let totals = await findRunningTotals(db, accountId);
  const rows: CreditLedgerTable[] = [];
  return {
    get totals() {
      return totals;
    },
    append(entry) {
      const createdAt = isoNow();
      totals = advanceTotals(totals, { kind: entry.kind, amount: entry.amount, createdAt });
      rows.push({
        id: newObjectId(),
        account_id: accountId,
        kind: entry.kind,
        amount: entry.amount,
        job_id: entry.jobId ?? null,
        value_index: entry.valueIndex ?? null,
        note: entry.note ?? null,
        created_at: createdAt,
        seq: totals.seq,
        balance_after: totals.balance,
        held_after: totals.held,
        month: totals.month,
        month_spent_after: totals.monthSpent,
      });
      return totals;
    },
    async write() {
      const pending = rows.splice(0);
      await writeInChunks(pending, (chunk) => db.insertInto('credit_ledger').values(chunk).execute(), {
        pause: async () => undefined,
      });
    },
  };
}

/** Appends one ledger entry with the account's running totals after it (a writer of one entry). */
export async function appendLedgerEntry(db: Db, entry: LedgerEntryInput): Promise<RunningTotals> {
  const ledger = await openLedger(db, entry.accountId);
  const totals = ledger.append(entry);
  await ledger.write();
  return totals;
}

/** The balance derived from the ledger alone: the sum of every signed amount of the account. */
export async function sumBalance(db: Db, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('balance'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Signed sum of a job's ledger entries of the given kinds. */
export async function sumJobEntries(db: Db, jobId: string, kinds: readonly LedgerKind[]): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('job_id', '=', jobId)
    .where('kind', 'in', kinds)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Every ledger entry of a job, oldest first. */
export async function listJobLedger(db: Db, jobId: string): Promise<CreditLedgerTable[]> {
  return db.selectFrom('credit_ledger').selectAll().where('job_id', '=', jobId).orderBy('seq').execute();
}

/** Every ledger entry of an account in write order (for verification; an operator tool). */
export async function listAccountLedger(db: Db, accountId: string): Promise<CreditLedgerTable[]> {
  return db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('seq')
    .execute();
}

/** The spending settings of an account (decisions G16). */
export interface SpendingSettings {
  overage: boolean;
  budgetCap: number | null;
}

/**
 * Serializes credit decisions of one account inside a transaction and answers its spending
 * settings as they are now. PostgreSQL locks the account row; a SQLite transaction holds the file's
 * write lock from its start (`BEGIN IMMEDIATE`), so credit decisions of every process on the file
 * run one at a time.
 */
export async function lockAccountForCredits(db: Db, accountId: string): Promise<SpendingSettings> {
  let query = db.selectFrom('accounts').select(['overage', 'budget_cap']).where('id', '=', accountId);
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirstOrThrow();
  return { overage: row.overage === 1, budgetCap: row.budget_cap === null ? null : Number(row.budget_cap) };
}

/** Changes an account's spending settings; fields left undefined keep their value. */
export async function updateSpendingSettings(
  db: Db,
  accountId: string,
  settings: Partial<SpendingSettings>,
): Promise<void> {
  const changes: { overage?: number; budget_cap?: number | null } = {};
  if (settings.overage !== undefined) changes.overage = settings.overage ? 1 : 0;
  if (settings.budgetCap !== undefined) changes.budget_cap = settings.budgetCap;
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('accounts').set(changes).where('id', '=', accountId).execute();
}
