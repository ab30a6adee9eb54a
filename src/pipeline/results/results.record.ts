/**
 * Recording values' results: write them, settle their credits, advance the job and hand them to
 * the deliveries, all in one transaction per group of values (a group commit; one value is a group
 * of one). Jobs (submission of malformed values), the crawl tasks and the
 * observation cache all record through here; nothing here knows who called.
 */
import { assembleDeliveries } from '../deliveries/deliveries.assembly.ts';
import { recordChanges } from '../changes/changes.record.ts';
import { releaseJobRemainder, settleValuesCredits } from '../../accounts/credits/credits.service.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import type { JobEvents } from '../work/work.events.ts';
import {
  completePendingValues,
  incrementJobCounters,
  listPendingIndexes,
  lockJobCounters,
  setValueCredits,
} from '../work/work.completion.repository.ts';
import { endJob } from '../work/work.repository.ts';
import { groupCommitWritten } from './results.fault.ts';
import { yieldToEventLoop } from '../../platform/lib/chunks.ts';
import type { Job, ResultItem } from '../work/work.table.ts';

/** What recording needs from the process. */
export interface RecordDeps {
  db: Db;
  events: JobEvents;
  /** Told after a delivery was written (the sender may look sooner than its next poll). */
  onDeliveryCreated: () => void;
  /** Told of every value recorded, once its transaction committed (metrics, job-end log). */
  onValueRecorded?: (value: RecordedValue) => void;
}

/**
 * What `onValueRecorded` reads of a recorded value's result item. Only these fields are kept: a
 * submission of 100 000 malformed values holds its outcomes until its one transaction commits, and
 * whole items (query, content, trust) held that long were the bulk of its peak, promoted into V8's
 * old space (docs/performance.md, "Fourth round: memory").
 */
export type RecordedItem = Pick<ResultItem, 'success' | 'reason' | 'served_from'>;

/** What `onValueRecorded` learns about a value that was just recorded. */
export interface RecordedValue {
  job: Job;
  item: RecordedItem;
  /** Credits charged for the value. */
  credits: number;
  /**
   * On the job's last value: how the job ended, `failed` when `failJob` had ended it before
   * answering its remaining values.
   */
  jobEnded?: 'finished' | 'failed';
}

/** One value's result to record. */
export interface ValueRecord {
  index: number;
  item: ResultItem;
  cost: number;
  reservedShare: number;
  /** Rows written beside the value in its transaction, only if this call records it (see `besideRow`). */
  beside?: readonly BesideRow[];
}

/**
 * A row to write beside a recorded value (its observation, its receipt). The rows of a group's
 * values that share a `write` are written by one call of it, a multi-row statement instead of one
 * per value, in the order their kinds first appear in the group (the rows share no foreign key, so
 * the order between kinds does not matter).
 */
export interface BesideRow {
  readonly write: (trx: Db, rows: readonly never[]) => Promise<void>;
  readonly row: unknown;
}

/** A row to write beside a value, with the function that writes a group's rows of its kind. */
export function besideRow<Row>(write: (trx: Db, rows: readonly Row[]) => Promise<void>, row: Row): BesideRow {
  return { write: write as BesideRow['write'], row };
}

/** Writes the rows beside the recorded values, one call per kind of row. */
async function writeBeside(trx: Db, recorded: readonly ValueRecord[]): Promise<void> {
  const byKind = new Map<BesideRow['write'], unknown[]>();
  for (const { beside = [] } of recorded) {
    for (const { write, row } of beside) {
      const rows = byKind.get(write);
      if (rows) rows.push(row);
      else byKind.set(write, [row]);
    }
  }
  for (const [write, rows] of byKind) await write(trx, rows as never[]);
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
  /** The values this call recorded, for `onValueRecorded` once the transaction committed. */
  values: RecordedValue[];
}

/** Tells `onValueRecorded` of a group's values; call it after the group's transaction committed. */
export function reportRecorded(deps: Pick<RecordDeps, 'onValueRecorded'>, outcome: GroupOutcome): void {
  for (const value of outcome.values) deps.onValueRecorded?.(value);
}

/**
 * `reportRecorded` for many values (a submission's 100 000 malformed ones): in groups of
 * `groupSize` with a turn of the event loop between two, as every value updates the metrics.
 */
export async function reportRecordedInGroups(
  deps: Pick<RecordDeps, 'onValueRecorded'>,
  outcome: GroupOutcome,
  groupSize: number,
): Promise<void> {
  for (let start = 0; start < outcome.values.length; start += groupSize) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(outcome.values.length, start + groupSize);
    for (let index = start; index < end; index += 1) deps.onValueRecorded?.(outcome.values[index]!);
  }
}

/**
 * Records several values' results of one job inside the caller's transaction (a group commit):
 * the job row is locked first, the values still pending are completed with the next completion
 * sequences in one statement and the rows beside them written (one statement per kind), then the
 * job's counters advance once, their credits are settled under one account lock, the job ends
 * after its last value and the deliveries are assembled. A value recorded before (a re-run task, a
 * crash replay) changes nothing: that is what makes crashes and re-run tasks harmless.
 * The group-commit fault (`results.fault.ts`), when armed, pauses once the values are written.
 */
export async function recordValueResultsWithin(
  trx: Db,
  deps: Pick<RecordDeps, 'onDeliveryCreated'>,
  job: Job,
  inputs: readonly ValueRecord[],
): Promise<GroupOutcome> {
  if (inputs.length === 0) return { recorded: [], jobFinished: false, values: [] };
  const { values_done: doneBefore } = await lockJobCounters(trx, job.id);
  const pending = await listPendingIndexes(
    trx,
    job.id,
    inputs.map((input) => input.index),
  );
  // Sequences follow the inputs' order; a value listed twice is completed once.
  const recorded = inputs.map((input) => pending.delete(input.index));
  const fresh = inputs.filter((_, position) => recorded[position]);
  if (fresh.length === 0) return { recorded, jobFinished: false, values: [] };
  const completions = fresh.map((input, order) => ({
    index: input.index,
    sequence: doneBefore + 1 + order,
    success: input.item.success,
    reason: input.item.reason,
    result: JSON.stringify(input.item),
    credits: input.cost,
  }));
  const completed = await completePendingValues(trx, job.id, completions);
  // The job's lock is held: nobody can have completed one of them since they were listed.
  if (completed !== fresh.length) throw new Error(`completed ${completed} of ${fresh.length} pending values`);
  await writeBeside(trx, fresh);
  await groupCommitWritten(fresh.length);
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
  let jobEnded: RecordedValue['jobEnded'];
  if (jobFinished) {
    // A job that `failJob` ended before its last values were answered stays failed.
    jobEnded = (await endJob(trx, job.id, 'finished')) ? 'finished' : 'failed';
    await releaseJobRemainder(trx, job.account_id, job.id);
  }
  // decisions G40: what a `deliver: "changes"` run's delivery carries is decided with the results.
  await recordChanges(trx, job, fresh, new Date().toISOString());
  const delivered = fresh.map((input, order) => ({ sequence: firstSequence + order, item: input.item }));
  if (await assembleDeliveries(trx, { job, completions: delivered, jobFinished })) deps.onDeliveryCreated();
  const values = fresh.map((input, order) => ({
    job,
    item: { success: input.item.success, reason: input.item.reason, served_from: input.item.served_from },
    credits: charged[order] ?? 0,
    jobEnded: order === fresh.length - 1 ? jobEnded : undefined,
  }));
  return { recorded, jobFinished, values };
}

/** `recordValueResultsWithin` in a transaction of its own; wakes waiters when the job ended. */
export async function recordValueResults(
  deps: RecordDeps,
  job: Job,
  inputs: readonly ValueRecord[],
): Promise<GroupOutcome> {
  const outcome = await deps.db
    .transaction()
    .execute((trx) => recordValueResultsWithin(trx, deps, job, inputs));
  if (outcome.jobFinished) deps.events.jobEnded(job.id);
  reportRecorded(deps, outcome);
  return outcome;
}

/** One value recorded in a transaction of its own (a group of one); answers whether it recorded. */
export async function recordValueResult(deps: RecordDeps, job: Job, input: ValueRecord): Promise<boolean> {
  const outcome = await recordValueResults(deps, job, [input]);
  return outcome.recorded[0] === true;
}
