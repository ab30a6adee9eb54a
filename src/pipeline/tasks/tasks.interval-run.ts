/**
 * Interval jobs' periods (decisions G5): the `run_interval_job` task starts each period's run
 * (unless the previous one is still working) and schedules the next period.
 */
import { Type } from '@sinclair/typebox';
import { findAccountById } from '../../accounts/accounts/accounts.repository.ts';
import type { Db } from '../../platform/db/database.ts';
import { toAppError } from '../../platform/errors/app-error.ts';
import { isoPlus } from '../../platform/lib/time.ts';
import type { WorkQueue } from '../queue/queue.types.ts';
import { findJob, findLatestRun, updateJob } from '../work/work.repository.ts';
import { defineTask, taskSpec } from './tasks.types.ts';

/**
 * Task `run_interval_job`: starts the period of `jobId` due at `runAt`. A task made stale by an
 * update (`PUT /job/{id}`) finds another `next_run_at` and does nothing.
 */
export const INTERVAL_RUN_TASK = defineTask({
  name: 'run_interval_job',
  payload: Type.Object({ jobId: Type.String(), runAt: Type.String() }),
  async run({ jobId, runAt }, helpers) {
    const { db } = helpers;
    const job = await findJob(db, jobId);
    if (!job || job.interval_minutes === null || job.next_run_at !== runAt) return;
    const latest = await findLatestRun(db, jobId);
    const previousStillRunning = latest && (latest.status === 'new' || latest.status === 'working');
    const account = await findAccountById(db, job.account_id);
    let runError: string | null = null;
    if (!account) runError = 'account not found';
    if (account && !previousStillRunning) {
      try {
        await helpers.startIntervalRun(job, account);
      } catch (error) {
        // A period that cannot run (credits, subscription) is skipped; the schedule goes on, and the
        // user sees why on `GET /job/{id}` until a later run starts.
        helpers.logger.warn({ jobId, err: error }, 'interval run skipped');
        runError = `run of ${runAt} skipped: ${toAppError(error).message}`;
      }
    }
    const nextRunAt = isoPlus(runAt, job.interval_minutes * 60_000);
    // A period skipped because the previous run still works is no error and leaves the last one.
    const lastRunError = previousStillRunning ? job.last_run_error : runError;
    await db.transaction().execute(async (trx) => {
      await updateJob(trx, jobId, { next_run_at: nextRunAt, last_run_error: lastRunError });
      await scheduleIntervalRun(helpers, trx, jobId, nextRunAt);
    });
  },
});

/** Queues the period of `jobId` due at `runAtIso`, once (a repeated schedule is deduplicated). */
export function scheduleIntervalRun(deps: { queue: WorkQueue }, trx: Db, jobId: string, runAtIso: string) {
  const spec = taskSpec(
    INTERVAL_RUN_TASK,
    { jobId, runAt: runAtIso },
    { runAt: new Date(runAtIso), dedupeKey: `interval:${jobId}:${runAtIso}` },
  );
  return deps.queue.add([spec], trx);
}
