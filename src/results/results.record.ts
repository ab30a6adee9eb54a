/**
 * Recording values' results: write them, settle their credits, advance the job and hand them to
 * the deliveries, all in one transaction per group of values (a group commit; one value is a group
 * of one). Jobs (submission of malformed values), the crawl tasks and the
 * observation cache all record through here; nothing here knows who called.
 */
import { assembleDeliveries } from '../deliveries/deliveries.assembly.ts';
import { releaseJobRemainder, settleValuesCredits } from '../credits/credits.service.ts';
import type { Db } from '../db/database.ts';
import type { SourceCatalogue } from '../sources/sources.catalogue.ts';
import type { JobEvents } from '../work/work.events.ts';
import {
  completePendingValue,
  endJob,
  incrementJobCounters,
  lockJobCounters,
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
  /**
   * Test-only fault (`FAULT_GROUP_COMMIT`): called inside a group's transaction after each of its
   * `total` values was written; it may wait there to let a test kill the process mid-commit.
   */
  pauseInGroup?: (written: number, total: number) => Promise<void>;
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

/** What recording a group of values answers. */
export interface GroupOutcome {
  /** Per input, in order: whether this call recorded it (false: another run had recorded it). */
  recorded: boolean[];
  /** True when the group's last recorded value was the job's last. */
  jobFinished: boolean;
}

/** Work written beside a recorded value in the same transaction (its observation, its receipt). */
export type WriteBeside = (trx: Db, position: number) => Promise<void>;

/**
 * Records several values' results of one job inside the caller's transaction (a group commit):
 * the job row is locked first, each value is completed with the next completion sequence only if
 * still pending and `beside` writes what goes with it, then the job's counters advance once, their
 * credits are settled under one account lock, the job ends after its last value and the
 * deliveries are assembled. A value recorded before (a re-run task, a crash replay) changes
 * nothing: that is what makes crashes and re-run tasks harmless. `pauseInGroup`, when given, is
 * called after each value written (the group-commit fault hook, `FAULT_GROUP_COMMIT` in the README).
 */
export async function recordValueResultsWithin(
  trx: Db,
  deps: Pick<RecordDeps, 'onDeliveryCreated' | 'onValueRecorded' | 'pauseInGroup'>,
  job: Job,
  inputs: readonly ValueRecord[],
  beside?: WriteBeside,
): Promise<GroupOutcome> {
  const recorded: boolean[] = [];
  if (inputs.length === 0) return { recorded, jobFinished: false };
  const { values_done: doneBefore } = await lockJobCounters(trx, job.id);
  let sequence = doneBefore;
  for (const [position, input] of inputs.entries()) {
    const done = await completePendingValue(trx, {
      jobId: job.id,
      index: input.index,
      success: input.item.success,
      reason: input.item.reason,
      result: JSON.stringify(input.item),
      credits: input.cost,
      sequence: sequence + 1,
    });
    if (done) sequence += 1;
    recorded.push(done);
    if (done && beside) await beside(trx, position);
    await deps.pauseInGroup?.(position + 1, inputs.length);
  }
  const fresh = inputs.filter((_, position) => recorded[position]);
  if (fresh.length === 0) return { recorded, jobFinished: false };
  const failed = fresh.filter((input) => !input.item.success).length;
  const counters = await incrementJobCounters(trx, job.id, { done: fresh.length, failed });
  const charged = await settleValuesCredits(
    trx,
    job.account_id,
    job.id,
    fresh.map((input) => ({ valueIndex: input.index, reservedShare: input.reservedShare, cost: input.cost })),
  );
  const firstSequence = doneBefore + 1;
  for (const [order, input] of fresh.entries()) {
    // Spending room can cut a charge (docs/billing.md): the value records what was really charged.
    const credits = charged[order] ?? 0;
    if (credits !== input.cost) await setValueCredits(trx, job.id, input.index, credits);
  }
  const jobFinished = counters.values_done >= counters.values_total;
  if (jobFinished) {
    await endJob(trx, job.id, 'finished');
    await releaseJobRemainder(trx, job.account_id, job.id);
  }
  const completions = fresh.map((input, order) => ({ sequence: firstSequence + order, item: input.item }));
  if (await assembleDeliveries(trx, { job, completions, jobFinished })) deps.onDeliveryCreated();
  for (const [order, input] of fresh.entries()) {
    const last = order === fresh.length - 1;
    const credits = charged[order] ?? 0;
    deps.onValueRecorded?.({ job, item: input.item, credits, jobFinished: jobFinished && last });
  }
  return { recorded, jobFinished };
}

/** `recordValueResultsWithin` in a transaction of its own; wakes waiters when the job ended. */
export async function recordValueResults(
  deps: RecordDeps,
  job: Job,
  inputs: readonly ValueRecord[],
  beside?: WriteBeside,
): Promise<GroupOutcome> {
  const outcome = await deps.db
    .transaction()
    .execute((trx) => recordValueResultsWithin(trx, deps, job, inputs, beside));
  if (outcome.jobFinished) deps.events.jobEnded(job.id);
  return outcome;
}

/** One value recorded in a transaction of its own (a group of one); answers whether it recorded. */
export async function recordValueResult(deps: RecordDeps, job: Job, input: ValueRecord): Promise<boolean> {
  const outcome = await recordValueResults(deps, job, [input]);
  return outcome.recorded[0] === true;
}
