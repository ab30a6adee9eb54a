import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../app.deps.ts';
import { accountOf } from '../auth/auth.hook.ts';
import { AppError, invalid } from '../errors/app-error.ts';
import { resultsToCsv } from './jobs.csv.ts';
import { listJobResults } from './jobs.repository.ts';
import type { ResultItem } from './jobs.results.ts';
import { DownloadQuery, JobIdParams, JobStatusQuery, SubmissionBody } from './jobs.schema.ts';
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

async function readResults(deps: AppDeps, job: Job): Promise<ResultItem[]> {
  if (job.results_purged === 1) throw new AppError('results_expired');
  if (job.status !== 'finished' && job.status !== 'failed') throw new AppError('job_not_finished');
  const rows = await listJobResults(deps.db, job.id);
  return rows.map((row) => JSON.parse(row) as ResultItem);
}

/** The batch API of spec 4.1–4.3. */
export async function jobsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post('/job', { schema: { body: SubmissionBody } }, async (request) => {
    const account = accountOf(request);
    const submission = normalizeSubmission(request.body, 'batch', deps.catalogue);
    const { jobId } = await createJob(deps, account, submission, {
      idempotencyKey: idempotencyKeyOf(request.headers),
      fingerprint: requestFingerprint('batch', request.body),
    });
    if (submission.waitSeconds === null) {
      return { error: false, job: await presentJob(deps, await getAccountJob(deps, account, jobId)) };
    }
    const job = await waitForJobEnd(deps, account, jobId, submission.waitSeconds * 1000);
    if (job.status !== 'finished' && job.status !== 'failed') {
      return { error: false, wait_timed_out: true, job: await presentJob(deps, job) };
    }
    return { error: false, job: await presentJob(deps, job), results: await readResults(deps, job) };
  });

  routes.get(
    '/job/:id',
    { schema: { params: JobIdParams, querystring: JobStatusQuery } },
    async (request) => {
      const account = accountOf(request);
      const waitSeconds = request.query.wait;
      const job =
        waitSeconds === undefined
          ? await getAccountJob(deps, account, request.params.id)
          : await waitForJobEnd(deps, account, request.params.id, waitSeconds * 1000);
      const status = { _id: job.id, status: job.status, done: job.values_done, all: job.values_total };
      const ended = job.status === 'finished' || job.status === 'failed';
      return waitSeconds !== undefined && !ended
        ? { error: false, wait_timed_out: true, job: status }
        : { error: false, job: status };
    },
  );

  routes.get(
    '/job/:id/download',
    { schema: { params: JobIdParams, querystring: DownloadQuery } },
    async (request, reply) => {
      const account = accountOf(request);
      // spec 4.3: `/job/{id}/download.csv` is the same as `?format=csv`; the router sees `:id` then.
      const job = await getAccountJob(deps, account, request.params.id);
      const results = await readResults(deps, job);
      if (request.query.format === 'csv') return sendCsv(reply, job.id, results);
      return { error: false, job_id: job.id, status: job.status, results };
    },
  );

  routes.get('/job/:id/download.csv', { schema: { params: JobIdParams } }, async (request, reply) => {
    const job = await getAccountJob(deps, accountOf(request), request.params.id);
    return sendCsv(reply, job.id, await readResults(deps, job));
  });
}

function sendCsv(reply: FastifyReply, jobId: string, results: ResultItem[]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="job-${jobId}.csv"`)
    .send(resultsToCsv(results));
}
