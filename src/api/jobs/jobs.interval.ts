/**
 * Interval jobs after submission (decisions G5, spec 4.4 and 4.5): the `run_interval_job` task that
 * starts each period's run, and the update and delete of an interval job.
 */
import { findAccountById } from '../../accounts/accounts/accounts.repository.ts';
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import type { Logger } from 'pino';
import { releaseJobRemainder } from '../../accounts/credits/credits.service.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, toAppError } from '../../platform/errors/app-error.ts';
import { isoNow, isoPlus } from '../../platform/lib/time.ts';
import { PermanentTaskError } from '../../pipeline/queue/queue.types.ts';
import type { SortBy } from '../../crawl/vocabulary/sources.types.ts';
import { scheduleIntervalRun } from '../../pipeline/submissions/submissions.interval.ts';
import { normalizeSubmission } from '../../pipeline/submissions/submissions.rules.ts';
import type { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';
import {
  createJob,
  getAccountJob,
  valueRows,
  type SubmitDeps,
} from '../../pipeline/submissions/submissions.service.ts';
import {
  deleteJob,
  deleteJobValues,
  deleteRuns,
  findJob,
  findLatestRun,
  insertJobValues,
  listJobValueStrings,
  lockRuns,
  updateJob,
} from '../../pipeline/work/work.repository.ts';
import type { Job } from '../../pipeline/work/work.table.ts';
import { presentJob } from './jobs.service.ts';

/** The submission an interval job's stored parameters and values amount to. */
async function submissionOf(
  deps: Pick<SubmitDeps, 'db' | 'catalogue'>,
  job: Job,
  overrides: Partial<SubmissionBody> = {},
) {
  const body: SubmissionBody = {
    source: job.source,
    country: job.country,
    key: job.key,
    topic: job.topic,
    values: await listJobValueStrings(deps.db, job.id),
    max_pages: job.max_pages,
    max_age: job.max_age,
    sort_by: job.sort_by as SortBy,
    timeout: job.timeout_minutes,
    not_found_max_age: job.not_found_max_age,
    include_meta: job.include_meta === 1,
    fetch_seller_names: job.fetch_seller_names === 1,
    interval: job.interval_minutes ?? undefined,
    ...(job.callback_url ? { callback_url: job.callback_url } : {}),
    ...overrides,
  };
  return normalizeSubmission(body, 'batch', deps.catalogue);
}

/**
 * Task `run_interval_job`: starts this period's run (unless the previous one is still working)
 * and schedules the next period. A task made stale by an update finds another `next_run_at`.
 */
export async function runIntervalJobTask(
  deps: SubmitDeps & { logger: Logger },
  payload: Record<string, unknown>,
): Promise<void> {
  const { jobId, runAt } = payload;
  if (typeof jobId !== 'string' || typeof runAt !== 'string')
    throw new PermanentTaskError('bad interval payload');
  const job = await findJob(deps.db, jobId);
  if (!job || job.interval_minutes === null || job.next_run_at !== runAt) return;
  const latest = await findLatestRun(deps.db, jobId);
  const previousStillRunning = latest && (latest.status === 'new' || latest.status === 'working');
  const account = await findAccountById(deps.db, job.account_id);
  let runError: string | null = null;
  if (!account) runError = 'account not found';
  if (account && !previousStillRunning) {
    try {
      await createJob(
        deps,
        account,
        { ...(await submissionOf(deps, job)), intervalMinutes: null },
        {
          // C3: a run's deliveries are signed with the secret returned when the interval job was made.
          extras: { parentId: job.id, ...(job.webhook_secret ? { webhookSecret: job.webhook_secret } : {}) },
        },
      );
    } catch (error) {
      // A period that cannot run (credits, subscription) is skipped; the schedule goes on, and the
      // user sees why on `GET /job/{id}` until a later run starts.
      deps.logger.warn({ jobId, err: error }, 'interval run skipped');
      runError = `run of ${runAt} skipped: ${toAppError(error).message}`;
    }
  }
  const nextRunAt = isoPlus(runAt, job.interval_minutes * 60_000);
  // A period skipped because the previous run still works is no error and leaves the last one.
  const lastRunError = previousStillRunning ? job.last_run_error : runError;
  await deps.db.transaction().execute(async (trx) => {
    await updateJob(trx, jobId, { next_run_at: nextRunAt, last_run_error: lastRunError });
    await scheduleIntervalRun(deps, trx, jobId, nextRunAt);
  });
}

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
  const submission = await submissionOf(deps, job, changes);
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
    });
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
