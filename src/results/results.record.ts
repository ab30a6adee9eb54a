/**
 * Recording a value's result: write it, settle its credits, advance the job and hand it to the
 * deliveries, all in one transaction. Jobs (submission of malformed values), the crawl tasks and the
 * observation cache all record through here; nothing here knows who called.
 */
import { assembleDeliveries } from '../deliveries/deliveries.assembly.ts';
import { releaseJobRemainder, settleValueCredits } from '../credits/credits.service.ts';
import type { Db } from '../db/database.ts';
import type { SourceCatalogue } from '../sources/sources.catalogue.ts';
import type { JobEvents } from '../work/work.events.ts';
import {
  completePendingValue,
  endJob,
  incrementJobCounters,
  setCompletionSequence,
  setValueCredits,
} from '../work/work.repository.ts';
import type { Job, ResultItem } from '../work/work.table.ts';

/** What recording needs from the process. */
export interface RecordDeps {
  db: Db;
  events: JobEvents;
  /** Told after a delivery was written (the sender may look sooner than its next poll). */
  onDeliveryCreated: () => void;
  /** Told of every value recorded, inside the recording transaction (metrics, job-end log). */
  onValueRecorded?: (value: RecordedValue) => void;
}

/** What `onValueRecorded` learns about a value that was just recorded. */
export interface RecordedValue {
  job: Job;
  item: ResultItem;
  /** Credits charged for the value. */
  credits: number;
  /** True when this value was the job's last. */
  jobFinished: boolean;
}

/** One value's result to record. */
export interface ValueRecord {
  index: number;
  item: ResultItem;
  cost: number;
  reservedShare: number;
}

/** Credits a value's reservation held: the job's `max_pages` where it applies, else 1. */
export function reservedShareOf(deps: { catalogue: SourceCatalogue }, job: Job, invalid: boolean): number {
  if (invalid || job.topic === 'remove_conversions') return 0;
  const usesMaxPages = deps.catalogue.get(job.source)?.usesMaxPages ?? false;
  return usesMaxPages ? job.max_pages : 1;
}

/**
 * Records a value's result, settles its credits, advances the counters, ends the job after its
 * last value and assembles its deliveries, inside the caller's transaction. A second call for the
 * same value changes nothing: that is what makes crashes and re-run tasks harmless. Answers whether
 * it recorded and whether the job ended.
 */
export async function recordValueResultWithin(
  trx: Db,
  deps: Pick<RecordDeps, 'onDeliveryCreated' | 'onValueRecorded'>,
  job: Job,
  input: ValueRecord,
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
  const completion = { job, sequence: counters.values_done, item: input.item, jobFinished };
  if (await assembleDeliveries(trx, completion)) deps.onDeliveryCreated();
  deps.onValueRecorded?.({ job, item: input.item, credits: charged, jobFinished });
  return { recorded: true, jobFinished };
}

/** `recordValueResultWithin` in a transaction of its own; wakes waiters when the job ended. */
export async function recordValueResult(deps: RecordDeps, job: Job, input: ValueRecord): Promise<boolean> {
  const outcome = await deps.db
    .transaction()
    .execute((trx) => recordValueResultWithin(trx, deps, job, input));
  if (outcome.jobFinished) deps.events.jobEnded(job.id);
  return outcome.recorded;
}
