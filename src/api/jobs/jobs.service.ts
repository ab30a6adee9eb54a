/**
 * The batch API (spec 2.1–2.3, 4.1–4.5): submission, the status view, and reading results with
 * their expiry. Routes parse and shape; everything they answer comes from here.
 */
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { IdempotencyClaim } from '../../pipeline/submissions/submissions.idempotency.ts';
import { normalizeSubmission } from '../../pipeline/submissions/submissions.rules.ts';
import type { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';
import {
  assertSubscribed,
  createJob,
  getAccountJob,
  type SubmitDeps,
} from '../../pipeline/submissions/submissions.service.ts';
import { assertCallbackAllowed, type CallbackPolicy } from '../../pipeline/webhooks/webhooks.callback-url.ts';
import { newWebhookSecret } from '../../pipeline/webhooks/webhooks.signature.ts';
import { findLatestRun, listJobResults, listJobValueStrings } from '../../pipeline/work/work.repository.ts';
import type { Job, ResultItem } from '../../pipeline/work/work.table.ts';

/** What the batch API needs from the process. */
export interface JobsDeps extends SubmitDeps {
  /** Which webhook hosts may be called (decisions G28), from `CALLBACK_ALLOW_HOSTS`. */
  callbackPolicy: CallbackPolicy;
}

/** The answer of `POST /job` (spec 4.1). */
export type SubmitJobAnswer = {
  error: false;
  job: Record<string, unknown>;
  wait_timed_out?: true;
  results?: ResultItem[];
  webhook_secret?: string;
};

/**
 * `POST /job`: creates the job (or answers the one its Idempotency-Key made) and, with `wait`,
 * waits for it and answers its results too.
 */
export async function submitJob(
  deps: JobsDeps,
  account: Account,
  body: SubmissionBody,
  claim: IdempotencyClaim | undefined,
): Promise<SubmitJobAnswer> {
  const submission = await normalizeSubmission(body, 'batch', deps.catalogue);
  // Entitlement first (C2): nothing about the callback is resolved for a pair the account may not use.
  await assertSubscribed(deps, account, submission.source, submission.country);
  // decisions G28 applies to a batch webhook too; its deliveries are signed like a stream's.
  if (submission.callbackUrl !== null) {
    await assertCallbackAllowed(deps.callbackPolicy, submission.callbackUrl);
  }
  const { jobId } = await createJob(deps, account, submission, {
    ...(claim ? { claim } : {}),
    extras: submission.callbackUrl === null ? {} : { webhookSecret: newWebhookSecret(), answerPending: true },
  });
  const created = await getAccountJob(deps, account, jobId);
  const secret = created.webhook_secret === null ? {} : { webhook_secret: created.webhook_secret };
  if (submission.waitSeconds === null) {
    return { error: false, job: await presentJob(deps, created), ...secret };
  }
  const job = await waitForJobEnd(deps, account, jobId, submission.waitSeconds * 1000);
  if (job.status !== 'finished' && job.status !== 'failed') {
    return { error: false, wait_timed_out: true, job: await presentJob(deps, job), ...secret };
  }
  return {
    error: false,
    job: await presentJob(deps, job),
    results: await readJobResults(deps, job),
    ...secret,
  };
}

/**
 * `GET /job/{id}` (spec 4.2): progress, after waiting up to `waitSeconds` for the end when asked.
 * An interval job shows its latest run plus `interval` and `next_run_at` (decisions G5).
 */
export async function jobStatusView(
  deps: Pick<JobsDeps, 'db' | 'events'>,
  account: Account,
  jobId: string,
  waitSeconds: number | undefined,
): Promise<{ error: false; wait_timed_out?: true; job: Record<string, unknown> }> {
  const requested = await getAccountJob(deps, account, jobId);
  const run = requested.interval_minutes === null ? requested : await findLatestRun(deps.db, requested.id);
  const job =
    waitSeconds === undefined || !run ? run : await waitForJobEnd(deps, account, run.id, waitSeconds * 1000);
  const status = {
    _id: requested.id,
    status: job?.status ?? 'new',
    done: job?.values_done ?? 0,
    all: job?.values_total ?? requested.values_total,
    // Why the job (or the run shown) ended `failed`: its work could not go on (spec 3.1).
    ...(job?.status === 'failed' ? { failure_reason: job.failure_reason } : {}),
    ...(requested.interval_minutes === null
      ? {}
      : {
          interval: requested.interval_minutes,
          next_run_at: requested.next_run_at,
          run_id: job?.id ?? null,
          last_run_error: requested.last_run_error,
        }),
  };
  const ended = job?.status === 'finished' || job?.status === 'failed';
  return waitSeconds !== undefined && !ended
    ? { error: false, wait_timed_out: true, job: status }
    : { error: false, job: status };
}

/**
 * The job whose results a download of `requested` serves: the job itself, or an interval job's
 * latest ended run (decisions G5). `results_expired` once retention purged them, `job_not_finished`
 * before the end.
 */
async function endedJobServing(deps: Pick<JobsDeps, 'db'>, requested: Job): Promise<Job> {
  const job =
    requested.interval_minutes === null ? requested : await findLatestRun(deps.db, requested.id, true);
  if (!job) throw new AppError('job_not_finished');
  if (job.results_purged === 1) throw new AppError('results_expired');
  if (job.status !== 'finished' && job.status !== 'failed') throw new AppError('job_not_finished');
  return job;
}

async function readResultsOf(deps: Pick<JobsDeps, 'db'>, job: Job): Promise<ResultItem[]> {
  const rows = await listJobResults(deps.db, job.id);
  return rows.map((row) => JSON.parse(row) as ResultItem);
}

/** The results of an ended job (spec 4.3); an interval job's are those of its latest ended run. */
export async function readJobResults(deps: Pick<JobsDeps, 'db'>, requested: Job): Promise<ResultItem[]> {
  return readResultsOf(deps, await endedJobServing(deps, requested));
}

/**
 * `GET /job/{id}/download`: the caller's job, the status of the job the results come from (an
 * interval job's run, never the parent's own `working`) and the results.
 */
export async function downloadJob(
  deps: Pick<JobsDeps, 'db'>,
  account: Account,
  jobId: string,
): Promise<{ job: Job; status: Job['status']; results: ResultItem[] }> {
  const job = await getAccountJob(deps, account, jobId);
  const served = await endedJobServing(deps, job);
  return { job, status: served.status, results: await readResultsOf(deps, served) };
}

/** Waits until the job ends or `timeoutMs` passes; answers the job as it then is. */
export async function waitForJobEnd(
  deps: Pick<JobsDeps, 'db' | 'events'>,
  account: Account,
  jobId: string,
  timeoutMs: number,
): Promise<Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await getAccountJob(deps, account, jobId);
    const remainingMs = until - Date.now();
    if (job.status === 'finished' || job.status === 'failed' || remainingMs <= 0) return job;
    await deps.events.waitForEnd(jobId, Math.min(remainingMs, 500));
  }
}

/** The job object of spec 2.2 with every effective parameter echoed. */
export async function presentJob(deps: Pick<JobsDeps, 'db'>, job: Job): Promise<Record<string, unknown>> {
  return {
    _id: job.id,
    source: job.source,
    country: job.country,
    key: job.key,
    topic: job.topic,
    values: await listJobValueStrings(deps.db, job.id),
    max_pages: job.max_pages,
    max_age: job.max_age,
    sort_by: job.sort_by,
    timeout: job.timeout_minutes,
    not_found_max_age: job.not_found_max_age,
    include_meta: job.include_meta === 1,
    fetch_seller_names: job.fetch_seller_names === 1,
    callback_url: job.callback_url,
    status: job.status,
    ...(job.interval_minutes === null
      ? {}
      : { interval: job.interval_minutes, next_run_at: job.next_run_at, deliver: job.deliver }),
    createdAt: job.created_at,
    updatedAt: job.updated_at,
  };
}

/**
 * The caller's batch job (or interval run) for its delivery routes; a stream id is as unknown here as
 * any other (G11), as a batch id is on `/stream/{id}/...`.
 */
export async function getBatchJob(
  deps: Pick<SubmitDeps, 'db'>,
  account: Account,
  jobId: string,
): Promise<Job> {
  const job = await getAccountJob(deps, account, jobId);
  if (job.kind !== 'batch') throw new AppError('job_not_found');
  return job;
}
