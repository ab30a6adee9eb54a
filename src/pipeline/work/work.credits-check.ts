import { findAccountById } from '../../accounts/accounts/accounts.repository.ts';
import type { Db } from '../../platform/db/database.ts';
import { findJobStatus, listAccountJobIds, listValueCredits } from './work.repository.ts';
import {
  advanceTotals,
  listAccountLedger,
  listJobLedger,
  monthOf,
  type RunningTotals,
} from '../../accounts/credits/credits.repository.ts';
import type { CreditLedgerTable, LedgerKind } from '../../accounts/credits/credits.table.ts';

/**
 * Checks of the credit ledger's invariants (docs/billing.md): what the service and its tests use to
 * prove that the ledger matches the work done. Every finding is a plain sentence in `problems`.
 */

/** The ledger of one job against its values. */
export interface JobLedgerReport {
  jobId: string;
  reserved: number;
  released: number;
  /** Reserved minus released: what the job still holds. Zero once the job ended. */
  outstanding: number;
  charged: number;
  overage: number;
  /** Sum of `job_values.credits`: must equal charged plus overage. */
  valueCredits: number;
  problems: string[];
}

/** The whole ledger of one account. */
export interface AccountLedgerReport {
  accountId: string;
  /** Sum of every signed amount. */
  balance: number;
  granted: number;
  reserved: number;
  released: number;
  charged: number;
  overage: number;
  outstanding: number;
  /** Charged plus overage in the current calendar month (the budget cap's count). */
  spentThisMonth: number;
  jobs: JobLedgerReport[];
  problems: string[];
}

/** Sign each kind's amount must have (charge may be 0: a fully waived value). */
const SIGN_OK: Record<LedgerKind, (amount: number) => boolean> = {
  grant: (amount) => amount > 0,
  reserve: (amount) => amount < 0,
  release: (amount) => amount > 0,
  charge: (amount) => amount <= 0,
  overage: (amount) => amount < 0,
};

function sumOf(entries: readonly CreditLedgerTable[], kind: LedgerKind): number {
  return entries.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + Number(entry.amount), 0);
}

/** A subtracting kind's sum as a positive figure (0 rather than -0 when there is none). */
function spent(entries: readonly CreditLedgerTable[], kind: LedgerKind): number {
  return 0 - sumOf(entries, kind);
}

/** Per value: entries of a kind that carry that value's index. */
function countByValue(entries: readonly CreditLedgerTable[], kind: LedgerKind): Map<number, number> {
  const counts = new Map<number, number>();
  for (const entry of entries) {
    if (entry.kind !== kind || entry.value_index === null) continue;
    counts.set(entry.value_index, (counts.get(entry.value_index) ?? 0) + 1);
  }
  return counts;
}

function checkValues(
  entries: readonly CreditLedgerTable[],
  values: ReadonlyArray<{ idx: number; status: string; credits: number }>,
  problems: string[],
): void {
  const billedByValue = new Map<number, number>();
  for (const entry of entries) {
    if (entry.kind !== 'charge' && entry.kind !== 'overage') continue;
    if (entry.value_index === null) {
      problems.push(`${entry.kind} entry ${entry.id} names no value`);
      continue;
    }
    billedByValue.set(entry.value_index, (billedByValue.get(entry.value_index) ?? 0) - Number(entry.amount));
  }
  for (const kind of ['release', 'charge', 'overage'] as const) {
    for (const [index, count] of countByValue(entries, kind)) {
      if (count > 1) problems.push(`value ${index} has ${count} ${kind} entries (settled more than once)`);
    }
  }
  const known = new Set(values.map((value) => value.idx));
  for (const index of billedByValue.keys()) {
    if (!known.has(index)) problems.push(`charge for value ${index}, which the job does not have`);
  }
  for (const value of values) {
    const billed = billedByValue.get(value.idx) ?? 0;
    if (billed !== Number(value.credits)) {
      problems.push(`value ${value.idx}: ledger bills ${billed}, job_values.credits says ${value.credits}`);
    }
    if (value.status !== 'done' && billed !== 0) problems.push(`value ${value.idx} is billed but not done`);
  }
}

/**
 * Verifies one job: released never exceeds reserved; nothing is held once the job ended or was
 * deleted; charges plus overage equal the sum of `job_values.credits`, value by value; every value
 * settled at most once; every charge names its value.
 */
export async function verifyJobLedger(db: Db, jobId: string): Promise<JobLedgerReport> {
  const entries = await listJobLedger(db, jobId);
  const status = await findJobStatus(db, jobId);
  const job = status === undefined ? undefined : { status };
  const values = await listValueCredits(db, jobId);
  const reserved = spent(entries, 'reserve');
  const released = sumOf(entries, 'release');
  const charged = spent(entries, 'charge');
  const overage = spent(entries, 'overage');
  const valueCredits = values.reduce((sum, value) => sum + Number(value.credits), 0);
  const problems: string[] = [];
  if (released > reserved) problems.push(`released ${released} exceeds reserved ${reserved}`);
  // A deleted job (an interval job's runs, spec 4.5) keeps its ledger entries: what was spent
  // stays spent. Its values are gone, so only the holds can be checked.
  const ended = !job || job.status === 'finished' || job.status === 'failed';
  if (ended && reserved !== released) {
    problems.push(`job ${job ? 'ended' : 'deleted'} still holding ${reserved - released}`);
  }
  if (job && charged + overage !== valueCredits) {
    problems.push(`ledger bills ${charged + overage}, job_values.credits sum to ${valueCredits}`);
  }
  if (job) checkValues(entries, values, problems);
  const outstanding = reserved - released;
  return { jobId, reserved, released, outstanding, charged, overage, valueCredits, problems };
}

/** Re-derives the running totals entry by entry and reports the first entries that disagree. */
function checkRunningTotals(entries: readonly CreditLedgerTable[], problems: string[]): RunningTotals {
  let totals: RunningTotals = { seq: 0, balance: 0, held: 0, month: '', monthSpent: 0 };
  for (const entry of entries) {
    if (!SIGN_OK[entry.kind](Number(entry.amount))) {
      problems.push(`entry ${entry.id}: ${entry.kind} of ${entry.amount} has the wrong sign`);
    }
    totals = advanceTotals(totals, {
      kind: entry.kind,
      amount: Number(entry.amount),
      createdAt: entry.created_at,
    });
    const stored = [entry.seq, entry.balance_after, entry.held_after, entry.month_spent_after].map(Number);
    const derived = [totals.seq, totals.balance, totals.held, totals.monthSpent];
    if (stored.some((figure, i) => figure !== derived[i]) && problems.length < 20) {
      problems.push(`entry ${entry.id} (seq ${entry.seq}): stored totals ${stored} but derived ${derived}`);
      totals = { ...totals, seq: Number(entry.seq) };
    }
  }
  return totals;
}

/**
 * Verifies an account's whole ledger: the running totals match the amounts; the balance equals
 * granted − charged − overage − outstanding; every job's ledger holds (see `verifyJobLedger`); this
 * month's spending stays within the budget cap.
 */
export async function verifyAccountLedger(db: Db, accountId: string): Promise<AccountLedgerReport> {
  const entries = await listAccountLedger(db, accountId);
  const problems: string[] = [];
  const totals = checkRunningTotals(entries, problems);
  const balance = entries.reduce((sum, entry) => sum + Number(entry.amount), 0);
  const granted = sumOf(entries, 'grant');
  const reserved = spent(entries, 'reserve');
  const released = sumOf(entries, 'release');
  const charged = spent(entries, 'charge');
  const overage = spent(entries, 'overage');
  const outstanding = reserved - released;
  if (balance !== granted - charged - overage - outstanding) {
    problems.push(`balance ${balance} is not granted − charged − overage − outstanding`);
  }
  const jobIds = await listAccountJobIds(db, accountId);
  const ledgerJobIds = entries.flatMap((entry) => (entry.job_id === null ? [] : [entry.job_id]));
  const jobs: JobLedgerReport[] = [];
  for (const jobId of new Set([...jobIds, ...ledgerJobIds])) {
    const report = await verifyJobLedger(db, jobId);
    jobs.push(report);
    problems.push(...report.problems.map((problem) => `job ${jobId}: ${problem}`));
  }
  const account = await findAccountById(db, accountId);
  const spentThisMonth = totals.month === monthOf(new Date().toISOString()) ? totals.monthSpent : 0;
  const cap = account?.budget_cap ?? null;
  if (cap !== null && spentThisMonth > Number(cap)) {
    problems.push(`spent ${spentThisMonth} this month, beyond the budget cap of ${cap}`);
  }
  return {
    accountId,
    balance,
    granted,
    reserved,
    released,
    charged,
    overage,
    outstanding,
    spentThisMonth,
    jobs,
    problems,
  };
}
