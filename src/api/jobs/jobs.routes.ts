import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../../accounts/accounts/accounts.table.ts';
import { accountOf } from '../../accounts/auth/auth.hook.ts';
import { XLSX_CONTENT_TYPE, writeXlsx } from '../../platform/lib/xlsx.ts';
import { claimOf } from '../../pipeline/submissions/submissions.idempotency.ts';
import type { ResultItem } from '../../pipeline/work/work.table.ts';
import { resultsTable, resultsToCsv } from './jobs.csv.ts';
import { deleteIntervalJob, updateIntervalJob } from './jobs.interval.ts';
import { answerGate, releaseAfterAnswer } from '../http/http.answer-gate.ts';
import { JOB_ROUTES } from './jobs.schema.ts';
import type { DeliveryStatus } from '../../pipeline/deliveries/deliveries.table.ts';
import { deliveriesPage, replayAll } from '../deliveries/deliveries.service.ts';
import {
  downloadJob,
  getBatchJob,
  jobStatusView,
  submitJob,
  type JobsDeps,
  type SubmitJobAnswer,
} from './jobs.service.ts';
import type { SubmissionBody } from '../../pipeline/submissions/submissions.schema.ts';

/** The batch API of spec 4.1–4.5: each route parses, calls one service function and shapes the answer. */
export async function jobsRoutes(app: FastifyInstance, deps: JobsDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.post('/job', { schema: JOB_ROUTES.submit, onResponse: answerGate(deps) }, async (request) =>
    submitJobAnswered(deps, request, accountOf(request), request.body),
  );

  routes.get('/job/:id', { schema: JOB_ROUTES.status }, async (request) =>
    jobStatusView(deps, accountOf(request), request.params.id, request.query.wait),
  );

  routes.put('/job/:id', { schema: JOB_ROUTES.update }, async (request) =>
    updateIntervalJob(deps, accountOf(request), request.params.id, request.body),
  );

  routes.delete('/job/:id', { schema: JOB_ROUTES.delete }, async (request) =>
    deleteIntervalJob(deps, accountOf(request), request.params.id),
  );

  routes.get('/job/:id/download', { schema: JOB_ROUTES.download }, async (request, reply) => {
    const { job, status, results } = await downloadJob(deps, accountOf(request), request.params.id);
    if (request.query.format === 'csv') return sendCsv(reply, job.id, results);
    if (request.query.format === 'xlsx') return sendXlsx(reply, job.id, results);
    return { error: false, job_id: job.id, status, results };
  });

  // spec 4.3: `/job/{id}/download.csv` is the same as `?format=csv` (and `.xlsx` as `?format=xlsx`).
  routes.get('/job/:id/download.csv', { schema: JOB_ROUTES.downloadCsv }, async (request, reply) => {
    const { job, results } = await downloadJob(deps, accountOf(request), request.params.id);
    return sendCsv(reply, job.id, results);
  });

  routes.get('/job/:id/download.xlsx', { schema: JOB_ROUTES.downloadXlsx }, async (request, reply) => {
    const { job, results } = await downloadJob(deps, accountOf(request), request.params.id);
    return sendXlsx(reply, job.id, results);
  });

  // A batch job's webhook deliveries get the stream's tools (issue 22): the same shapes as 4.9/4.10.
  routes.get('/job/:id/deliveries', { schema: JOB_ROUTES.deliveries }, async (request) =>
    deliveriesPage(
      deps,
      await getBatchJob(deps, accountOf(request), request.params.id),
      // The schema's enum admits only delivery states; TypeBox's Unsafe loses that in inference.
      request.query as { offset: number; limit: number; status?: DeliveryStatus },
    ),
  );

  routes.post('/job/:id/replay-all', { schema: JOB_ROUTES.replayAll }, async (request) =>
    replayAll(deps, await getBatchJob(deps, accountOf(request), request.params.id)),
  );
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

/**
 * `POST /job` and the dashboard's `POST /v1/account/jobs`: submits, and holds the job's deliveries
 * until this answer (which carries the webhook secret) is written; the route registers
 * `answerGate(deps)` as its `onResponse`.
 */
export async function submitJobAnswered(
  deps: JobsDeps,
  request: FastifyRequest,
  account: Account,
  body: SubmissionBody,
): Promise<SubmitJobAnswer> {
  const answer = await submitJob(deps, account, body, claimOf(request.headers, 'batch', body));
  if (answer.webhook_secret !== undefined) releaseAfterAnswer(request, String(answer.job._id));
  return answer;
}
