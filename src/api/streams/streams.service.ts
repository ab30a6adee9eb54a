/**
 * The Stream API (spec 2.7, 4.6–4.11; decisions G6–G8, G26, G28): submission with a webhook secret,
 * progress, results in completion order, delivery records and replays.
 */
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, invalid } from '../../platform/errors/app-error.ts';
import type { ResultItem } from '../../pipeline/work/work.table.ts';
import type { IdempotencyClaim } from '../../pipeline/submissions/submissions.idempotency.ts';
import type { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';
import {
  assertSubscribed,
  createJob,
  getAccountJob,
  type SubmitDeps,
} from '../../pipeline/submissions/submissions.service.ts';
import { normalizeSubmission } from '../../pipeline/submissions/submissions.rules.ts';
import { findJob, listResultsBySequence } from '../../pipeline/work/work.repository.ts';
import type { Job } from '../../pipeline/work/work.table.ts';
import { assertCallbackAllowed, type CallbackPolicy } from '../../pipeline/webhooks/webhooks.callback-url.ts';
import {
  countDeliveriesByStatus,
  findStreamState,
  findDeliveryByBatch,
} from '../../pipeline/deliveries/deliveries.repository.ts';
import { newWebhookSecret } from '../../pipeline/webhooks/webhooks.signature.ts';

/** What the Stream API needs from the process. */
export interface StreamsDeps extends SubmitDeps {
  /** Which webhook hosts may be called (decisions G28), from `CALLBACK_ALLOW_HOSTS`. */
  callbackPolicy: CallbackPolicy;
  config: Pick<Config, 'resultRetentionHours' | 'streamBodyLimitBytes'>;
}

/**
 * Creates a stream job (spec 4.6). The secret is shown in this answer only; a repeated request with
 * the same Idempotency-Key and body is answered the same, secret included (it is the same answer
 * to the same caller, and without it the job could not be verified).
 */
export async function submitStream(
  deps: StreamsDeps,
  account: Account,
  body: SubmissionBody,
  claim: IdempotencyClaim | undefined,
): Promise<{ error: false; job_id: string; webhook_secret: string; client_ref: string | null }> {
  const submission = await normalizeSubmission(body, 'stream', deps.catalogue);
  // Entitlement first (C2): nothing about the callback is resolved for a pair the account may not use.
  await assertSubscribed(deps, account, submission.source, submission.country);
  await assertCallbackAllowed(deps.callbackPolicy, submission.callbackUrl ?? '');
  const secret = newWebhookSecret();
  const { jobId, replayed } = await createJob(deps, account, submission, {
    ...(claim ? { claim } : {}),
    extras: { webhookSecret: secret, answerPending: true },
  });
  const job = replayed ? await findJob(deps.db, jobId) : undefined;
  return {
    error: false,
    job_id: jobId,
    webhook_secret: job?.webhook_secret ?? secret,
    client_ref: job ? job.client_ref : submission.clientRef,
  };
}

/** The caller's stream job; a batch job id is as unknown here as any other (G11). */
export async function getStreamJob(deps: { db: Db }, account: Account, jobId: string): Promise<Job> {
  const job = await getAccountJob(deps, account, jobId);
  if (job.kind !== 'stream') throw new AppError('job_not_found');
  return job;
}

/** Progress of a stream (decisions G6). */
export async function presentStreamStatus(deps: { db: Db }, job: Job): Promise<Record<string, unknown>> {
  const state = await findStreamState(deps.db, job.id);
  return {
    error: false,
    job_id: job.id,
    status: job.status,
    values_total: job.values_total,
    values_done: job.values_done,
    values_errors: job.values_errors,
    is_final: state?.finalized === 1,
    batches_emitted: state ? state.next_batch_sequence - 1 : 0,
    deliveries: await countDeliveriesByStatus(deps.db, job.id),
    client_ref: job.client_ref,
    createdAt: job.created_at,
    updatedAt: job.updated_at,
  };
}

/**
 * A page of results (spec 2.7, 4.8): `offset`/`limit` over completion order, which only ever
 * appends, or with `batch` exactly what delivery `batch` carried (decisions C6).
 */
export async function resultsPage(
  deps: { db: Db },
  job: Job,
  query: { offset: number; limit: number; batch?: number },
): Promise<Record<string, unknown>> {
  if (job.results_purged === 1) throw new AppError('results_expired');
  let fromSeq = query.offset + 1;
  let toSeq = query.offset + query.limit;
  if (query.batch !== undefined) {
    const delivery = await findDeliveryByBatch(deps.db, job.id, query.batch);
    if (!delivery) throw invalid(`batch ${query.batch} does not exist (yet) for this job`);
    fromSeq = delivery.first_seq;
    toSeq = delivery.last_seq;
  }
  const rows = await listResultsBySequence(deps.db, job.id, fromSeq, toSeq);
  const state = await findStreamState(deps.db, job.id);
  return {
    error: false,
    job_id: job.id,
    values_total: job.values_total,
    values_done: job.values_done,
    values_errors: job.values_errors,
    is_final: state?.finalized === 1,
    ...(query.batch !== undefined ? { batch: query.batch } : {}),
    offset: fromSeq - 1,
    limit: query.batch !== undefined ? Math.max(0, toSeq - fromSeq + 1) : query.limit,
    count: rows.length,
    results: rows.map((row) => ({
      _id: `${job.id}-${row.idx}`,
      result: row.result === null ? null : (JSON.parse(row.result) as ResultItem),
      source: job.source,
      country: job.country,
      index: row.idx,
      completed_at: row.completed_at,
    })),
  };
}
