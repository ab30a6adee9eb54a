import type { AppDeps } from '../app.deps.ts';
import { releaseJobRemainder, settleValueCredits } from '../credits/credits.service.ts';
import type { Db } from '../db/database.ts';
import {
  completePendingValue,
  endJob,
  incrementJobCounters,
  setCompletionSequence,
  setValueCredits,
} from './jobs.repository.ts';
import type { ResultItem } from './jobs.results.ts';
import type { Job } from './jobs.table.ts';

/** What a completion hook learns about a value that was just recorded. */
export interface ValueCompletion {
  job: Job;
  index: number;
  /** 1-based completion order within the job (decisions C6). */
  sequence: number;
  item: ResultItem;
  /** Credits charged for the value. */
  credits: number;
  /** True when this value was the job's last. */
  jobFinished: boolean;
}

/** Runs inside the recording transaction (e.g. stream deliveries, decisions G27). */
export type CompletionHook = (trx: Db, completion: ValueCompletion) => Promise<void>;

/** Credits a value's reservation held: the job's `max_pages` where it applies, else 1. */
export function reservedShareOf(deps: Pick<AppDeps, 'catalogue'>, job: Job, invalid: boolean): number {
  if (invalid || job.topic === 'remove_conversions') return 0;
  const usesMaxPages = deps.catalogue.get(job.source)?.usesMaxPages ?? false;
  return usesMaxPages ? job.max_pages : 1;
}

/**
 * Records a value's result, settles its credits, advances the counters and ends the job after its
 * last value, inside the caller's transaction. A second call for the same value changes nothing:
 * that is what makes crashes and re-run tasks harmless. Answers whether it recorded and whether
 * the job ended.
 */
export async function recordValueResultWithin(
  trx: Db,
  deps: Pick<AppDeps, 'completionHooks'>,
  job: Job,
  input: { index: number; item: ResultItem; cost: number; reservedShare: number },
): Promise<{ recorded: boolean; jobFinished: boolean }> {
  const recorded = await completePendingValue(trx, {
    jobId: job.id,
    index: input.index,
    success: input.item.success,
    reason: input.item.reason,
    result: JSON.stringify(input.item),
    credits: input.cost,
  });
  if (!recorded) return { recorded: false, jobFinished: false };
  const counters = await incrementJobCounters(trx, job.id, !input.item.success);
  await setCompletionSequence(trx, job.id, input.index, counters.values_done);
  const charged = await settleValueCredits(trx, {
    accountId: job.account_id,
    jobId: job.id,
    valueIndex: input.index,
    reservedShare: input.reservedShare,
    cost: input.cost,
  });
  // Spending room can cut a charge (docs/billing.md): the value records what was really charged.
  if (charged !== input.cost) await setValueCredits(trx, job.id, input.index, charged);
  const jobFinished = counters.values_done >= counters.values_total;
  if (jobFinished) {
    await endJob(trx, job.id, 'finished');
    await releaseJobRemainder(trx, job.account_id, job.id);
  }
  for (const hook of deps.completionHooks) {
    await hook(trx, {
      job,
      index: input.index,
      sequence: counters.values_done,
      item: input.item,
      credits: charged,
      jobFinished,
    });
  }
  return { recorded: true, jobFinished };
}

/** `recordValueResultWithin` in a transaction of its own; wakes waiters when the job ended. */
export async function recordValueResult(
  deps: Pick<AppDeps, 'db' | 'events' | 'completionHooks'>,
  job: Job,
  input: { index: number; item: ResultItem; cost: number; reservedShare: number },
): Promise<boolean> {
  const outcome = await deps.db
    .transaction()
    .execute((trx) => recordValueResultWithin(trx, deps, job, input));
  if (outcome.jobFinished) deps.events.jobEnded(job.id);
  return outcome.recorded;
}
