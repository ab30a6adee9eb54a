/**
 * Interval jobs after submission (decisions G5, spec 4.4 and 4.5): the update and delete of an
 * interval job. Its periods run as the `run_interval_job` task (`pipeline/tasks/tasks.interval-run.ts`).
 */
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import { releaseJobRemainder } from '../../accounts/credits/credits.service.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { isoNow } from '../../platform/lib/time.ts';
import { intervalSubmissionOf } from '../../pipeline/submissions/submissions.interval.ts';
import type { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';
import { getAccountJob, valueRows, type SubmitDeps } from '../../pipeline/submissions/submissions.service.ts';
import { scheduleIntervalRun } from '../../pipeline/tasks/tasks.interval-run.ts';
import { deleteBaselines } from '../../pipeline/changes/changes.repository.ts';
import {
  deleteJob,
  deleteJobValues,
  deleteRuns,
  findJob,
  insertJobValues,
  lockRuns,
  updateJob,
} from '../../pipeline/work/work.repository.ts';
import type { Job } from '../../pipeline/work/work.table.ts';
import { presentJob } from './jobs.service.ts';

/** Deletes the runs of an interval job, releasing what unfinished runs still hold. */
async function deleteRunsReleasing(trx: Db, job: Job): Promise<void> {
  for (const run of await lockRuns(trx, job.id)) {
    if (run.status === 'new' || run.status === 'working')
      await releaseJobRemainder(trx, job.account_id, run.id);
  }
  await deleteRuns(trx, job.id);
}

function requireInterval(job: Job): void {
  if (job.interval_minutes === null) throw new AppError('not_interval_job');
}

/**
 * `PUT /job/{id}` (spec 4.4): replaces values and parameters, clears every previous result and
 * starts a run now with the new settings.
 */
export async function updateIntervalJob(
  deps: Pick<SubmitDeps, 'db' | 'catalogue' | 'queue'>,
  account: Account,
  jobId: string,
  changes: Partial<SubmissionBody>,
): Promise<{ error: false; job: Record<string, unknown> }> {
  const job = await getAccountJob(deps, account, jobId);
  requireInterval(job);
  const submission = await intervalSubmissionOf(deps, job, changes);
  const now = isoNow();
  await deps.db.transaction().execute(async (trx) => {
    await deleteRunsReleasing(trx, job);
    await updateJob(trx, job.id, {
      topic: submission.topic,
      max_pages: submission.maxPages,
      max_age: submission.maxAgeSeconds,
      sort_by: submission.sortBy,
      timeout_minutes: submission.timeoutMinutes,
      values_total: submission.values.length,
      next_run_at: now,
      deliver: submission.deliver,
    });
    // Previous results are cleared (spec 4.4), the figures changes compare with among them (G40).
    await deleteBaselines(trx, job.id);
    await deleteJobValues(trx, job.id);
    await insertJobValues(
      trx,
      valueRows(job.id, submission).map((row) => ({ ...row, status: 'template' as const })),
    );
    await scheduleIntervalRun(deps, trx, job.id, now);
  });
  return { error: false, job: await presentJob(deps, (await findJob(deps.db, job.id)) ?? job) };
}

/** `DELETE /job/{id}` (spec 4.5): the interval job and all its runs and results, for good. */
export async function deleteIntervalJob(
  deps: Pick<SubmitDeps, 'db'>,
  account: Account,
  jobId: string,
): Promise<{ error: false; message: string }> {
  const job = await getAccountJob(deps, account, jobId);
  requireInterval(job);
  await deps.db.transaction().execute(async (trx) => {
    await deleteRunsReleasing(trx, job);
    await deleteJob(trx, job.id);
  });
  return { error: false, message: 'job deleted' };
}
