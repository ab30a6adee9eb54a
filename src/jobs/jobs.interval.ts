import { findAccountById } from '../accounts/accounts.repository.ts';
import type { AppDeps } from '../app.deps.ts';
import { releaseJobRemainder } from '../credits/credits.service.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { isoNow, isoPlus } from '../lib/time.ts';
import { PermanentTaskError } from '../queue/queue.types.ts';
import type { SortBy } from '../sources/sources.types.ts';
import { insertJob, insertJobValues, findJob } from '../work/work.repository.ts';
import type { SubmissionBody } from './jobs.schema.ts';
import { createJob, valueRows } from './jobs.service.ts';
import { normalizeSubmission, type Submission } from '../submissions/submissions.rules.ts';
import type { Job } from '../work/work.table.ts';

/** Task name of an interval job's period. */
export const RUN_INTERVAL_TASK = 'run_interval_job';

/** Far enough that the retention cleaner never takes an interval job itself, only its runs. */
const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';

function scheduleRun(deps: Pick<AppDeps, 'queue'>, trx: Db, jobId: string, runAtIso: string) {
  return deps.queue.add(
    [
      {
        task: RUN_INTERVAL_TASK,
        payload: { jobId, runAt: runAtIso },
        runAt: new Date(runAtIso),
        dedupeKey: `interval:${jobId}:${runAtIso}`,
      },
    ],
    trx,
  );
}

/**
 * Writes an interval job (decisions G5) inside the submission transaction: the job row keeps the
 * parameters and its values as templates; each period a run (a job of its own) crawls them.
 */
export async function writeIntervalJob(
  trx: Db,
  deps: Pick<AppDeps, 'queue'>,
  job: Job,
  submission: Submission,
) {
  await insertJob(trx, { ...job, status: 'working', next_run_at: job.created_at, expires_at: NEVER_EXPIRES });
  await insertJobValues(
    trx,
    valueRows(job.id, submission).map((row) => ({ ...row, status: 'template' as const })),
  );
  await scheduleRun(deps, trx, job.id, job.created_at);
}

/** The submission an interval job's stored parameters and values amount to. */
async function submissionOf(
  deps: Pick<AppDeps, 'db' | 'catalogue'>,
  job: Job,
  overrides: Partial<SubmissionBody> = {},
) {
  const values = await deps.db
    .selectFrom('job_values')
    .select('value')
    .where('job_id', '=', job.id)
    .orderBy('idx')
    .execute();
  const body: SubmissionBody = {
    source: job.source,
    country: job.country,
    key: job.key,
    topic: job.topic,
    values: values.map((row) => row.value),
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

/** The most recent run of an interval job; with `ended`, the most recent that ended. */
export async function findLatestRun(db: Db, intervalJobId: string, ended = false): Promise<Job | undefined> {
  let query = db.selectFrom('jobs').selectAll().where('parent_id', '=', intervalJobId);
  if (ended) query = query.where('status', 'in', ['finished', 'failed']);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/**
 * Task `run_interval_job`: starts this period's run (unless the previous one is still working)
 * and schedules the next period. A task made stale by an update finds another `next_run_at`.
 */
export async function runIntervalJobTask(deps: AppDeps, payload: Record<string, unknown>): Promise<void> {
  const { jobId, runAt } = payload;
  if (typeof jobId !== 'string' || typeof runAt !== 'string')
    throw new PermanentTaskError('bad interval payload');
  const job = await findJob(deps.db, jobId);
  if (!job || job.interval_minutes === null || job.next_run_at !== runAt) return;
  const latest = await findLatestRun(deps.db, jobId);
  const previousStillRunning = latest && (latest.status === 'new' || latest.status === 'working');
  const account = await findAccountById(deps.db, job.account_id);
  if (account && !previousStillRunning) {
    try {
      await createJob(
        deps,
        account,
        { ...(await submissionOf(deps, job)), intervalMinutes: null },
        {
          fingerprint: '',
          // C3: a run's deliveries are signed with the secret returned when the interval job was made.
          extras: { parentId: job.id, ...(job.webhook_secret ? { webhookSecret: job.webhook_secret } : {}) },
        },
      );
    } catch (error) {
      // A period that cannot run (credits, subscription) is skipped; the schedule goes on.
      deps.logger.warn({ jobId, err: error }, 'interval run skipped');
    }
  }
  const nextRunAt = isoPlus(runAt, job.interval_minutes * 60_000);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('jobs')
      .set({ next_run_at: nextRunAt, updated_at: isoNow() })
      .where('id', '=', jobId)
      .execute();
    await scheduleRun(deps, trx, jobId, nextRunAt);
  });
}

/** Deletes the runs of an interval job, releasing what unfinished runs still hold. */
async function deleteRuns(trx: Db, job: Job): Promise<void> {
  const runs = await trx
    .selectFrom('jobs')
    .select(['id', 'status'])
    .where('parent_id', '=', job.id)
    .execute();
  for (const run of runs) {
    if (run.status === 'new' || run.status === 'working')
      await releaseJobRemainder(trx, job.account_id, run.id);
  }
  await trx.deleteFrom('jobs').where('parent_id', '=', job.id).execute();
}

function requireInterval(job: Job): void {
  if (job.interval_minutes === null) throw new AppError('not_interval_job');
}

/**
 * `PUT /job/{id}` (spec 4.4): replaces values and parameters, clears every previous result and
 * starts a run now with the new settings.
 */
export async function updateIntervalJob(
  deps: AppDeps,
  job: Job,
  changes: Partial<SubmissionBody>,
): Promise<Job> {
  requireInterval(job);
  const submission = await submissionOf(deps, job, changes);
  const now = isoNow();
  await deps.db.transaction().execute(async (trx) => {
    await deleteRuns(trx, job);
    await trx
      .updateTable('jobs')
      .set({
        topic: submission.topic,
        max_pages: submission.maxPages,
        max_age: submission.maxAgeSeconds,
        sort_by: submission.sortBy,
        timeout_minutes: submission.timeoutMinutes,
        values_total: submission.values.length,
        next_run_at: now,
        updated_at: now,
      })
      .where('id', '=', job.id)
      .execute();
    await trx.deleteFrom('job_values').where('job_id', '=', job.id).execute();
    await insertJobValues(
      trx,
      valueRows(job.id, submission).map((row) => ({ ...row, status: 'template' as const })),
    );
    await scheduleRun(deps, trx, job.id, now);
  });
  return (await findJob(deps.db, job.id)) ?? job;
}

/** `DELETE /job/{id}` (spec 4.5): the interval job and all its runs and results, for good. */
export async function deleteIntervalJob(deps: Pick<AppDeps, 'db'>, job: Job): Promise<void> {
  requireInterval(job);
  await deps.db.transaction().execute(async (trx) => {
    await deleteRuns(trx, job);
    await trx.deleteFrom('jobs').where('id', '=', job.id).execute();
  });
}
