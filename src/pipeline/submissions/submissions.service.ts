/**
 * Submission shared by `POST /job`, `POST /stream` and interval runs: the job row, its values, the
 * credit reservation, the queued work and the results of malformed values commit in one transaction.
 */
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import { hasSourceGrant } from '../../accounts/accounts/accounts.repository.ts';
import type { Config } from '../../config.ts';
import { reserveCredits } from '../../accounts/credits/credits.service.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { isObjectId, newObjectId } from '../../platform/lib/ids.ts';
import { isoPlus } from '../../platform/lib/time.ts';
import { CHUNK_ROWS, yieldToEventLoop } from '../../platform/lib/chunks.ts';
import { buildResultItem } from '../results/results.item.ts';
import {
  recordValueResultsWithin,
  reportRecordedInGroups,
  type GroupOutcome,
  type RecordDeps,
} from '../results/results.record.ts';
import { sameMarketplaceCountries, type SourceCatalogue } from '../../crawl/sources/sources.catalogue.ts';
import type { WorkQueue } from '../queue/queue.types.ts';
import { chunksOf, crawlChunkTaskSpec } from '../tasks/tasks.crawl-chunk.ts';
import { expireJobTaskSpec } from '../tasks/tasks.expire-job.ts';
import { findAccountJob, insertJob, insertJobValues } from '../work/work.repository.ts';
import type { Job, JobValue } from '../work/work.table.ts';
import { findAnsweredJob, recordClaim, type IdempotencyClaim } from './submissions.idempotency.ts';
import { intervalSubmissionOf, writeIntervalJob } from './submissions.interval.ts';
import { worstCaseCredits, type Submission } from './submissions.rules.ts';

/** What creating a job needs from the process. */
export interface SubmitDeps extends RecordDeps {
  queue: WorkQueue;
  catalogue: SourceCatalogue;
  config: Pick<Config, 'resultRetentionHours'>;
}

/** Extra columns a caller of `createJob` may set (webhook secret, interval run). */
export interface JobExtras {
  webhookSecret?: string;
  /** The interval job this job is a run of. */
  parentId?: string;
  /**
   * The caller writes an answer carrying the webhook secret: deliveries wait until it says the
   * answer was written (`markJobAnswered`), so no receiver is called before the submitter could know
   * the secret.
   */
  answerPending?: boolean;
}

/** decisions C2: enterprise accounts are limited to their listed pairs; self-serve have every source. */
export async function assertSubscribed(
  deps: Pick<SubmitDeps, 'db'>,
  account: Account,
  source: string,
  country: string,
) {
  if (account.plan !== 'enterprise') return;
  const granted = await hasSourceGrant(deps.db, account.id, source, sameMarketplaceCountries(country));
  if (!granted) throw new AppError('not_subscribed');
}

/**
 * Creates a job from a validated submission: job row, value rows, credit reservation and queued
 * work commit in one transaction, so a failure leaves nothing half-created. Answers the job id;
 * with an Idempotency-Key already used for the same request, the earlier job's id.
 */
export async function createJob(
  deps: SubmitDeps,
  account: Account,
  submission: Submission,
  options: { claim?: IdempotencyClaim; extras?: JobExtras } = {},
): Promise<{ jobId: string; replayed: boolean }> {
  const { claim } = options;
  await assertSubscribed(deps, account, submission.source, submission.country);
  const answered = claim && (await findAnsweredJob(deps.db, account.id, claim));
  if (answered) return { jobId: answered, replayed: true };
  const now = new Date();
  const jobId = newObjectId(now);
  const job = jobRow(deps, account, submission, jobId, now, options.extras);
  const usesMaxPages = deps.catalogue.get(submission.source)?.usesMaxPages ?? false;
  let invalidRecorded: GroupOutcome | undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (claim) await recordClaim(trx, account.id, claim, jobId);
      if (submission.intervalMinutes !== null) {
        await writeIntervalJob(trx, deps, job, valueRows(jobId, submission));
        return;
      }
      await reserveCredits(trx, account, jobId, worstCaseCredits(submission, usesMaxPages));
      await insertJob(trx, job);
      // The rows of one statement at a time: 100 000 row objects built at once lived through the
      // whole transaction, promoted into V8's old space (docs/performance.md, "Fourth round: memory").
      for (let start = 0; start < submission.values.length; start += CHUNK_ROWS) {
        await insertJobValues(trx, valueRows(jobId, submission, start, start + CHUNK_ROWS));
      }
      const valid = submission.values.flatMap((_, index) =>
        submission.invalidValues.has(index) ? [] : [index],
      );
      const crawlTasks = chunksOf(jobId, valid).map(crawlChunkTaskSpec);
      await deps.queue.add([...crawlTasks, expireJobTaskSpec(jobId, job.deadline_at)], trx);
      invalidRecorded = await recordInvalidValues(trx, deps, job, submission);
    });
  } catch (error) {
    // Two identical requests raced on the same key: the loser answers the winner's job.
    const winner = claim && (await findAnsweredJob(deps.db, account.id, claim));
    if (winner && winner !== jobId) return { jobId: winner, replayed: true };
    throw error;
  }
  if (invalidRecorded) await reportRecordedInGroups(deps, invalidRecorded, INVALID_RECORD_CHUNK);
  if (submission.intervalMinutes === null && submission.invalidValues.size === submission.values.length) {
    deps.events.jobEnded(jobId);
  }
  return { jobId, replayed: false };
}

/**
 * Starts a run of interval job `job` for `account` (the `run_interval_job` task calls it): a batch
 * job of the interval job's values and parameters, its deliveries signed with the interval job's
 * secret (decisions C3).
 */
export async function startIntervalRun(deps: SubmitDeps, job: Job, account: Account): Promise<void> {
  const submission = { ...(await intervalSubmissionOf(deps, job)), intervalMinutes: null };
  const webhookSecret = job.webhook_secret ? { webhookSecret: job.webhook_secret } : {};
  await createJob(deps, account, submission, { extras: { parentId: job.id, ...webhookSecret } });
}

function jobRow(
  deps: Pick<SubmitDeps, 'config'>,
  account: Account,
  s: Submission,
  jobId: string,
  now: Date,
  extras?: JobExtras,
): Job {
  const createdAt = now.toISOString();
  return {
    id: jobId,
    account_id: account.id,
    kind: s.kind,
    source: s.source,
    country: s.country,
    key: s.key,
    topic: s.topic,
    max_pages: s.maxPages,
    max_age: s.maxAgeSeconds,
    sort_by: s.sortBy,
    timeout_minutes: s.timeoutMinutes,
    not_found_max_age: s.notFoundMaxAgeDays,
    include_meta: s.includeMeta ? 1 : 0,
    fetch_seller_names: s.fetchSellerNames ? 1 : 0,
    callback_url: s.callbackUrl,
    client_ref: s.clientRef,
    delivery_batch_size: s.kind === 'stream' ? s.deliveryBatchSize : null,
    webhook_secret: extras?.webhookSecret ?? null,
    interval_minutes: s.intervalMinutes,
    next_run_at: null,
    status: 'new',
    values_total: s.values.length,
    values_done: 0,
    values_errors: 0,
    credits_reserved: 0,
    created_at: createdAt,
    updated_at: createdAt,
    started_at: null,
    finished_at: null,
    deadline_at: isoPlus(now, s.timeoutMinutes * 60_000),
    expires_at: isoPlus(now, deps.config.resultRetentionHours * 3600_000),
    results_purged: 0,
    parent_id: extras?.parentId ?? null,
    failure_reason: null,
    last_run_error: null,
    deliver: s.deliver,
    answer_pending: extras?.answerPending === true && s.callbackUrl !== null ? 1 : 0,
  };
}

/** The value rows of a job (those from `start` to before `end`), all pending, in submission order. */
export function valueRows(
  jobId: string,
  submission: Submission,
  start = 0,
  end = submission.values.length,
): JobValue[] {
  return submission.values.slice(start, end).map((value, offset) => ({
    job_id: jobId,
    idx: start + offset,
    value,
    status: 'pending',
    success: null,
    reason: null,
    result: null,
    credits: 0,
    completion_seq: null,
    completed_at: null,
  }));
}

/** Malformed values whose results are built and written between two turns of the event loop. */
export const INVALID_RECORD_CHUNK = 1000;

/**
 * Malformed values get their `parameter_invalid` result at once (decisions G22), recorded in groups
 * of {@link INVALID_RECORD_CHUNK} with a yield to the event loop after each (issue 22, point 3):
 * building, serialising and writing 100 000 of them in one go held every other request for seconds.
 */
async function recordInvalidValues(
  trx: Db,
  deps: Pick<SubmitDeps, 'onDeliveryCreated'>,
  job: Job,
  submission: Submission,
): Promise<GroupOutcome> {
  const indexes = [...submission.invalidValues.keys()];
  const outcome: GroupOutcome = { recorded: [], jobFinished: false, values: [] };
  for (let start = 0; start < indexes.length; start += INVALID_RECORD_CHUNK) {
    const chunk = indexes.slice(start, start + INVALID_RECORD_CHUNK);
    const part = await recordValueResultsWithin(trx, deps, job, invalidInputs(submission, chunk));
    outcome.recorded.push(...part.recorded);
    outcome.values.push(...part.values);
    outcome.jobFinished ||= part.jobFinished;
    await yieldToEventLoop();
  }
  return outcome;
}

/** The `parameter_invalid` result of each malformed value at `indexes`. */
function invalidInputs(submission: Submission, indexes: readonly number[]) {
  const now = new Date();
  return indexes.map((index) => {
    const query = {
      source: submission.source,
      country: submission.country,
      key: submission.key,
      topic: submission.topic,
      value: submission.values[index] ?? '',
      maxPages: submission.maxPages,
      sortBy: submission.sortBy,
      fetchSellerNames: submission.fetchSellerNames,
    };
    const item = buildResultItem(
      query,
      { kind: 'invalid', problem: submission.invalidValues.get(index) ?? '' },
      {
        includeMeta: submission.includeMeta,
        now,
      },
    );
    return { index, item, cost: 0, reservedShare: 0 };
  });
}

/** The caller's job, or 404 `job not found` for unknown, foreign or malformed ids (G11). */
export async function getAccountJob(
  deps: Pick<SubmitDeps, 'db'>,
  account: Account,
  jobId: string,
): Promise<Job> {
  const job = isObjectId(jobId) ? await findAccountJob(deps.db, account.id, jobId) : undefined;
  if (!job) throw new AppError('job_not_found');
  return job;
}
