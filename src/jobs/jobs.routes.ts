import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../app.deps.ts';
import { accountOf } from '../auth/auth.hook.ts';
import { claimOf } from '../submissions/submissions.idempotency.ts';
import { SubmissionBody } from '../submissions/submissions.schema.ts';
import type { ResultItem } from '../work/work.table.ts';
import { resultsToCsv } from './jobs.csv.ts';
import { deleteIntervalJob, updateIntervalJob } from './jobs.interval.ts';
import { DownloadQuery, IntervalUpdateBody, JobIdParams, JobStatusQuery } from './jobs.schema.ts';
import { downloadJob, jobStatusView, submitJob } from './jobs.service.ts';

/** The batch API of spec 4.1–4.5: each route parses, calls one service function and shapes the answer. */
export async function jobsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post('/job', { schema: { body: SubmissionBody } }, async (request) =>
    submitJob(deps, accountOf(request), request.body, claimOf(request.headers, 'batch', request.body)),
  );

  routes.get('/job/:id', { schema: { params: JobIdParams, querystring: JobStatusQuery } }, async (request) =>
    jobStatusView(deps, accountOf(request), request.params.id, request.query.wait),
  );

  routes.put('/job/:id', { schema: { params: JobIdParams, body: IntervalUpdateBody } }, async (request) =>
    updateIntervalJob(deps, accountOf(request), request.params.id, request.body),
  );

  routes.delete('/job/:id', { schema: { params: JobIdParams } }, async (request) =>
    deleteIntervalJob(deps, accountOf(request), request.params.id),
  );

  routes.get(
    '/job/:id/download',
    { schema: { params: JobIdParams, querystring: DownloadQuery } },
    async (request, reply) => {
      // spec 4.3: `/job/{id}/download.csv` is the same as `?format=csv`; the router sees `:id` then.
      const { job, status, results } = await downloadJob(deps, accountOf(request), request.params.id);
      if (request.query.format === 'csv') return sendCsv(reply, job.id, results);
      return { error: false, job_id: job.id, status, results };
    },
  );

  routes.get('/job/:id/download.csv', { schema: { params: JobIdParams } }, async (request, reply) => {
    const { job, results } = await downloadJob(deps, accountOf(request), request.params.id);
    return sendCsv(reply, job.id, results);
  });
}

function sendCsv(reply: FastifyReply, jobId: string, results: ResultItem[]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="job-${jobId}.csv"`)
    .send(resultsToCsv(results));
}
