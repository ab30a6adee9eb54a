import type { Account } from '../../accounts/accounts/accounts.table.ts';
import { insertAuditEntry } from '../../accounts/audit/audit.repository.ts';
import {
  findRunningTotals,
  monthOf,
  updateSpendingSettings,
} from '../../accounts/credits/credits.repository.ts';
import type { Db } from '../../platform/db/database.ts';
import { invalid } from '../../platform/errors/app-error.ts';
import type { DashboardSession } from '../../accounts/identity/identity.service.ts';
import type { JobKind } from '../../pipeline/work/work.table.ts';
import { isoNow } from '../../platform/lib/time.ts';
import {
  listAccountJobsPage,
  listLedgerPage,
  listSourceGrants,
  sumSpentPerDay,
} from './account-plane.repository.ts';
import { decodeCursor, encodeCursor } from '../http/http.paging.ts';
import { findLatestRuns } from '../../pipeline/work/work.repository.ts';
import type { Job } from '../../pipeline/work/work.table.ts';

/** The account plane (decisions G31): what a signed-in dashboard user sees and changes. */

export const isTimeAndId = (value: unknown): value is [string, string] =>
  Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string');
const isSeq = (value: unknown): value is number => Number.isSafeInteger(value);

/** Who made a change, as the audit log writes it. */
export function actorOf(session: DashboardSession): string {
  return `user:${session.user.email}`;
}

/** `GET /v1/account/credits`. */
export async function readCredits(db: Db, account: Account) {
  const totals = await findRunningTotals(db, account.id);
  const spentThisMonth = totals.month === monthOf(isoNow()) ? totals.monthSpent : 0;
  const overage = account.overage === 1;
  const budgetCap = account.budget_cap === null ? null : Number(account.budget_cap);
  const capRoom = budgetCap === null ? null : Math.max(0, budgetCap - spentThisMonth - totals.held);
  const balanceRoom = overage ? null : Math.max(0, totals.balance);
  const rooms = [capRoom, balanceRoom].filter((room): room is number => room !== null);
  return {
    error: false as const,
    balance: totals.balance,
    reserved: totals.held,
    available: rooms.length === 0 ? null : Math.min(...rooms),
    spent_this_month: spentThisMonth,
    overage,
    budget_cap: budgetCap,
  };
}

/** `GET /v1/account/plan`. */
export async function readPlan(db: Db, account: Account) {
  return {
    error: false as const,
    plan: account.plan,
    sources: account.plan === 'enterprise' ? await listSourceGrants(db, account.id) : ('all' as const),
    cache_reuse: account.cache_reuse === 1,
  };
}

/** `GET /v1/account/billing`: the usage ledger newest first. */
export async function readLedgerPage(db: Db, account: Account, query: { limit: number; cursor?: string }) {
  const beforeSeq = decodeCursor(query.cursor, isSeq);
  const rows = await listLedgerPage(db, account.id, { limit: query.limit, beforeSeq });
  const last = rows.at(-1);
  return {
    error: false as const,
    entries: rows.map((row) => ({
      at: row.created_at,
      kind: row.kind,
      amount: Number(row.amount),
      job_id: row.job_id,
      balance_after: Number(row.balance_after),
    })),
    next_cursor: rows.length === query.limit && last ? encodeCursor(Number(last.seq)) : null,
  };
}

/** `GET /v1/account/billing?group=day`: credits spent per UTC day, oldest first, zero days included. */
export async function readSpentPerDay(db: Db, account: Account, days: number, now: Date = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const spent = new Map(
    (await sumSpentPerDay(db, account.id, `${dates[0] ?? ''}T00:00:00.000Z`)).map((row) => [
      row.day,
      row.spent,
    ]),
  );
  return { error: false as const, days: dates.map((date) => ({ date, spent: spent.get(date) ?? 0 })) };
}

/** The spending setting (decisions G16, C5): one resource on two paths. */
export function presentSpending(account: Pick<Account, 'overage' | 'budget_cap'>) {
  return {
    error: false as const,
    overage: account.overage === 1,
    budget_cap: account.budget_cap === null ? null : Number(account.budget_cap),
  };
}

export async function updateSpending(
  db: Db,
  session: DashboardSession,
  change: { overage?: boolean; budget_cap?: number | null },
) {
  if (change.overage === undefined && change.budget_cap === undefined) {
    throw invalid('send overage, budget_cap or both');
  }
  const before = presentSpending(session.account);
  await db.transaction().execute(async (trx) => {
    await updateSpendingSettings(trx, session.account.id, {
      overage: change.overage,
      budgetCap: change.budget_cap,
    });
    await insertAuditEntry(trx, {
      accountId: session.account.id,
      actor: actorOf(session),
      action: 'spending.update',
      details: {
        before: { overage: before.overage, budget_cap: before.budget_cap },
        after: {
          overage: change.overage ?? before.overage,
          budget_cap: change.budget_cap === undefined ? before.budget_cap : change.budget_cap,
        },
      },
    });
  });
  return {
    error: false as const,
    overage: change.overage ?? before.overage,
    budget_cap: change.budget_cap === undefined ? before.budget_cap : change.budget_cap,
  };
}

/** `GET /v1/account/jobs`: the account's jobs newest first. */
export async function readJobsPage(
  db: Db,
  account: Account,
  query: { limit: number; kind?: JobKind; cursor?: string },
) {
  const before = decodeCursor(query.cursor, isTimeAndId);
  const rows = await listAccountJobsPage(db, account.id, {
    limit: query.limit,
    kind: query.kind,
    before: before && { createdAt: before[0], id: before[1] },
  });
  const intervalJobs = rows.filter((row) => row.interval_minutes !== null).map((row) => row.id);
  const latestRuns = await findLatestRuns(db, intervalJobs);
  const last = rows.at(-1);
  return {
    error: false as const,
    jobs: rows.map((row) => presentJobSummary(row, latestRuns.get(row.id))),
    next_cursor: rows.length === query.limit && last ? encodeCursor([last.created_at, last.id]) : null,
  };
}

type SummaryRow = Awaited<ReturnType<typeof listAccountJobsPage>>[number];
type Progress = Pick<Job, 'id' | 'status' | 'values_total' | 'values_done' | 'values_errors'>;

/**
 * One line of the jobs list (also the head of a job's detail). An interval job shows its latest
 * run's progress, as `GET /job/{id}` does (decisions G5): its own row stays `working` for as long
 * as it repeats. Before its first run it is `new` with nothing done.
 */
export function presentJobSummary(row: SummaryRow, latestRun?: Progress) {
  const progress =
    row.interval_minutes === null
      ? row
      : (latestRun ?? {
          status: 'new' as const,
          values_total: row.values_total,
          values_done: 0,
          values_errors: 0,
        });
  return {
    id: row.id,
    kind: row.kind,
    status: progress.status,
    source: row.source,
    country: row.country,
    key: row.key,
    topic: row.topic,
    values_total: progress.values_total,
    values_done: progress.values_done,
    values_errors: progress.values_errors,
    interval: row.interval_minutes,
    ...(row.interval_minutes === null ? {} : { run_id: latestRun?.id ?? null, next_run_at: row.next_run_at }),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
