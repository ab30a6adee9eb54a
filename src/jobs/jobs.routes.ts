import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app.deps.ts';
import { accountOf } from '../auth/auth.hook.ts';
import { AppError, invalid } from '../errors/app-error.ts';
import { assertCallbackAllowed } from '../webhooks/webhooks.callback-url.ts';
import { newWebhookSecret } from '../webhooks/webhooks.signature.ts';
import { resultsTable, resultsToCsv } from './jobs.csv.ts';
import { XLSX_CONTENT_TYPE, writeXlsx } from '../lib/xlsx.ts';
import { listJobResults } from './jobs.repository.ts';
import type { ResultItem } from './jobs.results.ts';
import { JOB_ROUTES } from './jobs.schema.ts';
import { deleteIntervalJob, findLatestRun, updateIntervalJob } from './jobs.interval.ts';
import { createJob, getAccountJob, presentJob, requestFingerprint, waitForJobEnd } from './jobs.service.ts';
import { normalizeSubmission } from './jobs.submission.ts';
import type { Job } from './jobs.table.ts';

/** Reads the optional `Idempotency-Key` header (decisions G26). */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) {
    throw invalid('Idempotency-Key header must be 1 to 255 characters');
  }
  return value;
}

async function readResults(deps: AppDeps, requested: Job): Promise<ResultItem[]> {
  // decisions G5: an interval job downloads its latest finished run.
  const job =
    requested.interval_minutes === null ? requested : await findLatestRun(deps.db, requested.id, true);
  if (!job) throw new AppError('job_not_finished');
  if (job.results_purged === 1) throw new AppError('results_expired');
  if (job.status !== 'finished' && job.status !== 'failed') throw new AppError('job_not_finished');
  const rows = await listJobResults(deps.db, job.id);
  return rows.map((row) => JSON.parse(row) as ResultItem);
}

/** The batch API of spec 4.1–4.3. */
export async function jobsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post('/job', { schema: JOB_ROUTES.submit }, async (request) => {
    const account = accountOf(request);
    const submission = normalizeSubmission(request.body, 'batch', deps.catalogue);
    // decisions G28 applies to a batch webhook too; its deliveries are signed like a stream's.
    if (submission.callbackUrl !== null) {
      await assertCallbackAllowed(deps.callbackPolicy, submission.callbackUrl);
    }
    const { jobId } = await createJob(deps, account, submission, {
      idempotencyKey: idempotencyKeyOf(request.headers),
      fingerprint: requestFingerprint('batch', request.body),
      extras: submission.callbackUrl === null ? {} : { webhookSecret: newWebhookSecret() },
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
      results: await readResults(deps, job),
      ...secret,
    };
  });

  routes.get('/job/:id', { schema: JOB_ROUTES.status }, async (request) => {
    const account = accountOf(request);
    const waitSeconds = request.query.wait;
    const requested = await getAccountJob(deps, account, request.params.id);
    // decisions G5: an interval job shows its latest run plus `interval` and `next_run_at`.
    const run = requested.interval_minutes === null ? requested : await findLatestRun(deps.db, requested.id);
    const job =
      waitSeconds === undefined || !run
        ? run
        : await waitForJobEnd(deps, account, run.id, waitSeconds * 1000);
    const status = {
      _id: requested.id,
      status: job?.status ?? 'new',
      done: job?.values_done ?? 0,
      all: job?.values_total ?? requested.values_total,
      ...(requested.interval_minutes === null
        ? {}
        : {
            interval: requested.interval_minutes,
            next_run_at: requested.next_run_at,
            run_id: job?.id ?? null,
          }),
    };
    const ended = job?.status === 'finished' || job?.status === 'failed';
    return waitSeconds !== undefined && !ended
      ? { error: false, wait_timed_out: true, job: status }
      : { error: false, job: status };
  });

  routes.put('/job/:id', { schema: JOB_ROUTES.update }, async (request) => {
    const job = await getAccountJob(deps, accountOf(request), request.params.id);
    const updated = await updateIntervalJob(deps, job, request.body);
    return { error: false, job: await presentJob(deps, updated) };
  });

  routes.delete('/job/:id', { schema: JOB_ROUTES.delete }, async (request) => {
    const job = await getAccountJob(deps, accountOf(request), request.params.id);
    await deleteIntervalJob(deps, job);
    return { error: false, message: 'job deleted' };
  });

  routes.get('/job/:id/download', { schema: JOB_ROUTES.download }, async (request, reply) => {
    const account = accountOf(request);
    const job = await getAccountJob(deps, account, request.params.id);
    const results = await readResults(deps, job);
    if (request.query.format === 'csv') return sendCsv(reply, job.id, results);
    if (request.query.format === 'xlsx') return sendXlsx(reply, job.id, results);
    return { error: false, job_id: job.id, status: job.status, results };
  });

  // spec 4.3: `/job/{id}/download.csv` is the same as `?format=csv` (and `.xlsx` as `?format=xlsx`).
  routes.get('/job/:id/download.csv', { schema: JOB_ROUTES.downloadCsv }, async (request, reply) => {
    const job = await getAccountJob(deps, accountOf(request), request.params.id);
    return sendCsv(reply, job.id, await readResults(deps, job));
  });

  routes.get('/job/:id/download.xlsx', { schema: JOB_ROUTES.downloadXlsx }, async (request, reply) => {
    const job = await getAccountJob(deps, accountOf(request), request.params.id);
    return sendXlsx(reply, job.id, await readResults(deps, job));
  });
}

function sendCsv(reply: FastifyReply, jobId: string, results: ResultItem[]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="job-${jobId}.csv"`)
    .send(resultsToCsv(results));
}

async function sendXlsx(reply: FastifyReply, jobId: string, results: ResultItem[]) {
  const { columns, rows } = resultsTable(results);
  return reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="job-${jobId}.xlsx"`)
    .send(await writeXlsx('results', columns, rows));
}
